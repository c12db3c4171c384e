import { Anchor, Card, Group, List, Stack, Text, Title } from "@mantine/core";
import { lazy, Suspense } from "react";
import { Link, useLocation } from "react-router";
import { areaRoutesOf } from "../../../shared/route-table.ts";
import { isMemberRole, type MemberRole } from "../../../shared/roles.ts";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { LoadingState, QueryState } from "../../components/ui/query-state.tsx";
import { useStudentList, type RecordArea } from "../../features/records/api.ts";
import { StudentCards } from "../../features/students/components/student-cards.tsx";
import { SectionCard } from "../../components/ui/section-card.tsx";
import { useMe } from "../../features/session/api.ts";
import { metaFor } from "../../lib/meta.ts";
import { useDisplayTimeZone } from "../../features/session/display-time-zone.ts";
import { UpcomingSessions } from "../../features/calendar/components/upcoming-sessions.tsx";

// One dashboard serves three roles: the sections of one role load with it, not on the others'
// first screen (each area's first screen is held to 300 KB of gzip JavaScript).
const AvailabilityPrompt = lazy(() =>
  import("../../features/tutor-profile/components/availability-prompt.tsx").then((module) => ({ default: module.AvailabilityPrompt })),
);
const OpenCancellationRequests = lazy(() =>
  import("../../features/cancellation-requests/components/open-requests.tsx").then((module) => ({ default: module.OpenCancellationRequests })),
);
const DueReports = lazy(() => import("../../features/session-reports/components/due-reports.tsx").then((module) => ({ default: module.DueReports })));
const FamilySummaries = lazy(() =>
  import("../../features/session-reports/components/family-summaries.tsx").then((module) => ({ default: module.FamilySummaries })),
);
const CaseloadSection = lazy(() =>
  import("../../features/student-health/components/caseload-section.tsx").then((module) => ({ default: module.CaseloadSection })),
);
const AlertsSummary = lazy(() => import("../../features/health-alerts/components/alerts-summary.tsx").then((module) => ({ default: module.AlertsSummary })));
const AwaitingAcknowledgement = lazy(() =>
  import("../../features/resources/components/awaiting-acknowledgement.tsx").then((module) => ({ default: module.AwaitingAcknowledgement })),
);
const MyTasksCard = lazy(() => import("../../features/crm/components/my-tasks-card.tsx").then((module) => ({ default: module.MyTasksCard })));
const TrialsAwaitingCard = lazy(() =>
  import("../../features/crm/components/trials-awaiting-card.tsx").then((module) => ({ default: module.TrialsAwaitingCard })),
);
const FamilyHealthSummary = lazy(() =>
  import("../../features/student-health/components/family-health-summary.tsx").then((module) => ({ default: module.FamilyHealthSummary })),
);

export const meta = ({ location }: { location: { pathname: string } }) => metaFor(location.pathname);

/** How many students the dashboard shows before "See all". */
const SHOWN = 6;

/** A tutor's assigned students, or a parent's children: the first few, with the way to all of them. */
function DashboardStudents({ viewer }: { viewer: RecordArea }) {
  const students = useStudentList(viewer);
  const title = viewer === "tutor" ? "Your students" : "Your children";
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Anchor component={Link} to={`/${viewer}/students`} size="sm">
          See all
        </Anchor>
      </Group>
      <QueryState query={students} label={title.toLowerCase()}>
        {(items) =>
          items.length === 0 ? (
            <Text c="dimmed">
              {viewer === "tutor"
                ? "No student is assigned to you yet: your tutoring business assigns them."
                : "No child is linked to your account yet: your tutoring business links them."}
            </Text>
          ) : (
            <>
              <StudentCards students={items.slice(0, SHOWN)} area={viewer} headingOrder={3} />
              {items.length > SHOWN ? (
                <Text size="sm" c="dimmed">
                  {items.length - SHOWN} more in{" "}
                  <Anchor component={Link} to={`/${viewer}/students`}>
                    My students
                  </Anchor>
                  .
                </Text>
              ) : null}
            </>
          )
        }
      </QueryState>
    </Stack>
  );
}

