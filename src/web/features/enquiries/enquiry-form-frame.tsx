import { Alert, Button, Stack } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";
import { Honeypot } from "./honeypot.tsx";

/**
 * What every public form has around its fields: the form (named for screen readers, not the
 * browser's validation), the alert for a refusal no field shows, the spam trap, and the submit
 * button, busy while sending.
 */
export function EnquiryFormFrame({
  label,
  onSubmit,
  failure,
  failureTitle,
  submitting,
  submitLabel,
  action,
  children,
}: {
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  failure: string | null;
  failureTitle: string;
  submitting: boolean;
  submitLabel: string;
  /** Where the browser posts the form when the page's script is not running (the workspace enquiry page). */
  action?: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} method="post" action={action} noValidate aria-label={label} style={{ position: "relative" }}>
      <Stack gap="md" maw={640}>
        {failure ? (
          <Alert color="red" role="alert" title={failureTitle}>
            {failure}
          </Alert>
        ) : null}
        {children}
        <Honeypot />
        <Button type="submit" loading={submitting} w="fit-content">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
