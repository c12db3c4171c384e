import { Badge, Stack, Text } from "@mantine/core";
import type { CancellationRequestState, CancellationRequestView } from "../../../../shared/schemas/cancellation-requests.ts";
import { useDateTime } from "../../session/display-time-zone.ts";

export const STATE_LABELS: Record<CancellationRequestState, string> = {
  requested: "Waiting for a decision",
  accepted: "Accepted",
  declined: "Declined",
  closed: "Closed",
};

const STATE_COLORS: Record<CancellationRequestState, string> = { requested: "blue", accepted: "teal", declined: "red", closed: "gray" };

export function RequestStateBadge({ state }: { state: CancellationRequestState }) {
  return (
    <Badge color={STATE_COLORS[state]} variant="light">
      {STATE_LABELS[state]}
    </Badge>
  );
}

/** "Pat Parent (parent)", or "A former parent" when the account is gone. */
export const requesterOf = (request: CancellationRequestView) =>
  request.requester.name ? `${request.requester.name} (${request.requester.role})` : `A former ${request.requester.role}`;

/** What became of the request, in words: "Declined: <reason>", with who decided and when. */
export function RequestDecision({ request }: { request: CancellationRequestView }) {
  const { instant } = useDateTime();
  const by = request.decidedBy ?? "a former member";
  const when = request.decidedAt ? instant(request.decidedAt) : "";
  switch (request.state) {
    case "requested":
      return null;
    case "declined":
      return (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            Declined: {request.declineReason}
          </Text>
          <Text size="sm" c="dimmed">
            By {by}, {when}. The session stays scheduled.
          </Text>
        </Stack>
      );
    case "accepted":
      return (
        <Text size="sm">
          Accepted by {by}, {when}: the session is cancelled.
        </Text>
      );
    case "closed":
      return (
        <Text size="sm">
          Closed: {by} cancelled the session, {when}.
        </Text>
      );
  }
}

/** A request as its requester or a decider reads it: state, who asked when, the reason, and the decision. */
export function RequestSummary({ request, showRequester }: { request: CancellationRequestView; showRequester: boolean }) {
  const { instant } = useDateTime();
  return (
    <Stack gap={4}>
      <div>
        <RequestStateBadge state={request.state} />
      </div>
      <Text size="sm">
        {showRequester ? `${requesterOf(request)} asked` : "You asked"} on {instant(request.createdAt)}: “{request.reason}”
      </Text>
      <RequestDecision request={request} />
    </Stack>
  );
}
