import { MergeLeadsButton } from "../merge-leads.tsx";
import { Alert, Anchor, Badge, Box, Button, Grid, Group, SegmentedControl, SimpleGrid, Stack, Text, Textarea, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconEdit, IconPlus } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { type LeadActivityCreate, leadActivityCreateSchema, type LeadDetail, LOGGED_ACTIVITY_KINDS } from "../../../../shared/schemas/crm.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { SectionCard } from "../../../components/ui/section-card.tsx";
import { formatDay } from "../../../lib/format-time.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useDateTime } from "../../session/display-time-zone.ts";
import { type CrmArea, leadHref, useLogActivity, useStages, useTasks } from "../api.ts";
import { ACTIVITY_LABELS, CONSENT_LABELS, leadTitle, SOURCE_LABELS, timeInStage } from "../format.ts";
import { LeadEditModal } from "./lead-form.tsx";
import { StageBadge } from "./leads-list.tsx";
import { MoveMenu, useStageMove } from "./stage-move.tsx";
import { TaskCreateModal, TaskTable } from "./tasks.tsx";

/**
 * A lead's page: who they are and what they need, where they came from, its stage with Move,
 * its purge date, possible duplicates, its tasks and its timeline with calls, emails and notes
 * logged here. `actions` are other components' buttons for the header's toolbar (book a trial,
 * its feedback, convert, merge), shown beside this page's own.
 */
export function LeadPage({ area, lead, actions }: { area: CrmArea; lead: LeadDetail; actions?: ReactNode }) {
  const stages = useStages(area);
  const stageMove = useStageMove(area, stages.data?.lostReasons ?? []);
  const [editing, edit] = useDisclosure(false);
  const [addingTask, addTask] = useDisclosure(false);
  const name = leadTitle(lead);
  const converted = lead.convertedAt !== null;

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Group gap="sm" align="center">
          <Title order={1} size="h2" style={{ overflowWrap: "anywhere" }}>
            {name}
          </Title>
          <StageBadge stage={lead.stage} />
        </Group>
        <Text size="sm" c="dimmed">
          {converted ? `Converted on ${formatDay(lead.convertedAt!.slice(0, 10))}.` : inStage(lead)}
          {lead.lostReason ? ` Lost: ${lead.lostReason}.` : ""}
        </Text>
        {/* The lead's toolbar: this page's actions, then those other CRM components hand in. */}
        <Group gap="sm" wrap="wrap" aria-label="Lead actions" role="group">
          {!converted && stages.data ? (
            <MoveMenu
              lead={{ id: lead.id, name, stageId: lead.stage.id }}
              stages={stages.data.items}
              onMove={(stage) => stageMove.move({ id: lead.id, name, stageId: lead.stage.id }, stage)}
            />
          ) : null}
          <Button variant="default" leftSection={<IconEdit size={16} aria-hidden="true" />} onClick={edit.open}>
            Edit details
          </Button>
          {actions}
        </Group>
      </Stack>

      {converted ? null : (
        <Alert color="yellow" variant="light" title="Kept until its purge date">
          This lead will be deleted on {formatDay(lead.purgeOn, "long")} unless it is enrolled, with its timeline and tasks.
        </Alert>
      )}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="lg">
            <LeadDetails lead={lead} area={area} />
            {lead.duplicates.length > 0 ? <Duplicates area={area} lead={lead} /> : null}
            <LeadTasks area={area} leadId={lead.id} onAdd={addTask.open} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Timeline area={area} lead={lead} />
        </Grid.Col>
      </Grid>
      <LeadEditModal area={area} lead={lead} opened={editing} onClose={edit.close} />
      <TaskCreateModal area={area} leadId={lead.id} opened={addingTask} onClose={addTask.close} />
      {stageMove.dialog}
    </Stack>
  );
}

function inStage(lead: LeadDetail): string {
  const time = timeInStage(lead.stageEnteredAt);
  return time === "today" ? `In ${lead.stage.name} since today.` : `In ${lead.stage.name} for ${time}.`;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text size="xs" c="dimmed" fw={600} component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} style={{ overflowWrap: "anywhere", whiteSpace: "pre-line" }}>
        {children}
      </Text>
    </Box>
  );
}

function LeadDetails({ lead, area }: { lead: LeadDetail; area: CrmArea }) {
  const utm = lead.utm ? Object.entries(lead.utm).filter(([, value]) => value) : [];
  return (
    <SectionCard title="Details">
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm" m={0}>
        <Fact label="Guardian">{lead.guardianName ?? "—"}</Fact>
        <Fact label="Student">{lead.studentName ?? "—"}</Fact>
        <Fact label="Email">{lead.email ? <Anchor href={`mailto:${lead.email}`}>{lead.email}</Anchor> : "—"}</Fact>
        <Fact label="Phone">{lead.phone ? <Anchor href={`tel:${lead.phone.replace(/[^0-9+]/g, "")}`}>{lead.phone}</Anchor> : "—"}</Fact>
        <Fact label="Need">{[lead.subjects.join(", "), lead.level].filter(Boolean).join(" · ") || "—"}</Fact>
        <Fact label="Preferred times">{lead.preferredTimes ?? "—"}</Fact>
        <Fact label="Source">
          {SOURCE_LABELS[lead.source]}
          {utm.length > 0 ? ` (${utm.map(([key, value]) => `utm_${key}: ${value}`).join(", ")})` : ""}
        </Fact>
        {area === "admin" ? <Fact label="Owner">{lead.owner?.name ?? "No owner"}</Fact> : null}
        <Fact label="Basis for keeping their data">{CONSENT_LABELS[lead.consentBasis]}</Fact>
        <Fact label="Added">{formatDay(lead.createdAt.slice(0, 10))}</Fact>
        {lead.notes ? <Fact label="Notes">{lead.notes}</Fact> : null}
      </SimpleGrid>
    </SectionCard>
  );
}

