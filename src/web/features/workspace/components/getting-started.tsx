import { Anchor, Card, Group, List, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import type { MemberCounts } from "../../../../shared/schemas/workspace.ts";
import { invitationsQuery } from "../../invitations/api.ts";
import { useMe } from "../../session/api.ts";
import { doneWithoutInvitations, gettingStartedSteps, type GettingStartedStep } from "../getting-started.ts";

const STEPS: { step: GettingStartedStep; title: string; body: ReactNode }[] = [
  {
    step: "students",
    title: "Add your students",
    body: (
      <>
        Create a record for each student in{" "}
        <Anchor underline="always" component={Link} to="/admin/students">
          Students
        </Anchor>
        .
      </>
    ),
  },
  {
    step: "tutors",
    title: "Invite your tutors",
    body: (
      <>
        Invite them by email from{" "}
        <Anchor underline="always" component={Link} to="/admin/members">
          Members
        </Anchor>
        , or share your join link from{" "}
        <Anchor underline="always" component={Link} to="/admin/settings">
          Settings
        </Anchor>{" "}
        (each request waits for you in{" "}
        <Anchor underline="always" component={Link} to="/admin/approvals">
          Approvals
        </Anchor>
        ).
      </>
    ),
  },
  {
    step: "parents",
    title: "Invite the parents",
    body: (
      <>
        From{" "}
        <Anchor underline="always" component={Link} to="/admin/members">
          Members
        </Anchor>
        : a parent invited for a student is linked to that child when they accept.
      </>
    ),
  },
];

/**
 * "Getting started": a new workspace's first steps, each marked done from the workspace's data.
 * Shown at the top of the admin dashboard until every step is done, then not at all.
 */
export function GettingStarted({ counts }: { counts: MemberCounts }) {
  const headingId = useId();
  const { data: me } = useMe();
  const countsSuffice = doneWithoutInvitations(counts);
  const invitations = useQuery({ ...invitationsQuery, enabled: !countsSuffice });
  if (countsSuffice) return null;
  // Until the invitations are known, nothing is shown rather than a step that may be done.
  if (!invitations.data && !invitations.isError) return null;
  const done = gettingStartedSteps(counts, invitations.data);
  const doneCount = STEPS.filter(({ step }) => done[step]).length;
  if (doneCount === STEPS.length) return null;
  const workspace = me?.activeWorkspace;
  return (
    <Card withBorder padding="lg" mb="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h3" id={headingId}>
            Getting started
          </Title>
          <Text size="sm">
            {doneCount} of {STEPS.length} done
          </Text>
        </Group>
        <List spacing="sm" listStyleType="none" aria-label="First steps">
          {STEPS.map(({ step, title, body }) => (
            <List.Item
              key={step}
              icon={
                <ThemeIcon size={22} radius="xl" color={done[step] ? "teal.9" : "gray.3"} aria-hidden>
                  {done[step] ? <IconCheck size={14} /> : <span />}
                </ThemeIcon>
              }
            >
              <Text size="sm" fw={600} td={done[step] ? "line-through" : undefined}>
                {title}
                {done[step] ? <span className="visually-hidden"> (done)</span> : null}
              </Text>
              <Text size="sm">{body}</Text>
            </List.Item>
          ))}
        </List>
        {workspace ? (
          <Text size="sm">
            Your workspace's time zone is {workspace.timeZone.replaceAll("_", " ")} and its currency {workspace.currency}: change them in{" "}
            <Anchor underline="always" component={Link} to="/admin/settings">
              Settings
            </Anchor>
            .
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

/** A reminder to turn on two-factor authentication, while the admin has not. */
export function TwoFactorReminder() {
  const { data: me } = useMe();
  if (!me || me.user.twoFactorEnabled) return null;
  return (
    <Card withBorder padding="lg" mt="lg" maw={720}>
      <Text size="sm">
        <Anchor underline="always" component={Link} to="/setup-2fa" fw={600}>
          Turn on two-factor authentication
        </Anchor>
        : an admin account holds your families' data.
      </Text>
    </Card>
  );
}
