import { Anchor, Card, List, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { areaRoutesOf } from "../../../shared/route-table.ts";
import type { MemberRole } from "../../../shared/roles.ts";
import { UpcomingSessions } from "../../features/calendar/components/upcoming-sessions.tsx";
import { useMe } from "../../features/session/api.ts";
import { useDisplayTimeZone } from "../../features/session/display-time-zone.ts";
import { PageHeader } from "../ui/page-header.tsx";
import { SectionCard } from "../ui/section-card.tsx";

type MemberArea = Exclude<MemberRole, "admin">;

const INTRO: Record<MemberArea, string> = {
  tutor: "Your students, your coming sessions and the reports they need, in one place.",
  parent: "Your children's sessions, summaries and billing, as your tutoring business shares them.",
  student: "Your sessions, summaries and progress, in one place.",
};

const COMING_UP: Record<MemberArea, string> = {
  tutor: "Your sessions in the next two weeks.",
  parent: "Your children's sessions in the next two weeks.",
  student: "Your sessions in the next two weeks.",
};

/**
 * The dashboard of tutors, parents and students: the welcome, the notices, the students, the
 * coming sessions, the role's cards, the workspace and the next steps. Each role's screen
 * (routes/<role>/dashboard.tsx) gives its own notices, students and cards, and loads its cards
 * lazily: a role's first screen loads only its own, and the budget test counts them.
 */
export function MemberDashboard({ area, notices, students, children }: { area: MemberArea; notices: ReactNode; students?: ReactNode; children: ReactNode }) {
  const { data: me } = useMe();
  const { timeZone } = useDisplayTimeZone();
  const screens = areaRoutesOf(area).filter((screen) => !screen.path.endsWith("/dashboard"));
  return (
    <>
      <PageHeader title={`Welcome, ${me?.user.name ?? ""}`} description={INTRO[area]} />
      {notices}
      {students ? <Stack mb="xl">{students}</Stack> : null}
      <Stack mb="xl" maw={960}>
        {timeZone ? (
          <SectionCard title="Coming up" description={COMING_UP[area]}>
            <UpcomingSessions area={area} timeZone={timeZone} />
          </SectionCard>
        ) : null}
        {children}
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
                <Anchor underline="always" component={Link} to="/setup-2fa">
                  Turn on two-factor authentication
                </Anchor>{" "}
                to protect your account.
              </List.Item>
            ) : null}
            {screens.map((screen) => (
              <List.Item key={screen.path}>
                <Anchor underline="always" component={Link} to={screen.path}>
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
