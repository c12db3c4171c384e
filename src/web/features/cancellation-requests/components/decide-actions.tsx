import { Alert, Button, Group, Stack } from "@mantine/core";

import { useState, type FormEvent } from "react";

import type { CancellationRequestView } from "../../../../shared/schemas/cancellation-requests.ts";

import { useOnDemand } from "../../../components/ui/use-on-demand.ts";

import { ApiError } from "../../../lib/api-client.ts";

import { notifySuccess } from "../../../lib/notify.ts";

import { useAcceptRequest, useDeclineRequest } from "../api.ts";
import type { ManagerArea } from "../../../../shared/roles.ts";

/**
 * Accept (the session is cancelled, late inside the notice period) or decline with a reason
 * the family reads. Accepting is offered only while the session is scheduled. The reason's
 * form loads when Decline is first pressed.
 */
export function DecideActions({ area, request }: { area: ManagerArea; request: CancellationRequestView }) {
  const accept = useAcceptRequest(area);
  const decline = useDeclineRequest(area);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const declineForm = useOnDemand(() => import("./decline-form.tsx"));
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
      {declining && declineForm.module ? (
        <declineForm.module.DeclineForm
          label={label}
          reason={reason}
          reasonError={reasonError}
          pending={decline.isPending}
          onReason={(next) => {
            setReason(next);
            setReasonError(null);
          }}
          onSubmit={onDecline}
          onBack={() => setDeclining(false)}
        />
      ) : (
        <Group gap="xs">
          {request.session.status === "scheduled" ? (
            <Button onClick={() => void onAccept()} loading={accept.isPending} aria-label={`Accept and cancel the session: ${label}`}>
              Accept and cancel
            </Button>
          ) : null}
          <Button
            variant="default"
            onClick={() => declineForm.whenLoaded(() => setDeclining(true))}
            aria-label={`Decline the ${label}`}
            {...declineForm.prefetch}
          >
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
