/**
 * Scheduling: one session or a weekly series, for a tutor (their own) or by an admin (any
 * active tutor), with students assigned to that tutor, refused when the tutor or a student is
 * already booked, and outside the tutor's availability only when confirmed.
 */
import type { Area } from "../../../shared/roles.ts";
import type { SessionBatch, SessionCreate } from "../../../shared/schemas/sessions.ts";
import type { Actor } from "../../core/audit.ts";
import type { AppDeps } from "../../core/context.ts";
import { describeTime } from "../../core/time.ts";
import { sessionSeries, sessionStudent, tutoringSession } from "../../db/schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { lockCalendars, refuseDoubleBooking, requireWithinAvailability } from "./conflicts.ts";
import { minutesBetween, planNewSessions } from "./occurrence-plan.ts";
import { planningZone, requireStudents, resolveTutor } from "./participants.ts";
import { shape } from "./read-model.ts";
import { weeklyRule } from "./series.ts";
import { auditSessions } from "./session-audit.ts";

export async function createSessions(deps: AppDeps, actor: Actor, area: Area, input: SessionCreate): Promise<SessionBatch> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(deps.db, organizationId, async (tx) => {
    const tutorMemberId = await resolveTutor(tx, actor, area, input.tutorMemberId);
    await lockCalendars(tx, organizationId, tutorMemberId, input.studentIds);
    await requireStudents(tx, actor, area, tutorMemberId, input.studentIds, deps.clock.now());
    const timeZone = await planningZone(tx, organizationId, tutorMemberId, input.timeZone);
    const occurrences = planNewSessions(input, timeZone);
    await refuseDoubleBooking(tx, organizationId, { tutorMemberId, studentIds: input.studentIds, slots: occurrences, exceptIds: [], timeZone });
    await requireWithinAvailability(tx, organizationId, tutorMemberId, occurrences, input.confirmOutsideAvailability, timeZone);

    let seriesId: string | null = null;
    if (input.repeat) {
      const [series] = await tx
        .insert(sessionSeries)
        .values({
          organizationId,
          tutorMemberId,
          rule: weeklyRule(input.repeat),
          dtstartLocal: input.startsAt,
          timeZone,
          durationMinutes: minutesBetween(input.startsAt, input.endsAt),
          untilDate: input.repeat.until ?? null,
          count: input.repeat.count ?? null,
          createdByUserId: actor.viewer.user.id,
        })
        .returning({ id: sessionSeries.id });
      seriesId = series!.id;
    }
    const rows = await tx
      .insert(tutoringSession)
      .values(
        occurrences.map((occurrence) => ({
          organizationId,
          tutorMemberId,
          subject: input.subject,
          startsAt: occurrence.startsAt,
          endsAt: occurrence.endsAt,
          timeZone,
          location: input.location ?? null,
          onlineUrl: input.onlineUrl ?? null,
          notes: input.notes ?? "",
          seriesId,
          occurrenceDate: seriesId ? occurrence.occurrenceDate : null,
          createdByUserId: actor.viewer.user.id,
          updatedByUserId: actor.viewer.user.id,
        })),
      )
      .returning();
    // The API asks at least one student; a trial lesson (the CRM's) has none until its lead converts.
    if (input.studentIds.length > 0)
      await tx.insert(sessionStudent).values(rows.flatMap((row) => input.studentIds.map((studentId) => ({ organizationId, sessionId: row.id, studentId }))));
    const first = rows[0]!;
    const description = seriesId
      ? `${actor.viewer.user.name} scheduled a weekly series of ${rows.length} ${input.subject} sessions from ${describeTime(first.startsAt, first.endsAt, timeZone)}`
      : `${actor.viewer.user.name} scheduled a ${input.subject} session on ${describeTime(first.startsAt, first.endsAt, timeZone)}`;
    await auditSessions(tx, actor, "SESSION_SCHEDULED", input.studentIds, description, {
      sessionIds: rows.map((row) => row.id),
      seriesId,
      tutorMemberId,
      outsideAvailabilityConfirmed: input.confirmOutsideAvailability === true,
    });
    return { items: await shape(tx, actor, area, rows, timeZone), seriesId };
  });
}
