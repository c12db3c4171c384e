import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";

import { IconArrowLeft } from "@tabler/icons-react";

import { useState } from "react";

import { Link } from "react-router";

import type { ReportView } from "../../../../shared/schemas/session-reports.ts";

import type { Session } from "../../../../shared/schemas/sessions.ts";

import { PageHeader } from "../../../components/ui/page-header.tsx";

import { QueryState } from "../../../components/ui/query-state.tsx";

import { SectionCard } from "../../../components/ui/section-card.tsx";

import { ApiError } from "../../../lib/api-client.ts";

import { canSchedule } from "../../calendar/api.ts";
import { formatInstant } from "../../../lib/format-time.ts";

import { describeWhen, isCancelled, isTrialLesson } from "../../calendar/format.ts";

import { notifySuccess } from "../../../lib/notify.ts";

import { Fact, SessionFacts, SessionStatusLine } from "../../calendar/components/session-facts.tsx";

import { CancellationSection } from "../../cancellation-requests/components/cancellation-section.tsx";

import { ManageSession } from "../../cancellation-requests/components/manage-session.tsx";

import { RecordingsSection } from "../../recordings/components/recordings-section.tsx";

import { useFamilySummaries, useReport, useSession } from "../api.ts";
import { ATTENDANCE_LABELS, HOMEWORK_LABELS } from "../format.ts";

import { FamilySummaryCard } from "./family-summaries.tsx";

import { ReportForm } from "./report-form.tsx";

import { SummaryEditor } from "./summary-editor.tsx";
import type { Area, ManagerArea, FamilyArea } from "../../../../shared/roles.ts";

const CALENDAR: Record<Area, { path: string; label: string }> = {
  admin: { path: "/admin/calendar", label: "Calendar" },
  tutor: { path: "/tutor/calendar", label: "Jobs" },
  parent: { path: "/parent/students", label: "My students" },
  student: { path: "/student/calendar", label: "Calendar" },
};

function FiledReport({ view, timeZone }: { view: ReportView & { report: NonNullable<ReportView["report"]> }; timeZone: string }) {
  const { report } = view;
  return (
    <Stack gap="sm">
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" m={0}>
        <Fact label="Topics covered">{report.topics}</Fact>
        <Fact label="Homework set">{report.homeworkSet || "None"}</Fact>
        {report.students.map((entry) => (
          <Fact key={entry.studentId} label={entry.name}>
            {ATTENDANCE_LABELS[entry.attendance]}
            {entry.attendance !== "absent" ? ` · understanding ${entry.understanding}/5 · engagement ${entry.engagement}/5` : ""}
            {entry.scorePercent !== null ? ` · score ${entry.scorePercent}%` : ""}
            {` · previous homework: ${HOMEWORK_LABELS[entry.previousHomework].toLowerCase()}`}
          </Fact>
        ))}
        <Fact label="Private notes (never shown to the family)">{report.privateNotes || "None"}</Fact>
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        Filed by {report.filedBy ?? "a former member"} on {formatInstant(report.filedAt, timeZone)}
        {report.updatedAt !== report.filedAt ? `, last corrected ${formatInstant(report.updatedAt, timeZone)}` : ""}.
      </Text>
    </Stack>
  );
}

