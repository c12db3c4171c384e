import { Anchor, Badge, Group, Stack, Text } from "@mantine/core";

import { useState } from "react";

import { Link } from "react-router";

import { QueryState } from "../../../components/ui/query-state.tsx";

import { useSessions } from "../api.ts";
import { describeWhen, isoDate, STATUS_COLORS, STATUS_LABELS, studentNames, wallNow } from "../format.ts";

import { TimeZoneNote } from "./time-zone-note.tsx";
import type { Area } from "../../../../shared/roles.ts";

const DAY = 86_400_000;
/** How far ahead the list looks, and how many sessions it shows. */
export const UPCOMING_DAYS = 14;
const UPCOMING_MAX = 8;

/**
 * The next sessions of everyone the viewer may see (a parent: all their children), for the
 * next two weeks: when (in the zone shown), what, who, and a link to each session. Cancelled
 * ones stay listed with their status: a family sees what changed.
 */
export function UpcomingSessions({ area, timeZone }: { area: Area; timeZone: string }) {
  // The moment the list is about: when the screen opened (a render must not read the clock).
  const [now] = useState(() => new Date());
  const today = wallNow(timeZone, now).slice(0, 10);
  const range = {
    from: today,
    to: isoDate(new Date(Date.parse(`${today}T00:00:00Z`) + (UPCOMING_DAYS + 1) * DAY)),
  };
  const sessions = useSessions(area, range, {}, timeZone);
  return (
    <Stack gap="sm">
      <TimeZoneNote />
      <QueryState query={sessions} label="the coming sessions">
        {(items) => {
          const coming = items.filter((session) => Date.parse(session.endsAt) > now.getTime()).sort((a, b) => a.startsAt.localeCompare(b.startsAt));
          if (coming.length === 0) return <Text>No session in the next {UPCOMING_DAYS} days.</Text>;
          return (
            <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: "none" }}>
              {coming.slice(0, UPCOMING_MAX).map((session) => (
                <Stack key={session.id} component="li" gap={2}>
                  <Group gap="xs" wrap="wrap">
                    <Anchor component={Link} to={`/${area}/sessions/${session.id}`} fw={600}>
                      {session.subject}
                    </Anchor>
                    {session.status === "scheduled" ? null : (
                      <Badge size="sm" variant="light" color={STATUS_COLORS[session.status]}>
                        {STATUS_LABELS[session.status]}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm">{describeWhen(session, timeZone)}</Text>
                  <Text size="sm" c="dimmed">
                    {area === "tutor" ? studentNames(session) : `${studentNames(session)} with ${session.tutor.name}`}
                  </Text>
                </Stack>
              ))}
              {coming.length > UPCOMING_MAX ? (
                <Text size="sm" component="li">
                  And {coming.length - UPCOMING_MAX} more in the next {UPCOMING_DAYS} days.
                </Text>
              ) : null}
            </Stack>
          );
        }}
      </QueryState>
    </Stack>
  );
}
