import { Stack } from "@mantine/core";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { AnalyticsSection } from "../../features/analytics/components/analytics-section.tsx";

/**
 * Reports and analytics: every figure of the workspace for a range (this month by default),
 * narrowed by tutor, subject or student, grouped by what it is about. The range and filters
 * are in the URL, so a link shows the same figures.
 */
export default function AdminReports() {
  return (
    <>
      <PageHeader
        title="Reports and analytics"
        description="Your workspace's figures for a date range, each compared with the period just before it. Open a figure's rows to see what it counted."
      />
      {/* Bottom room so that the floating Switch Role button never covers the last card. */}
      <Stack gap="md" pb={64}>
        <AnalyticsSection target={{ area: "admin" }} grouped emptyText="The figures of your workspace will be listed here." />
      </Stack>
    </>
  );
}
