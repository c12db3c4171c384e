import { Alert, Button, Group } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { clearConnectionError, useConnectionError } from "../../lib/connection-error.ts";

/** Shows the held connection error until the user dismisses it (or retries). */
export function ConnectionErrorBanner() {
  const error = useConnectionError();
  const queryClient = useQueryClient();
  if (!error) return null;
  return (
    <Alert
      color="red"
      variant="filled"
      radius={0}
      role="alert"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={clearConnectionError}
      styles={{ root: { position: "sticky", top: 0, zIndex: 300 } }}
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
