import { Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { notifySuccess } from "../../../lib/notify.ts";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { useActiveSessions, useRevokeOtherSessions, useRevokeSession, type ActiveSession } from "../api.ts";
import { useDateTime } from "../../session/display-time-zone.ts";
import { formatIpAddress } from "../format.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { SectionCard } from "../../../components/ui/section-card.tsx";

/** "Active sessions": where the account is signed in, with sign-out of each. */
export function SessionsSection() {
  const sessions = useActiveSessions();
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  return (
    <SectionCard title="Active sessions" description="The browsers and devices where you are signed in. Sign out any you do not recognise.">
      <QueryState query={sessions} label="active sessions">
        {(list) =>
          list.length === 0 ? (
            <Text size="sm">No active sessions.</Text>
          ) : (
            <Stack gap="sm" component="ul" aria-label="Active sessions" style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {list.map((session, index) => (
                <SessionItem key={session.id} session={session} number={index + 1} />
              ))}
            </Stack>
          )
        }
      </QueryState>
      {sessions.isSuccess ? (
        <>
          <FormError error={revokeOthers.error} title="Could not sign out the other sessions" />
          <Group>
            <Button
              variant="default"
              disabled={others === 0}
              loading={revokeOthers.isPending}
              onClick={() =>
                revokeOthers.mutate(undefined, {
                  onSuccess: () =>
                    notifySuccess("Signed out everywhere else", others === 1 ? "1 other session was signed out." : `${others} other sessions were signed out.`),
                })
              }
            >
              Sign out all other sessions
            </Button>
            {others === 0 ? <Text size="sm">This is your only session.</Text> : null}
          </Group>
        </>
      ) : null}
    </SectionCard>
  );
}

function SessionItem({ session, number }: { session: ActiveSession; number: number }) {
  const { instant } = useDateTime();
  const revoke = useRevokeSession();
  return (
    <Paper component="li" withBorder p="md" radius="md" aria-label={`Session ${number}: ${session.device}${session.current ? ", this device" : ""}`}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: "1 1 240px" }}>
          <Group gap="xs">
            <Text fw={600} title={session.userAgent ?? undefined}>
              {session.device}
            </Text>
            {session.current ? (
              <Badge color="teal" variant="outline">
                This device
              </Badge>
            ) : null}
          </Group>
          <Text size="sm">IP address: {formatIpAddress(session.ipAddress)}</Text>
          <Text size="sm">Signed in: {instant(session.signedInAt)}</Text>
          <Text size="sm">Last active: {instant(session.lastActiveAt)}</Text>
          {revoke.error ? (
            <Text size="sm" c="red" role="alert">
              Could not sign out this session: {revoke.error.message}
            </Text>
          ) : null}
        </Stack>
        {session.current ? null : (
          <Button
            variant="outline"
            color="red"
            size="sm"
            loading={revoke.isPending}
            aria-label={`Sign out session ${number} (${session.device})`}
            onClick={() =>
              revoke.mutate(session, {
                onSuccess: () => notifySuccess("Session signed out", `${session.device} is signed out.`),
              })
            }
          >
            Sign out
          </Button>
        )}
      </Group>
    </Paper>
  );
}
