import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { notifySuccess } from "../../../lib/notify.ts";
import { rejectRequestSchema, type PendingMember } from "../../../../shared/schemas/workspace.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
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
  const { form, onSubmit, send, formError } = useApiForm(rejectRequestSchema, reject, { initialValues: { reason: "" } });
  const length = form.values.reason.trim().length;

  const submit = onSubmit((values) => {
    const reason = values.reason.trim() || undefined;
    return send({ member, reason }, () => {
      onClose();
      notifySuccess("Registration rejected", `${member.name}'s request to join was rejected. They have been emailed${reason ? " with your reason" : ""}.`);
    });
  });

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
        <FormError error={formError} title="Could not reject the registration" />
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
