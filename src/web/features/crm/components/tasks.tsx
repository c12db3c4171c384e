import { Anchor, Box, Button, EmptyState, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from "@mantine/core";
import { IconChecklist, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { type Task, type TaskCreate, taskCreateSchema } from "../../../../shared/schemas/crm.ts";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { ListPager } from "../../../components/data/list-pager.tsx";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { formatDay } from "../../../lib/format-time.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { type CrmArea, leadHref, type TaskFilters, TASKS_PAGE_SIZE, useCreateTask, useStaff, useTasks } from "../api.ts";
import { DueDay, TaskDoneButton, useToday } from "./task-row.tsx";

const STATUS_LABELS = { open: "Open", done: "Done", cancelled: "Cancelled" } as const;

function columnsFor(area: CrmArea, today: string, showAssignee: boolean, showLead: boolean): DataColumn<Task>[] {
  return [
    { header: "Task", rowHeader: true, maxWidth: 320, cell: (task) => task.title },
    ...(showLead
      ? [
          {
            header: "Lead",
            maxWidth: 240,
            cell: (task: Task) =>
              task.lead ? (
                <Anchor component={Link} to={leadHref(area, task.lead.id)}>
                  {task.lead.name}
                </Anchor>
              ) : (
                "—"
              ),
          },
        ]
      : []),
    { header: "Due", cell: (task) => <DueDay task={task} today={today} /> },
    ...(showAssignee ? [{ header: "Assignee", cell: (task: Task) => task.assignee.name }] : []),
    { header: "Status", cell: (task) => STATUS_LABELS[task.status] },
    {
      header: "Actions",
      headerHidden: true,
      align: "right",
      cell: (task) => (task.status === "cancelled" ? null : <TaskDoneButton area={area} task={task} />),
    },
  ];
}

function TaskCard({ area, task, today, showAssignee, showLead }: { area: CrmArea; task: Task; today: string; showAssignee: boolean; showLead: boolean }) {
  return (
    <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
      <Stack gap={2} style={{ minWidth: 0, overflowWrap: "anywhere" }}>
        <Text fw={600} size="sm">
          {task.title}
        </Text>
        {showLead && task.lead ? (
          <Anchor component={Link} to={leadHref(area, task.lead.id)} size="sm">
            {task.lead.name}
          </Anchor>
        ) : null}
        <DueDay task={task} today={today} />
        <Text size="xs" c="dimmed">
          {STATUS_LABELS[task.status]}
          {showAssignee ? ` · ${task.assignee.name}` : ""}
        </Text>
      </Stack>
      {task.status === "cancelled" ? null : <TaskDoneButton area={area} task={task} />}
    </Group>
  );
}

/** A page of tasks: a table on wide screens, cards on phones. */
export function TaskTable({
  area,
  tasks,
  showAssignee,
  showLead = true,
  busy = false,
  label,
}: {
  area: CrmArea;
  tasks: Task[];
  showAssignee: boolean;
  showLead?: boolean;
  busy?: boolean;
  label: string;
}) {
  const today = useToday();
  return (
    <DataTable
      rows={tasks}
      columns={columnsFor(area, today, showAssignee, showLead)}
      rowKey={(task) => task.id}
      caption={`${label}: open ones by due day, the overdue first.`}
      captionHidden
      listLabel={label}
      card={(task) => <TaskCard area={area} task={task} today={today} showAssignee={showAssignee} showLead={showLead} />}
      minWidth={720}
      stackBelow="48em"
      busy={busy}
    />
  );
}

/** The Tasks tab: my tasks (admins: or everyone's), open, closed or all, overdue first; add one. */
export function TasksPanel({ area }: { area: CrmArea }) {
  const isAdmin = area === "admin";
  const staff = useStaff(isAdmin);
  const me = staff.data?.find((member) => member.isYou)?.memberId ?? null;
  const [whose, setWhose] = useState<"mine" | "everyone">("mine");
  const [state, setState] = useState<TaskFilters["state"]>("open");
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const filters: TaskFilters = { state, assigneeMemberId: isAdmin && whose === "mine" ? me : null, leadId: null, page };
  const tasks = useTasks(area, filters, { enabled: !isAdmin || whose === "everyone" || me !== null });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="md">
        <Group gap="md" align="flex-end" role="search" aria-label="Which tasks">
          {isAdmin ? (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="crm-tasks-whose">
                Whose
              </Text>
              <SegmentedControl
                aria-labelledby="crm-tasks-whose"
                value={whose}
                onChange={(value) => {
                  setWhose(value as "mine" | "everyone");
                  setPage(1);
                }}
                data={[
                  { value: "mine", label: "My tasks" },
                  { value: "everyone", label: "Everyone's" },
                ]}
              />
            </Stack>
          ) : null}
          <Select
            label="Show"
            data={[
              { value: "open", label: "Open" },
              { value: "closed", label: "Done or cancelled" },
              { value: "all", label: "All" },
            ]}
            value={state}
            onChange={(value) => {
              if (value) setState(value as TaskFilters["state"]);
              setPage(1);
            }}
            allowDeselect={false}
            w={{ base: "100%", xs: 200 }}
          />
        </Group>
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} variant="light" onClick={() => setAdding(true)}>
          Add task
        </Button>
      </Group>
      <QueryState query={tasks} label="tasks">
        {(data) =>
          data.total === 0 ? (
            <EmptyState
              py="xl"
              withIndicatorBackground
              icon={<IconChecklist size={28} aria-hidden="true" />}
              title={state === "open" ? "No open tasks." : "No tasks here."}
              description={
                state === "open"
                  ? "Nothing to follow up: add a task to remember a call back or a trial's feedback."
                  : "Tasks appear here once done or cancelled."
              }
            />
          ) : (
            <Box>
              <TaskTable area={area} tasks={data.items} showAssignee={isAdmin && whose === "everyone"} busy={tasks.isPlaceholderData} label="Tasks" />
              <ListPager page={data.page} pageSize={data.pageSize || TASKS_PAGE_SIZE} total={data.total} noun={["task", "tasks"]} onPage={setPage} />
            </Box>
          )
        }
      </QueryState>
      <TaskCreateModal area={area} opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}

interface TaskFormValues {
  title: string;
  dueOn: string;
  assigneeMemberId: string;
}

/** "Add task": a title, a due day and (admins) an assignee; about `leadId` when given. */
export function TaskCreateModal({ area, leadId, opened, onClose }: { area: CrmArea; leadId?: string; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={leadId ? "Add a task about this lead" : "Add a task"} centered>
      {opened ? <TaskCreateForm area={area} leadId={leadId} onClose={onClose} /> : null}
    </Modal>
  );
}

function TaskCreateForm({ area, leadId, onClose }: { area: CrmArea; leadId: string | undefined; onClose: () => void }) {
  const create = useCreateTask(area);
  const staff = useStaff(area === "admin");
  const today = useToday();
  const toInput = (values: TaskFormValues): TaskCreate => ({
    title: values.title,
    dueOn: values.dueOn,
    ...(values.assigneeMemberId ? { assigneeMemberId: values.assigneeMemberId } : {}),
    ...(leadId ? { leadId } : {}),
  });
  const { form, onSubmit, send, formError } = useApiForm(taskCreateSchema, create, {
    initialValues: { title: "", dueOn: today, assigneeMemberId: "" },
    input: toInput,
  });
  const submit = onSubmit((values) =>
    send(taskCreateSchema.parse(toInput(values)), (task) => {
      onClose();
      notifySuccess("Task added", `${task.title}, due ${formatDay(task.dueOn)}.`);
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label="Title" required data-autofocus placeholder="Call back about a trial" {...form.getInputProps("title")} />
        <TextInput type="date" label="Due date" required {...form.getInputProps("dueOn")} />
        {area === "admin" ? (
          <Select
            label="Assignee"
            data={[
              { value: "", label: "Me" },
              ...(staff.data ?? []).filter((member) => !member.isYou).map((member) => ({ value: member.memberId, label: member.name })),
            ]}
            allowDeselect={false}
            {...form.getInputProps("assigneeMemberId")}
          />
        ) : null}
        <FormError error={formError} title="Could not add the task" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Add task
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
