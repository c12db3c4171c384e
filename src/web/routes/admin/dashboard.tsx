import { Alert, Anchor, Card, Group, List, SimpleGrid, Text } from "@mantine/core";
import { Link } from "react-router";
import { MEMBER_ROLES, ROLE_LABELS } from "../../../shared/roles.ts";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { useMe } from "../../features/session/api.ts";
import { useMemberCounts } from "../../features/workspace/api.ts";
import { metaFor } from "../../lib/meta.ts";

export const meta = () => metaFor("/admin/dashboard");

export default function AdminDashboard() {
  const { data: me } = useMe();
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
                  <Text size="sm">
                    {data.pending === 1 ? "1 person is" : `${data.pending} people are`} waiting for you to approve their account.
                  </Text>
                  <Anchor component={Link} to="/admin/approvals" size="sm" fw={600}>
                    Review approvals
                  </Anchor>
                </Group>
              </Alert>
            ) : null}
            <SimpleGrid cols={{ base: 2, md: 5 }} spacing="md">
              {MEMBER_ROLES.map((role) => (
                <Card key={role} withBorder padding="md">
                  <Text size="sm" c="dimmed">
                    {ROLE_LABELS[role]}s
                  </Text>
                  <Text fz={28} fw={700}>
                    {data.byRole[role]}
                  </Text>
                </Card>
              ))}
              <Card withBorder padding="md" component={Link} to="/admin/approvals" style={{ textDecoration: "none" }}>
                <Text size="sm" c="dimmed">
                  Pending approvals
                </Text>
                <Text fz={28} fw={700}>
                  {data.pending}
                </Text>
              </Card>
            </SimpleGrid>
            <Card withBorder padding="lg" mt="lg" maw={720}>
              <Text fw={600} mb="xs">
                Getting started
              </Text>
              <List spacing={6}>
                <List.Item>
                  Share your join link with your tutors, parents and students from{" "}
                  <Anchor component={Link} to="/admin/settings">
                    Settings
                  </Anchor>
                  ; each request waits for you in{" "}
                  <Anchor component={Link} to="/admin/approvals">
                    Approvals
                  </Anchor>
                  .
                </List.Item>
                <List.Item>
                  Set your workspace's time zone and currency in{" "}
                  <Anchor component={Link} to="/admin/settings">
                    Settings
                  </Anchor>
                  .
                </List.Item>
                {me && !me.user.twoFactorEnabled ? (
                  <List.Item>
                    <Anchor component={Link} to="/setup-2fa">
                      Turn on two-factor authentication
                    </Anchor>
                    : an admin account holds your families' data.
                  </List.Item>
                ) : null}
              </List>
            </Card>
          </>
        )}
      </QueryState>
    </>
  );
}
