import { Stack } from "@mantine/core";
import { useLocation } from "react-router";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { BackLink } from "../../features/students/components/people-ui.tsx";
import { AlertsList } from "../../features/health-alerts/components/alerts-list.tsx";

/**
 * A tutor's or a guardian's alerts: a tutor's on their assigned students (learning and
 * reports; billing is the office's), a guardian's the family-visible ones on their children.
 */
export default function Alerts() {
  const area = useLocation().pathname.startsWith("/tutor/") ? "tutor" : "parent";
  return (
    <>
      {/* Reached from the dashboard's alerts (the screen is not in the menu): the way back. */}
      <div>
        <BackLink to={`/${area}/dashboard`}>Dashboard</BackLink>
      </div>
      <PageHeader
        title="Alerts"
        description={
          area === "tutor"
            ? "Your students whose attendance, engagement or reports need attention. Acknowledge an alert or plan what you will do; each resolves itself when its condition clears."
            : "What needs attention for your children. Each alert resolves itself when its condition clears; the reason behind it is on your child's health card."
        }
      />
      <Stack gap="md" pb={64}>
        <AlertsList area={area} topics={area === "tutor" ? ["learning", "reports"] : ["learning", "billing"]} />
      </Stack>
    </>
  );
}
