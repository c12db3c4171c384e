import { Button, Stack, Text } from "@mantine/core";

import { useState } from "react";

import type { Session } from "../../../../shared/schemas/sessions.ts";

import { QueryState } from "../../../components/ui/query-state.tsx";

import { useSessionRequests } from "../api.ts";
import { AskToCancelForm } from "./ask-form.tsx";

import { RequestSummary } from "./request-state.tsx";
import type { FamilyArea } from "../../../../shared/roles.ts";

/**
 * A parent's or student's own cancellation requests on a session, with their state, and the
 * way to ask while the session is scheduled, not started, and no request of theirs is open.
 * `latestOnly` (the calendar drawer) shows the newest request only.
 */
export function FamilyRequests({
  area,
  session,
  latestOnly = false,
  onAsked,
}: {
  area: FamilyArea;
  session: Session;
  latestOnly?: boolean;
  onAsked?: () => void;
}) {
  const requests = useSessionRequests(area, session.id);
  const [asking, setAsking] = useState(false);
  const [openedAt] = useState(Date.now);
  const canAsk = session.status === "scheduled" && Date.parse(session.startsAt) > openedAt;
  return (
    <QueryState query={requests} label="your cancellation requests">
      {({ items }) => {
        const open = items.some((request) => request.state === "requested");
        const shown = latestOnly ? items.slice(0, 1) : items;
        return (
          <Stack gap="sm">
            {shown.map((request) => (
              <RequestSummary key={request.id} request={request} showRequester={false} />
            ))}
            {shown.length === 0 && !canAsk ? <Text c="dimmed">You have not asked to cancel this session.</Text> : null}
            {canAsk && !open ? (
              asking ? (
                <AskToCancelForm
                  area={area}
                  session={session}
                  onBack={() => setAsking(false)}
                  onDone={() => {
                    setAsking(false);
                    onAsked?.();
                  }}
                />
              ) : (
                <Button variant="light" onClick={() => setAsking(true)} style={{ alignSelf: "flex-start" }}>
                  {items.length > 0 ? "Ask again to cancel" : "Ask to cancel"}
                </Button>
              )
            ) : null}
          </Stack>
        );
      }}
    </QueryState>
  );
}
