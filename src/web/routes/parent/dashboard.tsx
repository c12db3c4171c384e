import { lazy, Suspense } from "react";
import { MemberDashboard } from "../../components/layouts/member-dashboard.tsx";
import { LoadingState } from "../../components/ui/query-state.tsx";
import { SectionCard } from "../../components/ui/section-card.tsx";
import { useDisplayTimeZone } from "../../features/session/display-time-zone.ts";
import { DashboardStudents } from "../../features/students/components/dashboard-students.tsx";
import { metaFor } from "../../lib/meta.ts";

// The cards below the coming sessions load after the first screen, each when it is rendered.
const AwaitingAcknowledgement = lazy(() =>
  import("../../features/resources/components/awaiting-acknowledgement.tsx").then((module) => ({ default: module.AwaitingAcknowledgement })),
);
const AlertsSummary = lazy(() => import("../../features/health-alerts/components/alerts-summary.tsx").then((module) => ({ default: module.AlertsSummary })));
const FamilyHealthSummary = lazy(() =>
  import("../../features/student-health/components/family-health-summary.tsx").then((module) => ({ default: module.FamilyHealthSummary })),
);
const FamilySummaries = lazy(() =>
  import("../../features/session-reports/components/family-summaries.tsx").then((module) => ({ default: module.FamilySummaries })),
);

export const meta = () => metaFor("/parent/dashboard");

export default function ParentDashboard() {
  const { timeZone } = useDisplayTimeZone();
  return (
    <MemberDashboard
      area="parent"
      notices={
        <Suspense fallback={null}>
          <AwaitingAcknowledgement area="parent" />
        </Suspense>
      }
      students={<DashboardStudents viewer="parent" />}
    >
      <Suspense fallback={<LoadingState label="the alerts" />}>
        <AlertsSummary area="parent" />
      </Suspense>
      <Suspense fallback={<LoadingState label="students' health" />}>
        <FamilyHealthSummary />
      </Suspense>
      <SectionCard title="Latest summaries" description="What the tutors shared after the most recent sessions.">
        <Suspense fallback={<LoadingState label="summaries" />}>
          <FamilySummaries area="parent" timeZone={timeZone ?? "UTC"} pageSize={3} emptyText="No summary yet: tutors share one after each session." />
        </Suspense>
      </SectionCard>
    </MemberDashboard>
  );
}
