import { lazy, Suspense } from "react";
import { MemberDashboard } from "../../components/layouts/member-dashboard.tsx";
import { LoadingState } from "../../components/ui/query-state.tsx";
import { SectionCard } from "../../components/ui/section-card.tsx";
import { DashboardStudents } from "../../features/students/components/dashboard-students.tsx";
import { metaFor } from "../../lib/meta.ts";

// The cards below the coming sessions load after the first screen, each when it is rendered;
// what a card shows only once the tutor acts (a dialog, a form) loads then.
const AwaitingAcknowledgement = lazy(() =>
  import("../../features/resources/components/awaiting-acknowledgement.tsx").then((module) => ({ default: module.AwaitingAcknowledgement })),
);
const AvailabilityPrompt = lazy(() =>
  import("../../features/tutor-profile/components/availability-prompt.tsx").then((module) => ({ default: module.AvailabilityPrompt })),
);
const MyTasksCard = lazy(() => import("../../features/crm/components/my-tasks-card.tsx").then((module) => ({ default: module.MyTasksCard })));
const TrialsAwaitingCard = lazy(() =>
  import("../../features/crm/components/trials-awaiting-card.tsx").then((module) => ({ default: module.TrialsAwaitingCard })),
);
const AlertsSummary = lazy(() => import("../../features/health-alerts/components/alerts-summary.tsx").then((module) => ({ default: module.AlertsSummary })));
const CaseloadSection = lazy(() =>
  import("../../features/student-health/components/caseload-section.tsx").then((module) => ({ default: module.CaseloadSection })),
);
const OpenCancellationRequests = lazy(() =>
  import("../../features/cancellation-requests/components/open-requests.tsx").then((module) => ({ default: module.OpenCancellationRequests })),
);
const DueReports = lazy(() => import("../../features/session-reports/components/due-reports.tsx").then((module) => ({ default: module.DueReports })));

export const meta = () => metaFor("/tutor/dashboard");

export default function TutorDashboard() {
  return (
    <MemberDashboard
      area="tutor"
      notices={
        <>
          <Suspense fallback={null}>
            <AwaitingAcknowledgement area="tutor" />
          </Suspense>
          <Suspense fallback={null}>
            <AvailabilityPrompt />
          </Suspense>
        </>
      }
      students={<DashboardStudents viewer="tutor" />}
    >
      <Suspense fallback={<LoadingState label="your tasks" />}>
        <MyTasksCard area="tutor" />
        <TrialsAwaitingCard area="tutor" />
      </Suspense>
      <Suspense fallback={<LoadingState label="the alerts" />}>
        <AlertsSummary area="tutor" />
      </Suspense>
      <Suspense fallback={<LoadingState label="students' health" />}>
        <CaseloadSection />
      </Suspense>
      <Suspense fallback={<LoadingState label="cancellation requests" />}>
        <OpenCancellationRequests area="tutor" />
      </Suspense>
      <SectionCard title="Missing reports" description="Your sessions still without a report 48 hours after they ended.">
        <Suspense fallback={<LoadingState label="missing reports" />}>
          <DueReports area="tutor" overdueOnly emptyText="No report is overdue." />
        </Suspense>
      </SectionCard>
    </MemberDashboard>
  );
}
