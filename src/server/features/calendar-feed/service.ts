/**
 * A member's private iCalendar feed. The URL carries a random token (256 bits); only its
 * SHA-256 is stored, so the URL is shown once, when made, and making it again revokes the old
 * one. The feed lists the sessions the member sees in their area (the sessions feature's own
 * visibility rules, by membership role) from 60 days back to 180 days ahead.
 *
 * The feed is read without a session cookie: the token's hash is looked up on the owner
 * connection before any workspace is known (one row, by a secret, as for invitations in
 * decision 10); the member must still be active, and everything else is read inside
 * withWorkspace under row-level security.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt, inArray, lt } from "drizzle-orm";
import {
  CALENDAR_FEED_FUTURE_DAYS,
  CALENDAR_FEED_PAST_DAYS,
  type CalendarFeedCreated,
  type CalendarFeedStatus,
} from "../../../shared/schemas/calendar-feed.ts";
import { SESSION_MAX_MINUTES } from "../../../shared/schemas/sessions.ts";
import type { Viewer } from "../../core/context.ts";
import type { Database } from "../../db/client.ts";
import { calendarFeed, member, organization, sessionStudent, student, tutoringSession, user } from "../../db/schema.ts";
import { withLookup, withWorkspace } from "../../db/tenant.ts";
import { forbidden, notFound } from "../../lib/app-error.ts";
import { shownStudents, visibleSessions } from "../sessions/index.ts";
import { type IcsEvent, renderCalendar } from "./ics.ts";
import type { Area } from "../../../shared/roles.ts";

/** The most events one feed carries (an admin of a very large workspace): the earliest first. */
export const CALENDAR_FEED_MAX_EVENTS = 5_000;
const DAY_MS = 86_400_000;
const TOKEN_PATTERN = /^([A-Za-z0-9_-]{43})\.ics$/;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
export const feedUrl = (appUrl: string, token: string) => `${appUrl.replace(/\/+$/, "")}/api/calendar/${token}.ics`;

const RELATIONSHIPS: Record<string, Area> = { admin: "admin", tutor: "tutor", parent: "parent", student: "student" };

/** The viewer's active membership, or 403: a feed belongs to a member of a workspace. */
function activeMembership(viewer: Viewer): { organizationId: string; memberId: string } {
  if (!viewer.organizationId || !viewer.membership || viewer.membership.status !== "active" || !RELATIONSHIPS[viewer.membership.role]) {
    throw forbidden("A calendar feed is for an active member of a workspace.");
  }
  return { organizationId: viewer.organizationId, memberId: viewer.membership.id };
}

export async function readFeedStatus(db: Database, viewer: Viewer): Promise<CalendarFeedStatus> {
  const { organizationId, memberId } = activeMembership(viewer);
  return withWorkspace(db, organizationId, async (tx) => {
    const [row] = await tx
      .select({ createdAt: calendarFeed.createdAt })
      .from(calendarFeed)
      .where(and(eq(calendarFeed.organizationId, organizationId), eq(calendarFeed.memberId, memberId)));
    return { exists: Boolean(row), createdAt: row?.createdAt.toISOString() ?? null };
  });
}

/** Makes the member's feed, or makes it again with a new token (the old URL stops working). */
export async function createFeed(db: Database, appUrl: string, viewer: Viewer, now: Date): Promise<CalendarFeedCreated> {
  const { organizationId, memberId } = activeMembership(viewer);
  const token = randomBytes(32).toString("base64url");
  const createdAt = now;
  return withWorkspace(db, organizationId, async (tx) => {
    const [previous] = await tx
      .select({ memberId: calendarFeed.memberId })
      .from(calendarFeed)
      .where(and(eq(calendarFeed.organizationId, organizationId), eq(calendarFeed.memberId, memberId)))
      .for("update");
    await tx
      .insert(calendarFeed)
      .values({ organizationId, memberId, tokenHash: hashToken(token), createdAt })
      .onConflictDoUpdate({ target: [calendarFeed.organizationId, calendarFeed.memberId], set: { tokenHash: hashToken(token), createdAt } });
    return { url: feedUrl(appUrl, token), createdAt: createdAt.toISOString(), replaced: Boolean(previous) };
  });
}

/**
 * The feed's text for `file` ("<token>.ics"), or 404 for an unknown or revoked token and for a
 * member who is no longer active.
 */
