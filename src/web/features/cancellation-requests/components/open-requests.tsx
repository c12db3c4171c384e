import { Anchor, Card, Stack, Text } from "@mantine/core";

import { Link } from "react-router";

import { QueryState } from "../../../components/ui/query-state.tsx";

import { SectionCard } from "../../../components/ui/section-card.tsx";

import { useDateTime } from "../../session/display-time-zone.ts";

import { useOpenRequests } from "../api.ts";
import { DecideActions } from "./decide-actions.tsx";

import { requesterOf } from "./request-state.tsx";
import type { ManagerArea } from "../../../../shared/roles.ts";

/** The dashboards' open cancellation requests (the tutor's sessions, or every session for an admin), the soonest session first. */
export function OpenCancellationRequests({ area }: { area: ManagerArea }) {
  const requests = useOpenRequests(area);
  const { span, instant } = useDateTime();
  return (
    <SectionCard
      title="Cancellation requests"
      description={
        area === "admin"
          ? "Families asking to cancel a session: accept (the session is cancelled) or decline with a reason."
          : "Families asking to cancel one of your sessions: accept (the session is cancelled) or decline with a reason."
      }
    >
      <QueryState query={requests} label="cancellation requests">
        {({ items }) =>
          items.length === 0 ? (
            <Text c="dimmed">No cancellation request is waiting.</Text>
          ) : (
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label="Open cancellation requests">
              {items.map((request) => (
                <Card key={request.id} component="li" withBorder padding="sm">
                  <Stack gap="xs">
                    <Anchor component={Link} to={`/${area}/sessions/${request.session.id}`} fw={600}>
                      {request.session.subject} · {request.session.studentNames.join(", ")}
                      {area === "admin" ? ` with ${request.session.tutorName}` : ""}
                    </Anchor>
                    <Text size="sm">{span(request.session.startsAt, request.session.endsAt, "short")}</Text>
                    <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                      {requesterOf(request)} asked on {instant(request.createdAt)}: “{request.reason}”
                    </Text>
                    <DecideActions area={area} request={request} />
                  </Stack>
                </Card>
              ))}
            </Stack>
          )
        }
      </QueryState>
    </SectionCard>
  );
}
