import { Alert, Button, Drawer, Group, Radio, Stack, Text, Textarea } from "@mantine/core";

import { useState, type FormEvent } from "react";

import { Link } from "react-router";

import type { Session } from "../../../../shared/schemas/sessions.ts";

import { FamilyRequests } from "../../cancellation-requests/components/family-requests.tsx";

import { canSchedule, useCancelSession, useLateNotice } from "../api.ts";
import { hoursUntil } from "../format.ts";

import { notifySuccess } from "../../../lib/notify.ts";

import { SessionFacts, SessionStatusLine } from "./session-facts.tsx";
import type { Area } from "../../../../shared/roles.ts";

/** "in 3 days", "in 5 hours", "in 40 minutes". */
function fromNow(hours: number): string {
  if (hours >= 48) return `in ${Math.floor(hours / 24)} days`;
  if (hours >= 2) return `in ${Math.floor(hours)} hours`;
  const minutes = Math.max(1, Math.round(hours * 60));
  return `in ${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** What cancelling now means for the late-cancellation policy, as far as the viewer knows it. */
function LateNote({ session, noticeHours }: { session: Session; noticeHours: number | undefined }) {
  const hours = hoursUntil(session);
  if (hours <= 0) return <Text size="sm">This session has started: cancelling it now counts as a late cancellation.</Text>;
  if (noticeHours !== undefined) {
    return hours < noticeHours ? (
      <Alert color="orange" title="This will be a late cancellation">
        The session starts {fromNow(hours)}, inside the workspace&apos;s {noticeHours}-hour notice period.
      </Alert>
    ) : (
      <Text size="sm">
        The session starts {fromNow(hours)}: cancelling now is not a late cancellation (the notice period is {noticeHours} hours).
      </Text>
    );
  }
  return (
    <Text size="sm">
      The session starts {fromNow(hours)}. Cancelling later than the workspace&apos;s notice period before the start (24 hours unless your workspace changed it)
      counts as a late cancellation.
    </Text>
  );
}

/** The cancel form (the drawer's, and the session page's through ManageSession). */
export function CancelForm({ area, session, onDone, onBack }: { area: "admin" | "tutor"; session: Session; onDone: () => void; onBack: () => void }) {
  const cancel = useCancelSession(area);
  const notice = useLateNotice(area === "admin");
  const [reason, setReason] = useState("");
  const [scope, setScope] = useState<"this" | "following">("this");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    cancel.mutate(
      {
        sessionId: session.id,
        input: { scope, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      },
      {
        onSuccess: (batch) => {
          const late = batch.items.filter((item) => item.status === "late_cancelled").length;
          const count = batch.items.length;
          notifySuccess(
            count === 1 ? "Session cancelled" : `${count} sessions cancelled`,
            late > 0
              ? `Counted as a late cancellation${count > 1 ? ` (${late} of them)` : ""}: inside the workspace's notice period.`
              : "The family sees it as cancelled on their calendar.",
          );
          onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Cancel the session">
      <Stack gap="sm">
        <LateNote session={session} noticeHours={notice.data?.lateCancellationHours} />
        {session.seriesId ? (
          <Radio.Group label="Which sessions" value={scope} onChange={(value) => setScope(value as "this" | "following")}>
            <Stack gap={6} mt={6}>
              <Radio value="this" label="This session only" />
              <Radio value="following" label="This and the following sessions of the series" />
            </Stack>
          </Radio.Group>
        ) : null}
        <Textarea
          label="Reason (optional)"
          description="Kept with the session."
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={500}
        />
        {cancel.error ? (
          <Alert color="red" role="alert" title="Could not cancel the session">
            {cancel.error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onBack}>
            Keep session
          </Button>
          <Button type="submit" color="red" loading={cancel.isPending}>
            Cancel session
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface DrawerProps {
  area: Area;
  timeZone: string;
  onClose: () => void;
  /** Managers' "Edit": the calendar opens its edit form (the drawer closes). */
  onEdit?: (session: Session) => void;
}

function SessionDetails({ area, session, timeZone, onClose, onEdit }: DrawerProps & { session: Session }) {
  const [acting, setActing] = useState(false);
  const open = session.status === "scheduled";
  return (
    // Bottom room so that the floating Switch Role button never covers the actions.
    <Stack gap="md" pb={64}>
      <SessionStatusLine session={session} />
      <SessionFacts session={session} timeZone={timeZone} />
      {!acting ? (
        <Button component={Link} to={`/${area}/sessions/${session.id}`} variant="default" style={{ alignSelf: "flex-start" }}>
          {canSchedule(area) ? "Open session: report, summaries, recordings" : "Open session: summary and recordings"}
        </Button>
      ) : null}
      {open && !acting && canSchedule(area) ? (
        <Group>
          {onEdit ? <Button onClick={() => onEdit(session)}>Edit</Button> : null}
          <Button color="red" variant="light" onClick={() => setActing(true)}>
            Cancel session
          </Button>
        </Group>
      ) : null}
      {open && acting && canSchedule(area) ? <CancelForm area={area} session={session} onDone={onClose} onBack={() => setActing(false)} /> : null}
      {/* A family's own cancellation request: its state, or the way to ask. */}
      {canSchedule(area) ? null : <FamilyRequests area={area} session={session} latestOnly />}
    </Stack>
  );
}

/** One session's details and what the viewer may do with it. */
export function SessionDrawer({ session, ...props }: DrawerProps & { session: Session | null }) {
  return (
    <Drawer
      opened={session !== null}
      onClose={props.onClose}
      position="right"
      size="md"
      title={session ? `${session.subject}` : "Session"}
      closeButtonProps={{ "aria-label": "Close session details" }}
    >
      {session ? <SessionDetails key={session.id} session={session} {...props} /> : null}
    </Drawer>
  );
}
