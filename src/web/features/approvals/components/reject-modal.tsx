import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifySuccess } from "../../../lib/notify.ts";
import { rejectRequestSchema, type PendingMember } from "../../../../shared/schemas/workspace.ts";
import { serverFieldErrors, zodFormValidator } from "../../../lib/forms.ts";
import { useRejectMember } from "../api.ts";

const REASON_MAX = 500;

/** Asks for an optional reason (mailed to the person), then rejects the registration. */
export function RejectModal({ member, onClose }: { member: PendingMember | null; onClose: () => void }) {
  return (
    <Modal
      closeButtonProps={{ "aria-label": "Close" }}
      opened={member !== null}
      onClose={onClose}
      title={member ? `Reject ${member.name}?` : "Reject registration"}
      centered
    >
      {member ? <RejectForm key={member.memberId} member={member} onClose={onClose} /> : null}
    </Modal>
  );
}

function RejectForm({ member, onClose }: { member: PendingMember; onClose: () => void }) {
  const reject = useRejectMember();
  const form = useForm({ initialValues: { reason: "" }, validate: zodFormValidator(rejectRequestSchema) });
  const length = form.values.reason.trim().length;

  const submit = form.onSubmit((values) => {
    const reason = values.reason.trim() || undefined;
    reject.mutate(
      { member, reason },
      {
        onSuccess: () => {
          onClose();
          notifySuccess("Registration rejected", `${member.name}'s request to join was rejected. They have been emailed${reason ? " with your reason" : ""}.`);
        },
        onError: (error) => form.setErrors(serverFieldErrors(error)),
      },
    );
  });

  const otherError = reject.error && !serverFieldErrors(reject.error).reason ? reject.error : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {member.name} ({member.email}) will get an email saying that the request to join was declined. A reason helps them understand why.
        </Text>
        <Textarea
          label="Reason (optional)"
          description={`${length} of ${REASON_MAX} characters`}
          autosize
          minRows={3}
          maxRows={8}
          data-autofocus
          {...form.getInputProps("reason")}
        />
        {otherError ? (
          <Text size="sm" c="red.9" role="alert">
            {otherError.message}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={reject.isPending}>
            Reject registration
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