const INTRO: Record<Exclude<MemberRole, "admin">, string> = {
  tutor: "Your sessions, students and reports will gather here as your workspace sets them up.",
  parent: "Your children's sessions, summaries and billing will gather here as your tutoring business shares them.",
  student: "Your sessions, summaries and progress will gather here.",
};

/** The dashboard of tutors, parents and students: their workspace and next steps. */
export default function MemberDashboard() {
  const { data: me } = useMe();
  const { timeZone } = useDisplayTimeZone();
  const role = useLocation().pathname.split("/")[1] as Exclude<MemberRole, "admin">;
  const screens = isMemberRole(role) ? areaRoutesOf(role).filter((screen) => !screen.path.endsWith("/dashboard")) : [];
  return (
    <>
      <PageHeader title={`Welcome, ${me?.user.name ?? ""}`} description={INTRO[role]} />
      <Suspense fallback={null}>
        <AwaitingAcknowledgement area={role} />
      </Suspense>
      {role === "tutor" ? (
        <Suspense fallback={null}>
          <AvailabilityPrompt />
        </Suspense>
      ) : null}
      {role === "tutor" || role === "parent" ? (
        <Stack mb="xl">
          <DashboardStudents viewer={role} />
        </Stack>
      ) : null}
      <Stack mb="xl" maw={960}>
        {timeZone ? (
          <SectionCard
            title="Coming up"
            description={role === "parent" ? "Your children's sessions in the next two weeks." : "Your sessions in the next two weeks."}
          >
            <UpcomingSessions area={role} timeZone={timeZone} />
          </SectionCard>
        ) : null}
        {role === "tutor" ? (
          <Suspense fallback={<LoadingState label="your tasks" />}>
            <MyTasksCard area="tutor" />
            <TrialsAwaitingCard area="tutor" />
          </Suspense>
        ) : null}
        {role === "tutor" || role === "parent" ? (
          <Suspense fallback={<LoadingState label="the alerts" />}>
            <AlertsSummary area={role} />
          </Suspense>
        ) : null}
        {role === "tutor" || role === "parent" ? (
          <Suspense fallback={<LoadingState label="students' health" />}>{role === "tutor" ? <CaseloadSection /> : <FamilyHealthSummary />}</Suspense>
        ) : null}
        {role === "tutor" ? (
          <Suspense fallback={<LoadingState label="cancellation requests" />}>
            <OpenCancellationRequests area="tutor" />
          </Suspense>
        ) : null}
        {role === "tutor" ? (
          <SectionCard title="Missing reports" description="Your sessions still without a report 48 hours after they ended.">
            <Suspense fallback={<LoadingState label="missing reports" />}>
              <DueReports area="tutor" overdueOnly emptyText="No report is overdue." />
            </Suspense>
          </SectionCard>
        ) : (
          <SectionCard title="Latest summaries" description="What the tutors shared after the most recent sessions.">
            <Suspense fallback={<LoadingState label="summaries" />}>
              <FamilySummaries area={role} timeZone={timeZone ?? "UTC"} pageSize={3} emptyText="No summary yet: tutors share one after each session." />
            </Suspense>
          </SectionCard>
        )}
      </Stack>
      <Stack gap="md" maw={720}>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Workspace
          </Text>
          <Text fw={600} size="lg">
            {me?.activeWorkspace?.name ?? "No active workspace"}
          </Text>
        </Card>
        <Card withBorder>
          <Text fw={600} mb="xs">
            Next steps
          </Text>
          <List spacing={6}>
            {me && !me.user.twoFactorEnabled ? (
              <List.Item>
                <Anchor component={Link} to="/setup-2fa">
                  Turn on two-factor authentication
                </Anchor>{" "}
                to protect your account.
              </List.Item>
            ) : null}
            {screens.map((screen) => (
              <List.Item key={screen.path}>
                <Anchor component={Link} to={screen.path}>
                  {screen.title}
                </Anchor>
                : {screen.description}
              </List.Item>
            ))}
          </List>
        </Card>
      </Stack>
    </>
  );
}
