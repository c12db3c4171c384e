import { Anchor, Group, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { SectionCard } from "../../../components/ui/section-card.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { type CrmArea, leadHref, useStaff, useTasks } from "../api.ts";
import { DueDay, TaskDoneButton, useToday } from "./task-row.tsx";

const SHOWN = 5;

/** A staff dashboard's "My tasks": the open ones, the most overdue first, each with its lead; the way to all of them. */
export function MyTasksCard({ area }: { area: CrmArea }) {
  const staff = useStaff(area === "admin");
  const me = area === "admin" ? (staff.data?.find((member) => member.isYou)?.memberId ?? null) : null;
  const tasks = useTasks(area, { state: "open", assigneeMemberId: me, leadId: null, page: 1 }, { pageSize: SHOWN, enabled: area === "tutor" || me !== null });
  const today = useToday();
  return (
    <SectionCard
      title="My tasks"
      description="Your open follow-ups, the overdue first."
      actions={
        <Anchor component={Link} to={`/${area}/crm?tab=tasks`} size="sm" fw={600}>
          All tasks
        </Anchor>
      }
    >
      <QueryState query={tasks} label="your tasks">
        {(data) =>
          data.total === 0 ? (
            <Text size="sm">No open task: nothing to follow up.</Text>
          ) : (
            <Stack gap="sm">
              <Stack component="ul" gap="xs" aria-label="Your open tasks" style={{ listStyle: "none", margin: 0, padding: 0 }}>
                {data.items.map((task) => (
                  <Group component="li" key={task.id} justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
                    <Stack gap={0} style={{ minWidth: 0, overflowWrap: "anywhere" }}>
                      <Text size="sm" fw={600}>
                        {task.title}
                      </Text>
                      {task.lead ? (
                        <Anchor component={Link} to={leadHref(area, task.lead.id)} size="sm">
                          {task.lead.name}
                        </Anchor>
                      ) : null}
                      <DueDay task={task} today={today} />
                    </Stack>
                    <TaskDoneButton area={area} task={task} />
                  </Group>
                ))}
              </Stack>
              {data.total > data.items.length ? (
                <Text size="sm" c="dimmed">
                  {data.total - data.items.length} more in{" "}
                  <Anchor underline="always" component={Link} to={`/${area}/crm?tab=tasks`}>
                    the CRM&apos;s tasks
                  </Anchor>
                  .
                </Text>
              ) : null}
            </Stack>
          )
        }
      </QueryState>
    </SectionCard>
  );
}
