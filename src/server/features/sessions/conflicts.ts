/**
 * Double booking and availability. A tutor or a student cannot be in two sessions at once
 * (cancelled sessions do not count); the refusal names the clashing session. A session outside
 * the tutor's weekly availability (written in the tutor's zone) needs an explicit confirmation.
 *
 * Checks and writes of one tutor or student are serialised by transaction-scoped advisory
 * locks, taken in a fixed order, so two requests at once cannot both pass the check.
 */
import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { WEEKDAY_LABELS } from "../../../shared/schemas/tutors.ts";
import { member, sessionStudent, student, tutorAvailability, tutorProfile, tutoringSession, user } from "../../db/schema.ts";
import type { Transaction } from "../../db/tenant.ts";
import { AppError, conflict } from "../../lib/app-error.ts";
import { describeTime, localTimeOf } from "../../core/time.ts";

export interface Slot {
  startsAt: Date;
  endsAt: Date;
}

const NOT_CANCELLED = sql`${tutoringSession.status} not in ('cancelled', 'late_cancelled')`;

/** Locks the tutor's and the students' calendars until the end of the transaction. */
export async function lockCalendars(tx: Transaction, organizationId: string, tutorMemberId: string, studentIds: string[]): Promise<void> {
  const keys = [`tutor:${organizationId}:${tutorMemberId}`, ...studentIds.map((id) => `student:${organizationId}:${id}`)].sort();
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** The slots as a SQL condition "the session overlaps one of them" (the bounds narrow the index range). */
function overlapsAny(slots: Slot[]) {
  const starts = `{${slots.map((slot) => slot.startsAt.toISOString()).join(",")}}`;
  const ends = `{${slots.map((slot) => slot.endsAt.toISOString()).join(",")}}`;
  const min = new Date(Math.min(...slots.map((slot) => slot.startsAt.getTime())));
  const max = new Date(Math.max(...slots.map((slot) => slot.endsAt.getTime())));
  return and(
    sql`${tutoringSession.startsAt} < ${max.toISOString()}::timestamptz`,
    sql`${tutoringSession.endsAt} > ${min.toISOString()}::timestamptz`,
    sql`exists (select 1 from unnest(${starts}::timestamptz[], ${ends}::timestamptz[]) as o(s, e) where ${tutoringSession.startsAt} < o.e and ${tutoringSession.endsAt} > o.s)`,
  );
}

/**
 * Refuses (409) when the tutor or one of the students already has a session overlapping one of
 * the slots, ignoring the sessions in `exceptIds` (those being moved). Times in `timeZone`.
 */
export async function refuseDoubleBooking(
  tx: Transaction,
  organizationId: string,
  input: { tutorMemberId: string; studentIds: string[]; slots: Slot[]; exceptIds: string[]; timeZone: string },
): Promise<void> {
  if (input.slots.length === 0) return;
  const except = input.exceptIds.length > 0 ? notInArray(tutoringSession.id, input.exceptIds) : undefined;
  const [tutorClash] = await tx
    .select({ subject: tutoringSession.subject, startsAt: tutoringSession.startsAt, endsAt: tutoringSession.endsAt, tutorName: user.name })
    .from(tutoringSession)
    .innerJoin(member, and(eq(member.organizationId, tutoringSession.organizationId), eq(member.id, tutoringSession.tutorMemberId)))
    .innerJoin(user, eq(user.id, member.userId))
    .where(
      and(
        eq(tutoringSession.organizationId, organizationId),
        eq(tutoringSession.tutorMemberId, input.tutorMemberId),
        NOT_CANCELLED,
        except,
        overlapsAny(input.slots),
      ),
    )
    .orderBy(asc(tutoringSession.startsAt))
    .limit(1);
  if (tutorClash) {
    throw conflict(
      `${tutorClash.tutorName} already has a session then: ${tutorClash.subject} on ${describeTime(tutorClash.startsAt, tutorClash.endsAt, input.timeZone)}.`,
    );
  }
  if (input.studentIds.length === 0) return;
  const [studentClash] = await tx
    .select({ subject: tutoringSession.subject, startsAt: tutoringSession.startsAt, endsAt: tutoringSession.endsAt, studentName: student.name })
    .from(sessionStudent)
    .innerJoin(tutoringSession, and(eq(tutoringSession.organizationId, sessionStudent.organizationId), eq(tutoringSession.id, sessionStudent.sessionId)))
    .innerJoin(student, and(eq(student.organizationId, sessionStudent.organizationId), eq(student.id, sessionStudent.studentId)))
    .where(
      and(
        eq(sessionStudent.organizationId, organizationId),
        inArray(sessionStudent.studentId, input.studentIds),
        NOT_CANCELLED,
        except,
        overlapsAny(input.slots),
      ),
    )
    .orderBy(asc(tutoringSession.startsAt))
    .limit(1);
  if (studentClash) {
    throw conflict(
      `${studentClash.studentName} already has a session then: ${studentClash.subject} on ${describeTime(studentClash.startsAt, studentClash.endsAt, input.timeZone)}.`,
    );
  }
}

/**
 * Refuses (422 on confirmOutsideAvailability) a slot that does not lie within one of the tutor's
 * weekly availability slots, unless confirmed. A tutor without any availability is never available.
 */
export async function requireWithinAvailability(
  tx: Transaction,
  organizationId: string,
  tutorMemberId: string,
  slots: Slot[],
  confirmed: boolean | undefined,
  viewerZone: string,
): Promise<void> {
  if (confirmed || slots.length === 0) return;
  const [profile] = await tx
    .select({ timeZone: tutorProfile.timeZone })
    .from(tutorProfile)
    .where(and(eq(tutorProfile.organizationId, organizationId), eq(tutorProfile.memberId, tutorMemberId)));
  const week = profile
    ? await tx
        .select({ weekday: tutorAvailability.weekday, startsAt: tutorAvailability.startsAt, endsAt: tutorAvailability.endsAt })
        .from(tutorAvailability)
        .where(and(eq(tutorAvailability.organizationId, organizationId), eq(tutorAvailability.memberId, tutorMemberId)))
    : [];
  const zone = profile?.timeZone ?? "UTC";
  const outside = slots.find((slot) => {
    const start = localTimeOf(slot.startsAt, zone);
    const end = localTimeOf(slot.endsAt, zone);
    // A slot ending at midnight reads as 00:00 of the next day.
    const endTime = end.date !== start.date && end.time === "00:00" ? "24:00" : end.time;
    if (end.date !== start.date && endTime !== "24:00") return true;
    return !week.some(
      (available) => available.weekday === start.weekday && available.startsAt.slice(0, 5) <= start.time && endTime <= available.endsAt.slice(0, 5),
    );
  });
  if (outside) {
    const where =
      week.length === 0
        ? "The tutor has not set any availability"
        : `${describeTime(outside.startsAt, outside.endsAt, viewerZone)} is outside the tutor's availability (${WEEKDAY_LABELS[localTimeOf(outside.startsAt, zone).weekday - 1]}s in ${zone})`;
    const message = `${where}. Send confirmOutsideAvailability: true to schedule it anyway.`;
    throw new AppError("VALIDATION_FAILED", 422, message, [{ path: ["confirmOutsideAvailability"], message }]);
  }
}
