import { Alert, Button, Group } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { clearConnectionError, useConnectionError } from "../../lib/connection-error.ts";

/** Shows the held connection error until the user dismisses it (or retries), over the page's bottom corner so that it hides no navigation. */
export default function ConnectionErrorBanner() {
  const error = useConnectionError();
  const queryClient = useQueryClient();
  if (!error) return null;
  return (
    <Alert
      color="red"
      variant="filled"
      role="alert"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={clearConnectionError}
      styles={{ root: { position: "fixed", left: 16, bottom: 16, zIndex: 400, width: "min(560px, calc(100% - 32px))" } }}
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <span>{error.message}</span>
        {error.retryable ? (
          <Button
            size="compact-sm"
            variant="white"
            color="red"
            onClick={() => {
              clearConnectionError();
              void queryClient.invalidateQueries();
            }}
          >
            Retry
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
