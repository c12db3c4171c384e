import { Button, Group } from "@mantine/core";
import { useState } from "react";
import type { Alert } from "../../../../shared/schemas/health-alerts.ts";
import { useOnDemand } from "../../../components/ui/use-on-demand.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { useUpdateAlert } from "../api.ts";
import type { AlertAction } from "./alert-action-dialog.tsx";

/**
 * What staff do with a live alert: acknowledge it, plan an action (a note and a date), or
 * dismiss it with a reason. The dialog, its forms and their schema load when first asked for.
 */
export function AlertActions({ alert, area }: { alert: Alert; area: "admin" | "tutor" }) {
  const [action, setAction] = useState<AlertAction | null>(null);
  const dialog = useOnDemand(() => import("./alert-action-dialog.tsx"));
  const update = useUpdateAlert(area, alert.id);
  const acknowledge = () =>
    update.mutate(
      { status: "acknowledged" },
      {
        onSuccess: () => notifySuccess("Alert acknowledged", `${alert.studentName}: ${alert.title}`),
        onError: (error) => notifyError("Could not acknowledge the alert", error.message),
      },
    );
  const open = (next: AlertAction) => dialog.whenLoaded(() => setAction(next));
  return (
    <>
      <Group gap="xs">
        {alert.status === "open" ? (
          <Button size="xs" variant="light" onClick={acknowledge} loading={update.isPending && update.variables?.status === "acknowledged"}>
            Acknowledge
          </Button>
        ) : null}
        <Button size="xs" variant="light" onClick={() => open("plan")} {...dialog.prefetch}>
          {alert.status === "action_planned" ? "Change the plan" : "Plan an action"}
        </Button>
        <Button size="xs" variant="subtle" color="gray" onClick={() => open("dismiss")} {...dialog.prefetch}>
          Dismiss
        </Button>
      </Group>
      {dialog.module ? <dialog.module.AlertActionDialog alert={alert} area={area} action={action} onClose={() => setAction(null)} /> : null}
    </>
  );
}
