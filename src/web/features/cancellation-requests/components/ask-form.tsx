import { Alert, Button, Group, Stack, Text, Textarea } from "@mantine/core";

import { useState, type FormEvent } from "react";

import type { Session } from "../../../../shared/schemas/sessions.ts";

import { ApiError } from "../../../lib/api-client.ts";

import { notifySuccess } from "../../../lib/notify.ts";

import { useAskToCancel } from "../api.ts";
import type { FamilyArea } from "../../../../shared/roles.ts";

/** A parent's or student's request to cancel, with its reason (required). */
export function AskToCancelForm({ area, session, onDone, onBack }: { area: FamilyArea; session: Session; onDone: () => void; onBack: () => void }) {
  const request = useAskToCancel(area);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError("Reason is required.");
      return;
    }
    setError(null);
    // The notice follows the awaited mutation: the form is gone once the open request shows,
    // and TanStack Query drops mutate's own callbacks then.
    request
      .mutateAsync({ sessionId: session.id, input: { reason: reason.trim() } })
      .then(() => {
        notifySuccess(
          "Cancellation requested",
          "Your tutor and the workspace's admins were told. The session stays on the calendar until they accept or decline.",
        );
        onDone();
      })
      .catch((failure: unknown) => setError(failure instanceof ApiError ? (failure.fieldMessage("reason") ?? null) : null));
  };
  const otherError = request.error && !error ? request.error : null;
  return (
    <form onSubmit={submit} noValidate aria-label="Ask to cancel the session">
      <Stack gap="sm">
        <Text size="sm">
          Your tutor and the workspace&apos;s admins get your request by email; the session stays scheduled until they accept or decline it.
        </Text>
        <Textarea
          label="Reason"
          withAsterisk
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          autosize
          minRows={2}
          maxLength={500}
        />
        {otherError ? (
          <Alert color="red" role="alert" title="Could not send the request">
            {otherError.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onBack}>
            Back
          </Button>
          <Button type="submit" loading={request.isPending}>
            Send request
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
