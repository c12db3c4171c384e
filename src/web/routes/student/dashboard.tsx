import { lazy, Suspense } from "react";
import { MemberDashboard } from "../../components/layouts/member-dashboard.tsx";
import { LoadingState } from "../../components/ui/query-state.tsx";
import { SectionCard } from "../../components/ui/section-card.tsx";
import { useDisplayTimeZone } from "../../features/session/display-time-zone.ts";
import { metaFor } from "../../lib/meta.ts";

// The cards below the coming sessions load after the first screen, each when it is rendered.
const AwaitingAcknowledgement = lazy(() =>
  import("../../features/resources/components/awaiting-acknowledgement.tsx").then((module) => ({ default: module.AwaitingAcknowledgement })),
);
const FamilySummaries = lazy(() =>
  import("../../features/session-reports/components/family-summaries.tsx").then((module) => ({ default: module.FamilySummaries })),
);

export const meta = () => metaFor("/student/dashboard");

export default function StudentDashboard() {
  const { timeZone } = useDisplayTimeZone();
  return (
    <MemberDashboard
      area="student"
      notices={
        <Suspense fallback={null}>
          <AwaitingAcknowledgement area="student" />
        </Suspense>
      }
    >
      <SectionCard title="Latest summaries" description="What the tutors shared after the most recent sessions.">
        <Suspense fallback={<LoadingState label="summaries" />}>
          <FamilySummaries area="student" timeZone={timeZone ?? "UTC"} pageSize={3} emptyText="No summary yet: tutors share one after each session." />
        </Suspense>
      </SectionCard>
    </MemberDashboard>
  );
}
