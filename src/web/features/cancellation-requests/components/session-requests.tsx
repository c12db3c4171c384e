import { Divider, Stack, Text } from "@mantine/core";

import { Fragment } from "react";

import { QueryState } from "../../../components/ui/query-state.tsx";

import { useSessionRequests } from "../api.ts";
import { DecideActions } from "./decide-actions.tsx";

import { RequestSummary } from "./request-state.tsx";
import type { ManagerArea } from "../../../../shared/roles.ts";

/** Every cancellation request on a session, newest first, for its tutor or an admin: open ones with accept and decline. */
export function SessionRequests({ area, sessionId }: { area: ManagerArea; sessionId: string }) {
  const requests = useSessionRequests(area, sessionId);
  return (
    <QueryState query={requests} label="the cancellation requests">
      {({ items }) =>
        items.length === 0 ? (
          <Text c="dimmed">No one has asked to cancel this session.</Text>
        ) : (
          <Stack gap="md">
            {items.map((request, index) => (
              <Fragment key={request.id}>
                {index > 0 ? <Divider /> : null}
                <Stack gap="xs">
                  <RequestSummary request={request} showRequester />
                  {request.state === "requested" ? <DecideActions area={area} request={request} /> : null}
                </Stack>
              </Fragment>
            ))}
          </Stack>
        )
      }
    </QueryState>
  );
}
