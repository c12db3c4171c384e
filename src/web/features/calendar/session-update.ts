import type { z } from "zod";

import type { Session, SessionUpdateScope, sessionUpdateSchema } from "../../../shared/schemas/sessions.ts";
import type { Area } from "../../../shared/roles.ts";

/** A change request as sent (the schema's input: an empty online link clears it). */
export type SessionUpdateRequest = z.input<typeof sessionUpdateSchema>;

/** The fields of the schedule and edit forms that both have (times are walls of the viewer's zone). */
export interface SessionFieldValues {
  subject: string;
  date: string;
  startTime: string;
  endTime: string;
  location: string;
  onlineUrl: string;
  notes: string;
}

/** The form's values for an existing session (its times as the viewer reads them). */
export function fieldValuesOf(session: Session): SessionFieldValues {
  return {
    subject: session.subject,
    date: session.local.date,
    startTime: session.local.startTime,
    endTime: session.local.endTime,
    location: session.location ?? "",
    onlineUrl: session.onlineUrl ?? "",
    notes: session.notes,
  };
}

/**
 * Who may move a session on the calendar: admins and the session's tutor (a tutor's calendar
 * holds only their own sessions), a scheduled session that has not started.
 */
export const isMovable = (area: Area, session: Session, now = Date.now()) =>
  (area === "admin" || area === "tutor") && session.status === "scheduled" && Date.parse(session.startsAt) > now;

/**
 * The change request for an edit: only what differs from the session, so that saving new notes
 * neither moves the session (nor the following ones) nor asks about availability again.
 * Null when nothing changed. Times are written in `timeZone`, the zone the form shows.
 */
export function updateRequest(session: Session, values: SessionFieldValues, scope: SessionUpdateScope, timeZone: string): SessionUpdateRequest | null {
  const before = fieldValuesOf(session);
  const changes: Omit<SessionUpdateRequest, "scope"> = {};
  if (values.subject.trim() !== before.subject) changes.subject = values.subject;
  if (values.date !== before.date || values.startTime !== before.startTime || values.endTime !== before.endTime) {
    changes.startsAt = `${values.date}T${values.startTime}`;
    changes.endsAt = `${values.date}T${values.endTime}`;
    changes.timeZone = timeZone;
  }
  if (values.location.trim() !== before.location) changes.location = values.location;
  if (values.onlineUrl.trim() !== before.onlineUrl) changes.onlineUrl = values.onlineUrl;
  if (values.notes.trim() !== before.notes) changes.notes = values.notes;
  return Object.keys(changes).length === 0 ? null : { scope, ...changes };
}

/** The change request for a drag (a move or a resize): the new wall start and end in `timeZone`. */
export const dragRequest = (
  start: string,
  end: string,
  scope: SessionUpdateScope,
  timeZone: string,
  confirmOutsideAvailability: boolean,
): SessionUpdateRequest => ({
  scope,
  startsAt: start,
  endsAt: end,
  timeZone,
  ...(confirmOutsideAvailability ? { confirmOutsideAvailability: true } : {}),
});
