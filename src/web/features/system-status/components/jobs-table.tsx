import { Badge, Code, List, Stack, Text } from "@mantine/core";
import { FAILURE_WINDOW_DAYS, type JobStatus, type StatusScope } from "../../../../shared/schemas/system-status.ts";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { Instant } from "../../../components/ui/instant.tsx";
import { SectionCard } from "../../../components/ui/section-card.tsx";
import { formatDuration } from "../format.ts";

/** A badge is as wide as its words: in a table, Mantine's would shrink to an ellipsis. */
const WHOLE = { minWidth: "max-content" } as const;

const STATES = {
  running: { color: "blue", variant: "filled", label: "Running" },
  none: { color: "gray", variant: "light", label: "No recent run" },
  completed: { color: "teal", variant: "light", label: "Completed" },
  failed: { color: "red", variant: "light", label: "Failed" },
} as const;

function State({ job }: { job: JobStatus }) {
  const state = STATES[job.running ? "running" : (job.lastRun?.result ?? "none")];
  return (
    <Badge color={state.color} variant={state.variant} style={WHOLE}>
      {state.label}
    </Badge>
  );
}

function LastRun({ job }: { job: JobStatus }) {
  if (!job.lastRun) return <>None kept</>;
  return (
    <>
      <Instant at={job.lastRun.finishedAt} />
      {job.lastRun.durationMs !== null ? (
        <Text component="span" size="sm" c="dimmed" display="block">
          took {formatDuration(job.lastRun.durationMs)}
        </Text>
      ) : null}
    </>
  );
}

function Failures({ job }: { job: JobStatus }) {
  if (job.failures.count === 0) return <>None</>;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} c="red">
        {job.failures.count} failed
      </Text>
      <List size="sm" spacing={2}>
        {job.failures.recent.map((failure) => (
          <List.Item key={failure.at} style={{ overflowWrap: "anywhere" }}>
            <Instant at={failure.at} />: {failure.error ?? "the error is shown to platform operators only (it may name other workspaces)"}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

const COLUMNS: DataColumn<JobStatus>[] = [
  { header: "Job", rowHeader: true, minWidth: 180, cell: (job) => <Code>{job.name}</Code> },
  {
    header: "When it runs",
    minWidth: 150,
    cell: (job) => (
      <>
        {job.schedule}
        {job.cron ? (
          <Text component="span" size="sm" c="dimmed" display="block" style={{ whiteSpace: "nowrap" }}>
            cron {job.cron}
          </Text>
        ) : null}
      </>
    ),
  },
  { header: "State", nowrap: true, minWidth: 130, cell: (job) => <State job={job} /> },
  { header: "Last run", minWidth: 170, cell: (job) => <LastRun job={job} /> },
  { header: `Failures (${FAILURE_WINDOW_DAYS} days)`, minWidth: 240, cell: (job) => <Failures job={job} /> },
];

/** Every background job of the server: when it runs, whether it runs now, its last run and its failures of the week. */
export function JobsTable({ scope, jobs }: { scope: StatusScope; jobs: JobStatus[] }) {
  const description =
    scope === "install"
      ? "Every background job of the server, with its runs as pg-boss keeps them (a week; a day for mail)."
      : "Every background job of the server. Scheduled jobs work for every workspace at once; queued jobs (mail, ledger checks, rules previews) show your workspace's runs only.";
  return (
    <SectionCard title="Background jobs" description={description}>
      <DataTable rows={jobs} columns={COLUMNS} rowKey={(job) => job.name} caption="Background jobs" captionHidden listLabel="Background jobs" minWidth={900} />
    </SectionCard>
  );
}
