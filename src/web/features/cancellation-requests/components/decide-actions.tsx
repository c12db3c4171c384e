import { Alert, Button, Group, Stack, Textarea } from "@mantine/core";

import { useState, type FormEvent } from "react";

import { CANCELLATION_DECLINE_MAX, type CancellationRequestView } from "../../../../shared/schemas/cancellation-requests.ts";

import { ApiError } from "../../../lib/api-client.ts";

import { notifySuccess } from "../../../lib/notify.ts";

import { useAcceptRequest, useDeclineRequest } from "../api.ts";
import type { ManagerArea } from "../../../../shared/roles.ts";

/**
 * Accept (the session is cancelled, late inside the notice period) or decline with a reason
 * the family reads. Accepting is offered only while the session is scheduled.
 */
export function DecideActions({ area, request }: { area: ManagerArea; request: CancellationRequestView }) {
  const accept = useAcceptRequest(area);
  const decline = useDeclineRequest(area);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const label = `${request.session.subject} request by ${request.requester.name ?? request.requester.role}`;

  // The notices follow the awaited mutations: a decided request leaves the dashboard's list,
  // and TanStack Query drops mutate's own callbacks once the component is gone.
  const onAccept = async () => {
    const decided = await accept.mutateAsync(request.id).catch(() => null);
    if (!decided) return;
    notifySuccess(
      "Request accepted",
      decided.session.status === "late_cancelled"
        ? "The session is cancelled; it counts as a late cancellation (inside the notice period)."
        : "The session is cancelled; its people are told by email.",
    );
  };
  const onDecline = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setReasonError("Reason is required: the family reads it.");
      return;
    }
    decline
      .mutateAsync({ requestId: request.id, input: { reason: reason.trim() } })
      .then(() => notifySuccess("Request declined", "The family is told by email; the session stays scheduled."))
      .catch((failure: unknown) => setReasonError(failure instanceof ApiError ? (failure.fieldMessage("reason") ?? null) : null));
  };
  const failure = accept.error ?? (decline.error && !reasonError ? decline.error : null);

  return (
    <Stack gap="xs">
      {declining ? (
        <form onSubmit={onDecline} noValidate aria-label={`Decline the ${label}`}>
          <Stack gap="xs">
            <Textarea
              label="Reason for declining"
              description="The family reads it."
              withAsterisk
              value={reason}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setReasonError(null);
              }}
              error={reasonError}
              autosize
              minRows={2}
              maxLength={CANCELLATION_DECLINE_MAX}
            />
            <Group gap="xs">
              <Button type="submit" color="red" variant="light" loading={decline.isPending}>
                Decline request
              </Button>
              <Button variant="default" onClick={() => setDeclining(false)}>
                Back
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Group gap="xs">
          {request.session.status === "scheduled" ? (
            <Button onClick={() => void onAccept()} loading={accept.isPending} aria-label={`Accept and cancel the session: ${label}`}>
              Accept and cancel
            </Button>
          ) : null}
          <Button variant="default" onClick={() => setDeclining(true)} aria-label={`Decline the ${label}`}>
            Decline
          </Button>
        </Group>
      )}
      {failure ? (
        <Alert color="red" role="alert" title="Could not decide the request">
          {failure.message}
        </Alert>
      ) : null}
    </Stack>
  );
}
