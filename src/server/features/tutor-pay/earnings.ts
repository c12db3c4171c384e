/**
 * What a session earns its tutor, kept in step with the session: called right after billSession
 * in the transaction that files or corrects its report or cancels it.
 *
 * The tutor is paid once per session for its length (not per student): completed, the whole
 * length; a no-show (every student absent), the length at the no-show share; a late
 * cancellation, at the late share (the shares of the cancellation policy in force when it was
 * marked or cancelled, as billing uses); scheduled or cancelled in time, nothing. The hourly
 * pay rate is the assignment's pay rate for this tutor, a student of the session and its
 * subject on its date (the highest, when several students have one), else the tutor's; it is
 * snapshotted on the earning, so a later change of rate never re-prices it.
 *
 * When the earning in place (the latest generation not yet reversed) was written for another
 * state, it is reversed and the new one written under the next generation; the same state
 * writes nothing. A reversal is the exact opposite of one earning, once (a unique index).
 */
import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { BASIS_POINTS } from "../../../shared/billing-states.ts";
import type { EarningBasis } from "../../../shared/pay-states.ts";
import { policyInForce } from "../../core/cancellation-policy.ts";
import { describeDay } from "../../core/time.ts";
import { workspaceZone } from "../../core/workspace-time.ts";
import { tutorEarning } from "../../db/pay-schema.ts";
import { assignment, sessionStudent, tutoringSession, tutorProfile } from "../../db/schema.ts";
import type { Transaction } from "../../db/tenant.ts";
import { chargeForMinutes as payForMinutes, describeMinutes, formatBps, minutesAtShare } from "../billing/index.ts";
import { lockPay, type PayContext } from "./pay-context.ts";

type EarningRow = typeof tutorEarning.$inferSelect;
type SessionRow = typeof tutoringSession.$inferSelect;

interface Desired {
  basis: EarningBasis;
  sessionMinutes: number;
  shareBps: number;
  minutes: number;
  policyVersionId: string | null;
}

const BASIS_WORDS: Record<EarningBasis, string> = { attended: "taught", no_show: "no-show", late_cancelled: "late cancellation" };

/** The state an earning was written for, kept in its cause key with the tutor: the same state is never written twice. */
const stateKey = (desired: Desired) =>
  desired.basis === "attended" ? `attended-${desired.sessionMinutes}m` : `${desired.basis}-${desired.sessionMinutes}m-${desired.shareBps}bps`;
/** session:<id>:g<generation>:<state>:<tutor member id> */
const causePrefix = (sessionId: string) => `session:${sessionId}:`;
const parseCause = (causeKey: string, prefix: string) => {
  const [generation, state, ...tutor] = causeKey.slice(prefix.length).split(":");
  return { generation: Number(generation!.slice(1)), state: `${state}:${tutor.join(":")}` };
};

/** What earnSession did: whether anything was reversed or written, and the live earning's amount. */
export interface SessionEarning {
  changed: boolean;
  amountMinor: number;
}

/** Earns (or re-earns) the session's tutor to match its status. */
export async function earnSession(tx: Transaction, context: PayContext, sessionId: string): Promise<SessionEarning> {
  const { organizationId } = context;
  await lockPay(tx, organizationId);
  const [session] = await tx
    .select()
    .from(tutoringSession)
    .where(and(eq(tutoringSession.organizationId, organizationId), eq(tutoringSession.id, sessionId)));
  if (!session) return { changed: false, amountMinor: 0 };
  const desired = await desiredOf(tx, context, session);
  const prefix = causePrefix(session.id);

  const written = await tx
    .select()
    .from(tutorEarning)
    .where(and(eq(tutorEarning.organizationId, organizationId), eq(tutorEarning.sessionId, session.id)));
  const reversed = new Set(written.filter((row) => row.reversesEarningId !== null).map((row) => row.reversesEarningId));
  const originals = written.filter((row) => row.kind === "session");
  const live = originals.filter((row) => !reversed.has(row.id));
  const lastGeneration = originals.reduce((max, row) => Math.max(max, parseCause(row.causeKey, prefix).generation), 0);
  const liveState = live.length > 0 ? parseCause(live[0]!.causeKey, prefix).state : null;
  const desiredState = desired ? `${stateKey(desired)}:${session.tutorMemberId}` : null;
  if (liveState === desiredState) return { changed: false, amountMinor: live.reduce((sum, row) => sum + row.amountMinor, 0) };

  const zone = await workspaceZone(tx, organizationId);
  const what = `${session.subject} session of ${describeDay(session.startsAt, zone)}`;
  for (const earning of live) await reverse(tx, context, earning, `Re-marked: the ${what} is paid again`);
  if (!desired) return { changed: live.length > 0, amountMinor: 0 };

  const earnedOn = await sessionDateOf(tx, zone, session);
  const rate = await payRateOf(tx, organizationId, session, earnedOn);
  // No pay rate for the tutor: nothing is earned now; marking the session again once a rate is set earns it.
  if (rate === null) return { changed: live.length > 0, amountMinor: 0 };
  const amount = payForMinutes(rate, desired.minutes);
  const share =
    desired.basis === "attended" ? "" : ` (${BASIS_WORDS[desired.basis]}: ${formatBps(desired.shareBps)} of ${describeMinutes(desired.sessionMinutes)})`;
  await tx.insert(tutorEarning).values({
    organizationId,
    tutorMemberId: session.tutorMemberId,
    kind: "session",
    earnedOn,
    sessionId: session.id,
    basis: desired.basis,
    sessionMinutes: desired.sessionMinutes,
    minutes: desired.minutes,
    rateMinor: rate,
    shareBps: desired.shareBps,
    policyVersionId: desired.policyVersionId,
    amountMinor: amount,
    description: `${what}, ${describeMinutes(desired.minutes)}${share}`,
    causeKey: `${prefix}g${lastGeneration + 1}:${desiredState}`,
    createdByUserId: context.actorUserId,
    createdAt: context.now,
  });
  return { changed: true, amountMinor: amount };
}