function Duplicates({ area, lead }: { area: CrmArea; lead: LeadDetail }) {
  return (
    <SectionCard title="Possible duplicates" description="Other leads with the same email or phone number.">
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: "none" }}>
        {lead.duplicates.map((duplicate) => (
          <Group component="li" key={duplicate.id} gap="xs" wrap="wrap">
            <Anchor component={Link} to={leadHref(area, duplicate.id)} size="sm" fw={600}>
              {duplicate.name}
            </Anchor>
            <Text size="sm" c="dimmed">
              same {duplicate.matchedOn}, in {duplicate.stage}
            </Text>
            <MergeLeadsButton area={area} lead={{ id: lead.id, name: leadTitle(lead) }} duplicate={{ id: duplicate.id, name: duplicate.name }} />
          </Group>
        ))}
      </Stack>
    </SectionCard>
  );
}

function LeadTasks({ area, leadId, onAdd }: { area: CrmArea; leadId: string; onAdd: () => void }) {
  const tasks = useTasks(area, { state: "all", assigneeMemberId: null, leadId, page: 1 }, { pageSize: 50 });
  return (
    <SectionCard
      title="Tasks"
      actions={
        <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} aria-hidden="true" />} onClick={onAdd}>
          Add task
        </Button>
      }
    >
      <QueryState query={tasks} label="the lead's tasks">
        {(data) =>
          data.total === 0 ? (
            <Text size="sm" c="dimmed">
              No task about this lead.
            </Text>
          ) : (
            <TaskTable area={area} tasks={data.items} showAssignee={area === "admin"} showLead={false} label="The lead's tasks" />
          )
        }
      </QueryState>
    </SectionCard>
  );
}

const KIND_COLORS: Partial<Record<LeadDetail["timeline"][number]["kind"], string>> = {
  call: "grape",
  email: "indigo",
  note: "gray",
  stage: "blue",
  task: "orange",
  trial: "teal",
  converted: "green",
};

function Timeline({ area, lead }: { area: CrmArea; lead: LeadDetail }) {
  const format = useDateTime();
  return (
    <SectionCard title="Timeline" description="Everything that happened with this lead, newest first.">
      <LogActivityForm area={area} leadId={lead.id} />
      <Stack component="ol" gap="md" m={0} p={0} aria-label="Timeline, newest first" style={{ listStyle: "none" }}>
        {lead.timeline.map((entry) => (
          <Box component="li" key={entry.id} pl="sm" style={{ borderLeft: "3px solid var(--mantine-color-gray-3)" }}>
            <Group gap="xs" wrap="wrap">
              <Badge size="sm" variant="light" color={KIND_COLORS[entry.kind] ?? "gray"} style={{ textTransform: "none" }}>
                {ACTIVITY_LABELS[entry.kind]}
              </Badge>
              {/* A logged call, email or note is named by its badge: its summary would say it again. */}
              {entry.summary === ACTIVITY_LABELS[entry.kind] ? null : (
                <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                  {entry.summary}
                </Text>
              )}
            </Group>
            {entry.body ? (
              <Text size="sm" mt={4} style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
                {entry.body}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed" mt={4}>
              {entry.actorName ?? "The system"}, {format.instant(entry.occurredAt)}
            </Text>
          </Box>
        ))}
      </Stack>
    </SectionCard>
  );
}

const KIND_WORDS: Record<LeadActivityCreate["kind"], string> = { note: "Note", call: "Call", email: "Email" };

function LogActivityForm({ area, leadId }: { area: CrmArea; leadId: string }) {
  const log = useLogActivity(area, leadId);
  const { form, onSubmit, send, formError } = useApiForm(leadActivityCreateSchema, log, {
    initialValues: { kind: "note" as LeadActivityCreate["kind"], body: "" },
  });
  const submit = onSubmit((values) =>
    send(leadActivityCreateSchema.parse(values), () => {
      form.reset();
      notifySuccess(`${KIND_WORDS[values.kind]} logged`, "It is on the lead's timeline.");
    }),
  );
  const kind = form.getValues().kind;
  return (
    <form onSubmit={submit} noValidate aria-label="Log a call, an email or a note">
      <Stack gap="sm">
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`log-kind-${leadId}`}>
            Log
          </Text>
          <SegmentedControl
            aria-labelledby={`log-kind-${leadId}`}
            data={LOGGED_ACTIVITY_KINDS.map((value) => ({ value, label: KIND_WORDS[value] }))}
            {...form.getInputProps("kind")}
          />
        </Stack>
        <Textarea
          label={kind === "note" ? "What to note" : kind === "call" ? "What was said on the call" : "What the email said"}
          autosize
          minRows={2}
          maxRows={8}
          required
          {...form.getInputProps("body")}
        />
        <FormError error={formError} title="Could not log it" />
        <Group justify="flex-end">
          <Button type="submit" loading={log.isPending}>
            Log {KIND_WORDS[kind].toLowerCase()}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