/** A tutor's or an admin's view: the report (to file, or filed and correctable) and each student's summary. */
function ManagerSections({ area, session, timeZone }: { area: ManagerArea; session: Session; timeZone: string }) {
  const report = useReport(area, session.id);
  const [editing, setEditing] = useState(false);
  const [openedAt] = useState(Date.now);
  const notStarted = Date.parse(session.startsAt) > openedAt;
  if (isCancelled(session.status)) return null;
  if (isTrialLesson(session)) {
    return (
      <SectionCard title="Trial feedback">
        <Text>
          A trial lesson for an enquiry: instead of a report, its tutor files how it went once it has begun, from{" "}
          <Anchor underline="always" component={Link} to={`/${area}/dashboard`}>
            Trials awaiting feedback
          </Anchor>{" "}
          on the dashboard. The lead&apos;s owner then gets the follow-ups.
        </Text>
      </SectionCard>
    );
  }
  if (notStarted) {
    return (
      <SectionCard title="Session report">
        <Text c="dimmed">The report can be filed once the session has started.</Text>
      </SectionCard>
    );
  }
  return (
    <QueryState query={report} label="the session report">
      {(view) => (
        <>
          <SectionCard
            title="Session report"
            description={
              view.report
                ? "What was covered and how each student did. Private notes stay with you and the admins."
                : "File the report: it completes the session and drafts a summary for each family."
            }
            actions={
              view.report && !editing ? (
                <Button variant="default" onClick={() => setEditing(true)}>
                  Correct the report
                </Button>
              ) : null
            }
          >
            {view.report && !editing ? (
              <FiledReport view={{ ...view, report: view.report }} timeZone={timeZone} />
            ) : (
              <ReportForm
                area={area}
                session={session}
                report={view.report}
                onDone={() => {
                  setEditing(false);
                  notifySuccess(
                    view.report ? "Report corrected" : "Report filed",
                    view.report ? "Summaries keep your words; redraft one to take the changes." : "A summary for each family is drafted below.",
                  );
                }}
                onCancel={view.report ? () => setEditing(false) : undefined}
              />
            )}
          </SectionCard>
          {view.summaries.length > 0 ? (
            <SectionCard
              title="Summaries for the families"
              description={
                view.summaryRequiresReview
                  ? "Drafted from the report: edit them in your own words. An admin reviews each one before the family sees it."
                  : "Drafted from the report: edit them in your own words, then share. Guardians get them by email."
              }
            >
              <Stack gap="md">
                {view.summaries.map((summary) => (
                  <SummaryEditor key={summary.studentId} area={area} summary={summary} requiresReview={view.summaryRequiresReview} timeZone={timeZone} />
                ))}
              </Stack>
            </SectionCard>
          ) : null}
        </>
      )}
    </QueryState>
  );
}

/** A parent's or student's view: the summaries shared for this session. */
function FamilySection({ area, session, timeZone }: { area: FamilyArea; session: Session; timeZone: string }) {
  const summaries = useFamilySummaries(area, { sessionId: session.id });
  const [openedAt] = useState(Date.now);
  if (isCancelled(session.status)) return null;
  return (
    <SectionCard title="Summary" description="What your tutor shared after the session.">
      <QueryState query={summaries} label="the session summary">
        {(page) =>
          page.items.length === 0 ? (
            <Text c="dimmed">
              {Date.parse(session.endsAt) > openedAt
                ? "The summary comes after the session."
                : "No summary has been shared yet: your tutor shares one after writing the session report."}
            </Text>
          ) : (
            <Stack gap="sm">
              {page.items.map((summary) => (
                <FamilySummaryCard key={summary.studentId} area={area} summary={summary} timeZone={timeZone} linkToSession={false} />
              ))}
            </Stack>
          )
        }
      </QueryState>
    </SectionCard>
  );
}

/** One session: its facts, report and summaries (by role), and recordings. */
export function SessionPage({ area, sessionId, timeZone }: { area: Area; sessionId: string; timeZone: string }) {
  const session = useSession(area, sessionId);
  const back = CALENDAR[area];
  return (
    <Stack gap="md" pb={64}>
      <Anchor component={Link} to={back.path} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden="true" />
          {back.label}
        </Group>
      </Anchor>
      {session.isError && session.error instanceof ApiError && session.error.status === 404 ? (
        <>
          <PageHeader title="Session not found" />
          <Alert color="gray" title="There is no session here among yours">
            It may have been removed, or it belongs to another student or workspace.
          </Alert>
        </>
      ) : (
        <QueryState query={session} label="the session">
          {(data) => (
            <>
              <PageHeader title={`${data.subject} with ${data.tutor.name}`} description={describeWhen(data, timeZone)}>
                <SessionStatusLine session={data} />
                {canSchedule(area) ? <ManageSession area={area} session={data} timeZone={timeZone} /> : null}
              </PageHeader>
              <SectionCard title="Details">
                <SessionFacts session={data} timeZone={timeZone} cols={{ base: 1, sm: 2 }} />
              </SectionCard>
              <CancellationSection area={area} session={data} />
              {canSchedule(area) ? (
                <ManagerSections area={area} session={data} timeZone={timeZone} />
              ) : (
                <FamilySection area={area} session={data} timeZone={timeZone} />
              )}
              {isCancelled(data.status) ? null : <RecordingsSection sessionId={data.id} area={area} canManage={canSchedule(area)} />}
            </>
          )}
        </QueryState>
      )}
    </Stack>
  );
}
