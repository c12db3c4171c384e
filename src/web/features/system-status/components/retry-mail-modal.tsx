import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { FailedMail, StatusScope } from "../../../../shared/schemas/system-status.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useRetryMail } from "../api.ts";

const attemptsText = (attempts: number) => (attempts === 0 ? "before it was tried" : attempts === 1 ? "after one attempt" : `after ${attempts} attempts`);

/** "Send this mail again?": one more attempt for a failed mail; a refusal (sent again already) stays in the dialog. */
export function RetryMailModal({ scope, mail, onClose }: { scope: StatusScope; mail: FailedMail | null; onClose: () => void }) {
  return (
    <Modal opened={mail !== null} onClose={onClose} title="Send this mail again?" closeButtonProps={{ "aria-label": "Close" }} centered>
      {mail ? <RetryBody key={mail.jobId} scope={scope} mail={mail} onClose={onClose} /> : null}
    </Modal>
  );
}

function RetryBody({ scope, mail, onClose }: { scope: StatusScope; mail: FailedMail; onClose: () => void }) {
  const retry = useRetryMail(scope);
  const send = () =>
    retry.mutate(mail.jobId, {
      onSuccess: () => {
        onClose();
        notifySuccess("Mail queued again", `The mail to ${mail.to} is tried once more in a moment. If it fails again, it comes back to this list.`);
      },
    });
  return (
    <Stack gap="md">
      <Text size="sm">
        “{mail.subject}” to {mail.to} failed {attemptsText(mail.attempts)}. It is queued for one more attempt, as it was written then.
      </Text>
      {retry.error ? (
        <Alert color="red" role="alert" title="Not sent again">
          {retry.error.message}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={send} loading={retry.isPending}>
          Send again
        </Button>
      </Group>
    </Stack>
  );
}
