import { Anchor, Card, List, Stack, Text } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { areaRoutesOf } from "../../../shared/route-table.ts";
import { isMemberRole, type MemberRole } from "../../../shared/roles.ts";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { useMe } from "../../features/session/api.ts";
import { metaFor } from "../../lib/meta.ts";

export const meta = ({ location }: { location: { pathname: string } }) => metaFor(location.pathname);

const INTRO: Record<Exclude<MemberRole, "admin">, string> = {
  tutor: "Your sessions, students and reports will gather here as your workspace sets them up.",
  parent: "Your children's sessions, summaries and billing will gather here as your tutoring business shares them.",
  student: "Your sessions, summaries and progress will gather here.",
};

/** The dashboard of tutors, parents and students: their workspace and next steps. */
export default function MemberDashboard() {
  const { data: me } = useMe();
  const role = useLocation().pathname.split("/")[1] as Exclude<MemberRole, "admin">;
  const screens = isMemberRole(role) ? areaRoutesOf(role).filter((screen) => !screen.path.endsWith("/dashboard")) : [];
  return (
    <>
      <PageHeader title={`Welcome, ${me?.user.name ?? ""}`} description={INTRO[role]} />
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