export async function renderFeed(db: Database, appUrl: string, file: string, now: Date): Promise<string> {
  const token = TOKEN_PATTERN.exec(file)?.[1];
  const missing = () => notFound("The calendar feed");
  if (!token) throw missing();
  // Before any workspace is known: one row by the hash of the secret, on the owner connection
  // naming that hash (no other feed is visible to it).
  const tokenHash = hashToken(token);
  const [owner] = await withLookup(db, "app.calendar_feed_token_hash", tokenHash, (tx) =>
    tx
      .select({ organizationId: calendarFeed.organizationId, memberId: member.id, role: member.role, status: member.status, userId: member.userId })
      .from(calendarFeed)
      .innerJoin(member, and(eq(member.organizationId, calendarFeed.organizationId), eq(member.id, calendarFeed.memberId)))
      .where(eq(calendarFeed.tokenHash, tokenHash)),
  );
  const area = owner ? RELATIONSHIPS[owner.role] : undefined;
  if (!owner || owner.status !== "active" || !area) throw missing();
  const { organizationId } = owner;
  // The conditions of the sessions feature read only these fields of the viewer.
  const viewer = { organizationId, membership: { id: owner.memberId, role: owner.role, status: owner.status }, user: { id: owner.userId } } as Viewer;
  const host = new URL(appUrl).hostname;

  return withWorkspace(db, organizationId, async (tx) => {
    const [workspace] = await tx.select({ name: organization.name }).from(organization).where(eq(organization.id, organizationId));
    const rows = await tx
      .select()
      .from(tutoringSession)
      .where(
        and(
          visibleSessions(viewer, area),
          lt(tutoringSession.startsAt, new Date(now.getTime() + CALENDAR_FEED_FUTURE_DAYS * DAY_MS)),
          gt(tutoringSession.endsAt, new Date(now.getTime() - CALENDAR_FEED_PAST_DAYS * DAY_MS)),
          // A lower bound the starts_at indexes can use (sessions last at most SESSION_MAX_MINUTES).
          gt(tutoringSession.startsAt, new Date(now.getTime() - CALENDAR_FEED_PAST_DAYS * DAY_MS - SESSION_MAX_MINUTES * 60_000)),
        ),
      )
      .orderBy(asc(tutoringSession.startsAt), asc(tutoringSession.id))
      .limit(CALENDAR_FEED_MAX_EVENTS);
    const ids = rows.map((row) => row.id);
    const tutorIds = [...new Set(rows.map((row) => row.tutorMemberId))];
    const tutors = tutorIds.length
      ? await tx
          .select({ memberId: member.id, name: user.name })
          .from(member)
          .innerJoin(user, eq(user.id, member.userId))
          .where(and(eq(member.organizationId, organizationId), inArray(member.id, tutorIds)))
      : [];
    const attendees = ids.length
      ? await tx
          .select({ sessionId: sessionStudent.sessionId, name: student.name })
          .from(sessionStudent)
          .innerJoin(student, and(eq(student.organizationId, sessionStudent.organizationId), eq(student.id, sessionStudent.studentId)))
          .where(and(eq(sessionStudent.organizationId, organizationId), inArray(sessionStudent.sessionId, ids), shownStudents(viewer, area)))
          .orderBy(asc(student.name))
      : [];
    const tutorName = new Map(tutors.map((tutor) => [tutor.memberId, tutor.name]));
    const events: IcsEvent[] = rows.map((row) => {
      const names = attendees.filter((attendee) => attendee.sessionId === row.id).map((attendee) => attendee.name);
      const tutor = tutorName.get(row.tutorMemberId) ?? "";
      const cancelled = row.status === "cancelled" || row.status === "late_cancelled";
      // The tutor's calendar names the students; the family's names the tutor.
      const summary = area === "tutor" ? `${row.subject}: ${names.join(", ")}` : `${row.subject} with ${tutor}`;
      const description = [
        `Tutor: ${tutor}`,
        `Students: ${names.join(", ")}`,
        row.status !== "scheduled" ? `Status: ${row.status.replace("_", " ")}` : "",
        row.cancellationReason && cancelled ? `Reason: ${row.cancellationReason}` : "",
        row.onlineUrl ? `Online: ${row.onlineUrl}` : "",
        row.notes ? `\n${row.notes}` : "",
      ]
        .filter(Boolean)
        .join("\n");
      return {
        uid: `${row.id}@${host}`,
        // Seconds from creation to the last change: grows with every change, as SEQUENCE must.
        sequence: Math.max(0, Math.floor((row.updatedAt.getTime() - row.createdAt.getTime()) / 1000)),
        stamp: row.updatedAt,
        start: row.startsAt,
        end: row.endsAt,
        summary,
        description,
        location: row.location ?? row.onlineUrl,
        url: row.onlineUrl,
        cancelled,
        created: row.createdAt,
        lastModified: row.updatedAt,
      };
    });
    return renderCalendar({ name: `${workspace?.name ?? "Glassroom"} sessions`, events });
  });
}
