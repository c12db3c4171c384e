import { Button, Group, Modal, Stack, Textarea, TextInput } from "@mantine/core";
import { alertUpdateSchema, type Alert } from "../../../../shared/schemas/health-alerts.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { notifySuccess } from "../../../lib/notify.ts";
import { todayIn } from "../../billing/components/admin-period-fields.tsx";
import { useDateTime } from "../../session/display-time-zone.ts";
import { useUpdateAlert } from "../api.ts";

export type AlertAction = "plan" | "dismiss";

/**
 * The dialog of an alert's action: plan one (a note and a date) or dismiss the alert with a
 * reason. Loaded when staff first ask for it (alert-actions.tsx), with its forms and schema.
 */
export function AlertActionDialog({
  alert,
  area,
  action,
  onClose,
}: {
  alert: Alert;
  area: "admin" | "tutor";
  action: AlertAction | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={action !== null} onClose={onClose} title={action === "dismiss" ? "Dismiss the alert" : "Plan an action"}>
      {action === "plan" ? <PlanForm alert={alert} area={area} onDone={onClose} /> : null}
      {action === "dismiss" ? <DismissForm alert={alert} area={area} onDone={onClose} /> : null}
    </Modal>
  );
}

function PlanForm({ alert, area, onDone }: { alert: Alert; area: "admin" | "tutor"; onDone: () => void }) {
  const { timeZone } = useDateTime();
  const update = useUpdateAlert(area, alert.id);
  const { form, onSubmit, send, formError } = useApiForm(alertUpdateSchema, update, {
    initialValues: { note: alert.actionNote ?? "", on: alert.actionOn ?? todayIn(timeZone) },
    input: (values) => ({ status: "action_planned", note: values.note, on: values.on }),
  });
  const submit = onSubmit((values) =>
    send({ status: "action_planned", note: values.note.trim(), on: values.on }, () => {
      notifySuccess("Action planned", `${alert.studentName}: ${values.note.trim()}`);
      onDone();
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Textarea
          label="The planned action: what will be done"
          description="Staff see it on the alert; the family does not."
          autosize
          minRows={2}
          maxLength={1000}
          required
          withAsterisk={false}
          data-autofocus
          {...form.getInputProps("note")}
        />
        <TextInput type="date" label="By" required withAsterisk={false} {...form.getInputProps("on")} />
        <FormError error={formError} title="Could not plan the action" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save the plan
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DismissForm({ alert, area, onDone }: { alert: Alert; area: "admin" | "tutor"; onDone: () => void }) {
  const update = useUpdateAlert(area, alert.id);
  const { form, onSubmit, send, formError } = useApiForm(alertUpdateSchema, update, {
    initialValues: { reason: "" },
    input: (values) => ({ status: "dismissed", reason: values.reason }),
  });
  const submit = onSubmit((values) =>
    send({ status: "dismissed", reason: values.reason.trim() }, () => {
      notifySuccess("Alert dismissed", "It stays quiet until its condition clears; if it comes back after that, a new alert opens.");
      onDone();
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="The reason for dismissing"
          description="For example: away on a school trip, agreed with the family."
          maxLength={500}
          required
          withAsterisk={false}
          data-autofocus
          {...form.getInputProps("reason")}
        />
        <FormError error={formError} title="Could not dismiss the alert" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" color="gray" loading={update.isPending}>
            Dismiss
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
