/**
 * Changing a session, or "this and following" of its series (which splits the series): its
 * subject, place, notes, students or time. A reported session keeps its time and students; a
 * cancelled one cannot change. Moves are checked for double booking and availability like new
 * sessions, audited on every student concerned, and mailed to the session's people.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Area } from "../../../shared/roles.ts";
import type { SessionBatch, SessionUpdate } from "../../../shared/schemas/sessions.ts";
import type { Actor } from "../../core/audit.ts";
import type { AppDeps } from "../../core/context.ts";
import { describeTime } from "../../core/time.ts";
import { markHealthDue } from "../../core/health-due.ts";
import { sessionStudent, tutoringSession } from "../../db/schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { conflict } from "../../lib/app-error.ts";
import { queueSessionChangeMails } from "../session-mail/index.ts";
import { lockCalendars, refuseDoubleBooking, requireWithinAvailability, type Slot } from "./conflicts.ts";
import { planMove } from "./occurrence-plan.ts";
import { requireStudents } from "./participants.ts";
import { canWrite } from "./policy.ts";
import { findVisible, sessionNotFound, type SessionRow, shape, studentsOf } from "./read-model.ts";
import { splitSeries, targetsOf } from "./series-changes.ts";
import { auditSessions } from "./session-audit.ts";

export async function updateSession(deps: AppDeps, actor: Actor, area: Area, sessionId: string, input: SessionUpdate): Promise<SessionBatch> {
  const organizationId = actor.viewer.organizationId;
  if (!canWrite(area)) throw sessionNotFound();
  return withWorkspace(deps.db, organizationId, async (tx) => {
    const current = await findVisible(tx, actor, area, sessionId);
    const oldStudents = await studentsOf(tx, organizationId, [current.id]);
    const studentIds = input.studentIds ?? oldStudents;
    await lockCalendars(tx, organizationId, current.tutorMemberId, [...new Set([...studentIds, ...oldStudents])]);
    const row = await findVisible(tx, actor, area, sessionId, true);
    if (row.status === "cancelled" || row.status === "late_cancelled") throw conflict("A cancelled session cannot be changed; schedule a new one.");
    // A reported session keeps the time and students its report is about.
    if (row.status !== "scheduled" && (input.startsAt !== undefined || input.studentIds !== undefined)) {
      throw conflict(`This session is ${row.status === "no_show" ? "a no-show" : "completed"} and has a report: its time and students can no longer change.`);
    }
    const targets = await targetsOf(tx, organizationId, row, input.scope);
    if (input.studentIds) await requireStudents(tx, actor, area, row.tutorMemberId, input.studentIds, deps.clock.now());

    const timeZone = input.timeZone ?? row.timeZone;
    const { moving, durationMinutes, planned } = planMove(row, targets, input, timeZone);
    const slots: Slot[] = planned.map(({ startsAt, endsAt }) => ({ startsAt, endsAt }));
    if (moving || input.studentIds) {
      await refuseDoubleBooking(tx, organizationId, {
        tutorMemberId: row.tutorMemberId,
        studentIds,
        slots,
        exceptIds: targets.map((target) => target.id),
        timeZone,
      });
    }
    if (moving) await requireWithinAvailability(tx, organizationId, row.tutorMemberId, slots, input.confirmOutsideAvailability, timeZone);

    const seriesId =
      input.scope === "following" && row.seriesId
        ? await splitSeries(tx, actor, row, targets, planned[0]!.localStart, durationMinutes, timeZone)
        : row.seriesId;
    const now = deps.clock.now();
    const updated: SessionRow[] = [];
    for (const plan of planned) {
      const [saved] = await tx
        .update(tutoringSession)
        .set({
          ...(input.subject !== undefined ? { subject: input.subject } : {}),
          ...(input.location !== undefined ? { location: input.location } : {}),
          ...(input.onlineUrl !== undefined ? { onlineUrl: input.onlineUrl } : {}),
          ...(input.notes !== undefined ? { notes: input.notes } : {}),
          ...(moving ? { startsAt: plan.startsAt, endsAt: plan.endsAt, timeZone } : {}),
          // A new start time needs its own reminder (session-mail/reminders.ts).
          ...(moving && plan.startsAt.getTime() !== plan.target.startsAt.getTime() ? { reminderSentAt: null } : {}),
          seriesId,
          updatedByUserId: actor.viewer.user.id,
          updatedAt: now,
        })
        .where(and(eq(tutoringSession.organizationId, organizationId), eq(tutoringSession.id, plan.target.id)))
        .returning();
      updated.push(saved!);
    }
    if (input.studentIds) {
      const ids = targets.map((target) => target.id);
      await tx.delete(sessionStudent).where(and(eq(sessionStudent.organizationId, organizationId), inArray(sessionStudent.sessionId, ids)));
      await tx.insert(sessionStudent).values(ids.flatMap((id) => input.studentIds!.map((studentId) => ({ organizationId, sessionId: id, studentId }))));
    }
    // A move or a change of students changes which sessions count on the students' health cards.
    if (moving || input.studentIds) await markHealthDue(tx, organizationId, [...oldStudents, ...studentIds], now);
    const fields = Object.keys(input).filter((key) => !["scope", "confirmOutsideAvailability", "timeZone"].includes(key));
    const which =
      targets.length > 1
        ? `${targets.length} ${row.subject} sessions from ${describeTime(row.startsAt, row.endsAt, timeZone)} on`
        : `the ${row.subject} session of ${describeTime(row.startsAt, row.endsAt, timeZone)}`;
    await auditSessions(
      tx,
      actor,
      "SESSION_UPDATED",
      [...new Set([...oldStudents, ...studentIds])],
      `${actor.viewer.user.name} changed ${which} (${fields.join(", ")})`,
      {
        sessionIds: targets.map((target) => target.id),
        scope: input.scope,
        fields,
        seriesId,
        previousSeriesId: row.seriesId,
      },
    );
    await queueSessionChangeMails(deps, tx, organizationId, { kind: "changed", by: actor.viewer.user.name, before: targets, after: updated });
    return { items: await shape(tx, actor, area, updated, timeZone), seriesId };
  });
}
