import { Button, Group } from "@mantine/core";
import { IconAdjustments, IconBell } from "@tabler/icons-react";
import { Link } from "react-router";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { HealthList } from "../../features/student-health/components/health-list.tsx";

/** Every active student's health card by risk, with the ways to the rules that score them and to the alerts. */
export default function Screen() {
  return (
    <>
      <PageHeader
        title="Student health"
        description="Every active student's health card, highest risk first: the band, the score, the reason with the most points and how the score moved in a week."
      >
        <Group gap="sm" mt="xs">
          <Button component={Link} to="/admin/health/rules" variant="default" size="sm" leftSection={<IconAdjustments size={16} aria-hidden="true" />}>
            Rules
          </Button>
          <Button component={Link} to="/admin/health/alerts" variant="default" size="sm" leftSection={<IconBell size={16} aria-hidden="true" />}>
            Alerts
          </Button>
        </Group>
      </PageHeader>
      <HealthList />
    </>
  );
}
