import { Badge, Button, Group, Text } from "@mantine/core";
import type { Task } from "../../../../shared/schemas/crm.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { formatDay } from "../../../lib/format-time.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { useDisplayTimeZone } from "../../session/display-time-zone.ts";
import { type CrmArea, useUpdateTask } from "../api.ts";
import { isOverdue, todayIn } from "../format.ts";

// A task's due day and its Done button, shared by the CRM's task list (tasks.tsx) and the
// dashboards' "My tasks", which loads without the list's table, filters and form.

/** Today in the viewer's display zone: what "overdue" is measured against. */
export function useToday(): string {
  const { timeZone } = useDisplayTimeZone();
  return todayIn(timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
}

/** "Due 12 Nov 2026", red and "Overdue" once the day has passed (open tasks only). */
export function DueDay({ task, today }: { task: Pick<Task, "dueOn" | "status">; today: string }) {
  const overdue = task.status === "open" && isOverdue(task.dueOn, today);
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c={overdue ? "red" : undefined} fw={overdue ? 600 : undefined} style={{ whiteSpace: "nowrap" }}>
        {formatDay(task.dueOn)}
      </Text>
      {overdue ? (
        <Badge color="red" variant="light" size="sm">
          Overdue
        </Badge>
      ) : null}
    </Group>
  );
}

/** Done (or reopen) a task, with the outcome said in a notification. */
export function TaskDoneButton({ area, task }: { area: CrmArea; task: Task }) {
  const update = useUpdateTask(area);
  const done = task.status === "open";
  return (
    <Button
      size="compact-sm"
      variant={done ? "light" : "subtle"}
      loading={update.isPending}
      aria-label={done ? `Mark "${task.title}" done` : `Reopen "${task.title}"`}
      onClick={() =>
        update.mutate(
          { taskId: task.id, status: done ? "done" : "open" },
          {
            onSuccess: () => notifySuccess(done ? "Task done" : "Task reopened", task.title),
            onError: (error) => notifyError("Could not change the task", error instanceof ApiError ? error.message : String(error)),
          },
        )
      }
    >
      {done ? "Done" : "Reopen"}
    </Button>
  );
}
