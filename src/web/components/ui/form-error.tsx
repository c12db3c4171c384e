import { Alert } from "@mantine/core";

/** A failure that no single field owns (network, conflict, size or type, server), shown above the button. */
export function FormError({ error, title }: { error: Error | null; title: string }) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert" title={title}>
      {error.message}
    </Alert>
  );
}