/** The earning the session's status asks for, or null when it earns nothing. */
async function desiredOf(tx: Transaction, context: PayContext, session: SessionRow): Promise<Desired | null> {
  const sessionMinutes = Math.round((session.endsAt.getTime() - session.startsAt.getTime()) / 60_000);
  if (session.status === "completed") return { basis: "attended", sessionMinutes, shareBps: BASIS_POINTS, minutes: sessionMinutes, policyVersionId: null };
  if (session.status !== "no_show" && session.status !== "late_cancelled") return null;
  // The policy of a cancellation is the one in force when it was cancelled; of a marking, now (as billing reads it).
  const policy = await policyInForce(tx, context.organizationId, session.cancelledAt ?? context.now);
  const basis: EarningBasis = session.status;
  const shareBps = basis === "no_show" ? policy.noShowShareBps : policy.lateCancellationShareBps;
  const minutes = minutesAtShare(sessionMinutes, shareBps);
  if (minutes === 0) return null;
  return { basis, sessionMinutes, shareBps, minutes, policyVersionId: policy.id };
}

/** Writes the exact opposite of an earning (once: a second reversal of it finds the first). */
export async function reverse(tx: Transaction, context: PayContext, earning: EarningRow, reason: string): Promise<void> {
  await tx
    .insert(tutorEarning)
    .values({
      organizationId: context.organizationId,
      tutorMemberId: earning.tutorMemberId,
      kind: "reversal",
      earnedOn: earning.earnedOn,
      sessionId: earning.sessionId,
      basis: earning.basis,
      sessionMinutes: earning.sessionMinutes,
      minutes: earning.minutes === null ? null : -earning.minutes,
      rateMinor: earning.rateMinor,
      shareBps: earning.shareBps,
      policyVersionId: earning.policyVersionId,
      amountMinor: -earning.amountMinor,
      description: `Reversed: ${earning.description}`,
      reason,
      reversesEarningId: earning.id,
      causeKey: `reversal:${earning.id}`,
      createdByUserId: context.actorUserId,
      createdAt: context.now,
    })
    .onConflictDoNothing();
}

/** The session's date in the workspace's zone (YYYY-MM-DD): assignments and statements are dated so. */
async function sessionDateOf(tx: Transaction, zone: string, session: SessionRow): Promise<string> {
  const [row] = (await tx.execute<{ day: string }>(sql`select (${session.startsAt.toISOString()}::timestamptz at time zone ${zone})::date::text as day`)).rows;
  return row!.day;
}

/**
 * The hourly pay rate: the highest assignment pay rate of this tutor for a student of the
 * session and its subject on the date, else the tutor's; null when neither is set.
 */
async function payRateOf(tx: Transaction, organizationId: string, session: SessionRow, day: string): Promise<number | null> {
  const students = tx
    .select({ id: sessionStudent.studentId })
    .from(sessionStudent)
    .where(and(eq(sessionStudent.organizationId, organizationId), eq(sessionStudent.sessionId, session.id)));
  const [assigned] = await tx
    .select({ rate: sql<string | null>`max(${assignment.payRateOverrideMinor})` })
    .from(assignment)
    .where(
      and(
        eq(assignment.organizationId, organizationId),
        eq(assignment.tutorMemberId, session.tutorMemberId),
        inArray(assignment.studentId, students),
        sql`lower(${assignment.subject}) = lower(${session.subject})`,
        lte(assignment.startsOn, day),
        or(isNull(assignment.endsOn), sql`${assignment.endsOn} >= ${day}`),
        isNotNull(assignment.payRateOverrideMinor),
      ),
    );
  if (assigned?.rate != null) return Number(assigned.rate);
  const [tutor] = await tx
    .select({ rate: tutorProfile.payRateMinor })
    .from(tutorProfile)
    .where(and(eq(tutorProfile.organizationId, organizationId), eq(tutorProfile.memberId, session.tutorMemberId)));
  return tutor?.rate ?? null;
}
