import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import type { Session, SessionUpdateScope } from "../../../../shared/schemas/sessions.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { outsideAvailabilityOf, useUpdateSession } from "../api.ts";
import { formatWallSpan } from "../../../lib/format-time.ts";
import { describeWhen } from "../format.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { dragRequest } from "../session-update.ts";

/** A session dropped or resized on the calendar: its new wall start and end, and how to put it back. */
export interface DraggedChange {
  session: Session;
  kind: "move" | "resize";
  start: string;
  end: string;
  revert: () => void;
}

type Step = { change: DraggedChange; name: "scope" } | { change: DraggedChange; name: "outside"; scope: SessionUpdateScope; message: string };

/**
 * What happens after a drop or a resize: for an occurrence of a series, which sessions change
 * (this one, or it and the following ones); the server's availability question; and on a clash
 * or any other refusal the event goes back with the server's message. `start` takes a change;
 * `dialog` is rendered by the calendar.
 */
export function useDragChange(area: "admin" | "tutor", timeZone: string) {
  const update = useUpdateSession(area);
  const [step, setStep] = useState<Step | null>(null);

  const send = (change: DraggedChange, scope: SessionUpdateScope, confirm: boolean) => {
    update.mutate(
      { sessionId: change.session.id, input: dragRequest(change.start, change.end, scope, timeZone, confirm) },
      {
        onSuccess: (batch) => {
          setStep(null);
          const first = batch.items[0];
          const count = batch.items.length;
          const when = first ? describeWhen(first, timeZone) : formatWallSpan(change.start, change.end, timeZone);
          if (change.kind === "move") notifySuccess(count === 1 ? "Session moved" : `${count} sessions moved`, `${count === 1 ? "To" : "From"} ${when}.`);
          else notifySuccess(count === 1 ? "Session changed" : `${count} sessions changed`, `${count === 1 ? "Now" : "From"} ${when}.`);
        },
        onError: (error) => {
          const outside = outsideAvailabilityOf(error);
          if (outside) {
            setStep({ change, name: "outside", scope, message: outside });
            return;
          }
          setStep(null);
          change.revert();
          const clash = error instanceof ApiError && error.status === 409;
          notifyError(
            clash ? "This time clashes with another session" : change.kind === "move" ? "Could not move the session" : "Could not change the session",
            error.message,
          );
        },
      },
    );
  };

  const start = (change: DraggedChange) => {
    if (change.session.seriesId) setStep({ change, name: "scope" });
    else send(change, "this", false);
  };

  const abandon = () => {
    if (update.isPending) return;
    step?.change.revert();
    setStep(null);
  };

  const change = step?.change;
  const verb = change?.kind === "resize" ? "Change" : "Move";
  const dialog = (
    <Modal
      opened={step !== null}
      onClose={abandon}
      title={step?.name === "outside" ? "Outside the tutor's availability" : `${verb} a session of a series`}
      centered
    >
      {step && change ? (
        <Stack gap="md">
          <Text size="sm">
            {change.session.subject} of {describeWhen(change.session, timeZone)}, to <strong>{formatWallSpan(change.start, change.end, timeZone)}</strong>.
          </Text>
          {step.name === "scope" ? (
            <>
              <Text size="sm">Which sessions?</Text>
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={abandon} disabled={update.isPending}>
                  Cancel
                </Button>
                <Button
                  variant="light"
                  loading={update.isPending && update.variables.input.scope === "following"}
                  disabled={update.isPending}
                  onClick={() => send(change, "following", false)}
                >
                  This and the following
                </Button>
                <Button
                  loading={update.isPending && update.variables.input.scope === "this"}
                  disabled={update.isPending}
                  onClick={() => send(change, "this", false)}
                  data-autofocus
                >
                  This session only
                </Button>
              </Group>
            </>
          ) : (
            <>
              <Text size="sm">{step.message}</Text>
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={abandon} disabled={update.isPending}>
                  Keep the old time
                </Button>
                <Button loading={update.isPending} onClick={() => send(change, step.scope, true)} data-autofocus>
                  {verb} anyway
                </Button>
              </Group>
            </>
          )}
        </Stack>
      ) : null}
    </Modal>
  );

  return { start, dialog };
}
