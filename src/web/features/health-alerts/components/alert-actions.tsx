import { Button, Group, Modal, Stack, Textarea, TextInput } from "@mantine/core";
import { useState } from "react";
import { alertUpdateSchema, type Alert } from "../../../../shared/schemas/health-alerts.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { todayIn } from "../../billing/components/admin-period-fields.tsx";
import { useDateTime } from "../../session/display-time-zone.ts";
import { useUpdateAlert } from "../api.ts";

type Action = "plan" | "dismiss" | null;

/** What staff do with a live alert: acknowledge it, plan an action (a note and a date), or dismiss it with a reason. */
export function AlertActions({ alert, area }: { alert: Alert; area: "admin" | "tutor" }) {
  const [action, setAction] = useState<Action>(null);
  const update = useUpdateAlert(area, alert.id);
  const acknowledge = () =>
    update.mutate(
      { status: "acknowledged" },
      {
        onSuccess: () => notifySuccess("Alert acknowledged", `${alert.studentName}: ${alert.title}`),
        onError: (error) => notifyError("Could not acknowledge the alert", error.message),
      },
    );
  return (
    <>
      <Group gap="xs">
        {alert.status === "open" ? (
          <Button size="xs" variant="light" onClick={acknowledge} loading={update.isPending && update.variables?.status === "acknowledged"}>
            Acknowledge
          </Button>
        ) : null}
        <Button size="xs" variant="light" onClick={() => setAction("plan")}>
          {alert.status === "action_planned" ? "Change the plan" : "Plan an action"}
        </Button>
        <Button size="xs" variant="subtle" color="gray" onClick={() => setAction("dismiss")}>
          Dismiss
        </Button>
      </Group>
      <Modal opened={action !== null} onClose={() => setAction(null)} title={action === "dismiss" ? "Dismiss the alert" : "Plan an action"}>
        {action === "plan" ? <PlanForm alert={alert} area={area} onDone={() => setAction(null)} /> : null}
        {action === "dismiss" ? <DismissForm alert={alert} area={area} onDone={() => setAction(null)} /> : null}
      </Modal>
    </>
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
