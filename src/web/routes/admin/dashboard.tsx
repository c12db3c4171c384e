import { Alert, Anchor, Card, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { LoadingState, QueryState } from "../../components/ui/query-state.tsx";
import { SectionCard } from "../../components/ui/section-card.tsx";
import { useMe } from "../../features/session/api.ts";
import { useMemberCounts } from "../../features/workspace/api.ts";
import { GettingStarted, TwoFactorReminder } from "../../features/workspace/components/getting-started.tsx";
import { metaFor } from "../../lib/meta.ts";
import { useDisplayTimeZone } from "../../features/session/display-time-zone.ts";

// The work queues below the figures load after the first screen (held to 300 KB of gzip JavaScript).
const OpenCancellationRequests = lazy(() =>
  import("../../features/cancellation-requests/components/open-requests.tsx").then((module) => ({ default: module.OpenCancellationRequests })),
);
const DueReports = lazy(() => import("../../features/session-reports/components/due-reports.tsx").then((module) => ({ default: module.DueReports })));
const ReviewQueue = lazy(() => import("../../features/session-reports/components/due-reports.tsx").then((module) => ({ default: module.ReviewQueue })));
const AlertsSummary = lazy(() => import("../../features/health-alerts/components/alerts-summary.tsx").then((module) => ({ default: module.AlertsSummary })));
const MyTasksCard = lazy(() => import("../../features/crm/components/my-tasks-card.tsx").then((module) => ({ default: module.MyTasksCard })));
const TrialsAwaitingCard = lazy(() =>
  import("../../features/crm/components/trials-awaiting-card.tsx").then((module) => ({ default: module.TrialsAwaitingCard })),
);

export const meta = () => metaFor("/admin/dashboard");

export default function AdminDashboard() {
  const { data: me } = useMe();
  const { timeZone } = useDisplayTimeZone();
  const counts = useMemberCounts();
  return (
    <>
      <PageHeader title="Dashboard" description={me?.activeWorkspace ? `${me.activeWorkspace.name} at a glance.` : "Your workspace at a glance."} />
      <QueryState query={counts} label="member counts">
        {(data) => (
          <>
            {data.pending > 0 ? (
              <Alert color="yellow" title="Registrations waiting for approval" mb="lg">
                <Group gap="xs">
                  <Text size="sm">{data.pending === 1 ? "1 person is" : `${data.pending} people are`} waiting for you to approve their account.</Text>
                  {/* The text's own colour, underlined: the link colour is too faint on the alert's yellow. */}
                  <Anchor component={Link} to="/admin/approvals" size="sm" c="inherit" underline="always" fw={600}>
                    Review approvals
                  </Anchor>
                </Group>
              </Alert>
            ) : null}
            <GettingStarted counts={data} />
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
              {[
                {
                  label: "Active students",
                  value: data.students.active,
                  to: "/admin/students",
                  hint: data.students.paused > 0 ? `${data.students.paused} paused` : undefined,
                },
                { label: "Tutors", value: data.byRole.tutor, to: "/admin/tutors" },
                { label: "Parents", value: data.byRole.parent, to: "/admin/members?role=parent" },
                { label: "Admins", value: data.byRole.admin, to: "/admin/members?role=admin" },
                { label: "Pending approvals", value: data.pending, to: "/admin/approvals" },
                { label: "Open invitations", value: data.openInvitations, to: "/admin/members" },
              ].map((figure) => (
                <Card key={figure.label} withBorder padding="md" component={Link} to={figure.to} className="figure-card">
                  <Text size="sm" c="dimmed">
                    {figure.label}
                  </Text>
                  <Text fz={28} fw={700}>
                    {figure.value}
                  </Text>
                  {figure.hint ? (
                    <Text size="xs" c="dimmed">
                      {figure.hint}
                    </Text>
                  ) : null}
                </Card>
              ))}
            </SimpleGrid>
            <Stack gap="md" mt="lg">
              <Suspense fallback={<LoadingState label="alerts" />}>
                <AlertsSummary area="admin" />
              </Suspense>
              <Suspense fallback={<LoadingState label="your tasks" />}>
                <MyTasksCard area="admin" />
                <TrialsAwaitingCard area="admin" />
              </Suspense>
              <Suspense fallback={<LoadingState label="cancellation requests" />}>
                <OpenCancellationRequests area="admin" />
              </Suspense>
              <SectionCard title="Missing reports" description="Sessions still without a report 48 hours after they ended.">
                <Suspense fallback={<LoadingState label="missing reports" />}>
                  <DueReports area="admin" overdueOnly emptyText="No report is overdue." />
                </Suspense>
              </SectionCard>
              <SectionCard
                title="Summaries awaiting review"
                description="Tutors' summaries that wait for your approval before families see them (Settings → Session policies)."
              >
                <Suspense fallback={<LoadingState label="summaries awaiting review" />}>
                  <ReviewQueue timeZone={timeZone ?? "UTC"} />
                </Suspense>
              </SectionCard>
            </Stack>
            <TwoFactorReminder />
          </>
        )}
      </QueryState>
    </>
  );
}
