/**
 * What a session costs each of its students, kept in step with the session: called in the
 * transaction that files or corrects its report, cancels it, or accepts a request to cancel it.
 *
 * Per student, the desired billing follows from the session and the report:
 * - present or late: the session's minutes; absent (a no-show for that student): the minutes
 *   at the no-show share; a late cancellation: the minutes at the late share (the shares of
 *   the cancellation policy in force when it was marked or cancelled);
 * - scheduled or cancelled in time: nothing.
 * The minutes are drawn from the student's grants (their own first, then the family's,
 * soonest-expiring first, valid at the session's start), split across grants; what no grant
 * covers is a session_charge at the assignment's rate for that tutor, student and subject on
 * the session's date, else the tutor's charge rate (no rate: no charge).
 *
 * When the billing in place (the hour uses and the charge of the latest generation not yet
 * undone) was written for another desired state, each is undone and the new one written
 * under the next generation number; the same state writes nothing. A charge an issued
 * invoice bills is undone by a credit note against that invoice (charge-corrections.ts). Everything runs under the
 * workspace's money lock, so two markings of a session at the same time bill it once.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { BASIS_POINTS } from "../../../shared/billing-states.ts";
import { type PolicyVersion, policyInForce } from "../../core/cancellation-policy.ts";
import { readSettings } from "../../core/settings/index.ts";
import { describeDay } from "../../core/time.ts";
import { workspaceZone } from "../../core/workspace-time.ts";
import { hourMovement, ledgerEntry } from "../../db/billing-schema.ts";
import { assignment, sessionReportStudent, sessionStudent, student, tutoringSession, tutorProfile } from "../../db/schema.ts";
import type { Transaction } from "../../db/tenant.ts";
import { lockMoney } from "./allocations.ts";
import { chargeForMinutes, formatBps, minutesAtShare } from "./arithmetic.ts";
import { describeMinutes, grantBalances, noticeLowBalance } from "./hours.ts";
import { undoCharge } from "./charge-corrections.ts";
import { appendEntries, type LedgerContext } from "./ledger.ts";

type Basis = "attended" | "no_show" | "late_cancelled";

interface Desired {
  basis: Basis;
  sessionMinutes: number;
  shareBps: number;
  /** The session's minutes at the share: what hours and the charge together cover. */
  minutes: number;
  policyVersionId: string | null;
}

/** What billSession did for one student. */
export interface StudentBilling {
  studentId: string;
  /** Whether anything was reversed or written this time. */
  changed: boolean;
  minutesFromHours: number;
  chargedMinutes: number;
  amountMinor: number;
  /** Minutes no hours covered and no rate priced: nothing was charged for them. */
  unpricedMinutes: number;
}

const BASIS_WORDS: Record<Basis, string> = { attended: "attended", no_show: "no-show", late_cancelled: "late cancellation" };

/** The state a billing was written for, kept in its cause keys: the same state is never written twice. */
const stateKey = (desired: Desired) =>
  desired.basis === "attended" ? `attended-${desired.sessionMinutes}m` : `${desired.basis}-${desired.sessionMinutes}m-${desired.shareBps}bps`;
const causePrefix = (sessionId: string, studentId: string) => `session:${sessionId}:student:${studentId}:`;
/** session:<id>:student:<id>:g<generation>:<state>:use:<grant> or …:charge */
const parseCause = (causeKey: string, prefix: string) => {
  const [generation, state] = causeKey.slice(prefix.length).split(":");
  return { generation: Number(generation!.slice(1)), state: state! };
};

/** Bills (or re-bills) every student of the session to match its status and report. */
export async function billSession(tx: Transaction, context: LedgerContext, sessionId: string): Promise<StudentBilling[]> {
  const { organizationId } = context;
  await lockMoney(tx, organizationId);
  const [session] = await tx
    .select()
    .from(tutoringSession)
    .where(and(eq(tutoringSession.organizationId, organizationId), eq(tutoringSession.id, sessionId)));
  if (!session) return [];
  const people = await tx
    .select({ studentId: student.id, name: student.name, accountId: student.payerAccountId, attendance: sessionReportStudent.attendance })
    .from(sessionStudent)
    .innerJoin(student, and(eq(student.organizationId, sessionStudent.organizationId), eq(student.id, sessionStudent.studentId)))
    .leftJoin(
      sessionReportStudent,
      and(
        eq(sessionReportStudent.organizationId, sessionStudent.organizationId),
        eq(sessionReportStudent.sessionId, sessionStudent.sessionId),
        eq(sessionReportStudent.studentId, sessionStudent.studentId),
      ),
    )
    .where(and(eq(sessionStudent.organizationId, organizationId), eq(sessionStudent.sessionId, sessionId)))
    .orderBy(asc(student.id));
  const sessionMinutes = Math.round((session.endsAt.getTime() - session.startsAt.getTime()) / 60_000);
  // The policy of a cancellation is the one in force when it was cancelled; of a marking, now.
  // Read only when a share applies: a session everyone attended needs no policy version.
  let policy: PolicyVersion | undefined;
  const policyNow = async () => (policy ??= await policyInForce(tx, organizationId, session.cancelledAt ?? context.now));
  const desiredOf = async (attendance: string | null): Promise<Desired | null> => {
    const basis: Basis | null =
      session.status === "late_cancelled"
        ? "late_cancelled"
        : session.status === "completed" || session.status === "no_show"
          ? attendance === "present" || attendance === "late"
            ? "attended"
            : attendance === "absent"
              ? "no_show"
              : null
          : null;
    if (!basis) return null;
    if (basis === "attended") return { basis, sessionMinutes, shareBps: BASIS_POINTS, minutes: sessionMinutes, policyVersionId: null };
    const inForce = await policyNow();
    const shareBps = basis === "no_show" ? inForce.noShowShareBps : inForce.lateCancellationShareBps;
    const minutes = minutesAtShare(sessionMinutes, shareBps);
    if (minutes === 0) return null;
    return { basis, sessionMinutes, shareBps, minutes, policyVersionId: inForce.id };
  };

  const results: StudentBilling[] = [];
  for (const person of people) {
    results.push(await billStudent(tx, context, session, person, await desiredOf(person.attendance)));
  }
  return results;
}

type SessionRow = typeof tutoringSession.$inferSelect;
interface Person {
  studentId: string;
  name: string;
  accountId: string;
}

async function billStudent(tx: Transaction, context: LedgerContext, session: SessionRow, person: Person, desired: Desired | null): Promise<StudentBilling> {
  const { organizationId } = context;
  const prefix = causePrefix(session.id, person.studentId);
  const uses = await tx
    .select()
    .from(hourMovement)
    .where(
      and(
        eq(hourMovement.organizationId, organizationId),
        eq(hourMovement.sessionId, session.id),
        eq(hourMovement.studentId, person.studentId),
        eq(hourMovement.kind, "use"),
      ),
    );
  const reversedUses = new Set(
    (
      await tx
        .select({ id: hourMovement.reversesMovementId })
        .from(hourMovement)
        .where(
          and(
            eq(hourMovement.organizationId, organizationId),
            eq(hourMovement.sessionId, session.id),
            eq(hourMovement.studentId, person.studentId),
            isNotNull(hourMovement.reversesMovementId),
          ),
        )
    ).map((row) => row.id),
  );
  const charges = await tx
    .select()
    .from(ledgerEntry)
    .where(
      and(
        eq(ledgerEntry.organizationId, organizationId),
        eq(ledgerEntry.sessionId, session.id),
        eq(ledgerEntry.studentId, person.studentId),
        eq(ledgerEntry.kind, "session_charge"),
      ),
    );
  // Undone by a reversal, or by a credit note where an issued invoice billed the charge.
  const reversedCharges = new Set(
    charges.length === 0
      ? []
      : (
          await tx
            .select({ id: ledgerEntry.reversesEntryId })
            .from(ledgerEntry)
            .where(
              and(
                eq(ledgerEntry.organizationId, organizationId),
                inArray(
                  ledgerEntry.reversesEntryId,
                  charges.map((entry) => entry.id),
                ),
              ),
            )
        ).map((row) => row.id),
  );
  const liveUses = uses.filter((use) => !reversedUses.has(use.id));
  const liveCharges = charges.filter((entry) => !reversedCharges.has(entry.id));
  const written = [...uses.map((use) => use.causeKey), ...charges.map((entry) => entry.causeKey)];
  const lastGeneration = written.reduce((max, key) => Math.max(max, parseCause(key, prefix).generation), 0);
  const live = [...liveUses.map((use) => use.causeKey), ...liveCharges.map((entry) => entry.causeKey)];
  const liveState = live.length > 0 ? parseCause(live[0]!, prefix).state : null;

  const unchanged: StudentBilling = {
    studentId: person.studentId,
    changed: false,
    minutesFromHours: -liveUses.reduce((sum, use) => sum + use.minutes, 0),
    chargedMinutes: liveCharges.reduce((sum, entry) => sum + (entry.minutes ?? 0), 0),
    amountMinor: liveCharges.reduce((sum, entry) => sum + entry.amountMinor, 0),
    unpricedMinutes: 0,
  };
  const desiredState = desired ? stateKey(desired) : null;
  // Nothing in place while hours or a rate are wanted is tried again: a grant or a rate may exist now.
  if (liveState === desiredState) return unchanged;

  const when = await sessionDateOf(tx, organizationId, session);
  const what = `${session.subject} session of ${describeDay(session.startsAt, await workspaceZone(tx, organizationId))}`;
  for (const use of liveUses) {
    await tx.insert(hourMovement).values({
      organizationId,
      grantId: use.grantId,
      kind: "reversal",
      minutes: -use.minutes,
      sessionId: session.id,
      studentId: person.studentId,
      reversesMovementId: use.id,
      causeKey: `reversal:${use.id}`,
      createdByUserId: context.actorUserId,
      createdAt: context.now,
    });
  }
  const why = desired ? `Re-marked as ${BASIS_WORDS[desired.basis]}: the ${what} is billed again as marked` : `Re-marked: the ${what} is not charged`;
  for (const entry of liveCharges) await undoCharge(tx, context, entry, why);
  const result: StudentBilling = {
    studentId: person.studentId,
    changed: live.length > 0,
    minutesFromHours: 0,
    chargedMinutes: 0,
    amountMinor: 0,
    unpricedMinutes: 0,
  };
  if (!desired) return result;

  const keyOf = (suffix: string) => `${prefix}g${lastGeneration + 1}:${desiredState}:${suffix}`;
  let need = desired.minutes;
  for (const balance of await grantBalances(tx, organizationId, person.accountId, session.startsAt, person.studentId)) {
    if (need === 0) break;
    // Valid at the session's start, and still holding minutes now (expiry books what was left).
    const taken = Math.min(need, balance.remainingMinutes);
    await tx.insert(hourMovement).values({
      organizationId,
      grantId: balance.grant.id,
      kind: "use",
      minutes: -taken,
      sessionId: session.id,
      studentId: person.studentId,
      causeKey: keyOf(`use:${balance.grant.id}`),
      createdByUserId: context.actorUserId,
      createdAt: context.now,
    });
    need -= taken;
    result.minutesFromHours += taken;
  }
  if (need > 0) {
    const rate = await rateOf(tx, organizationId, session, person.studentId, when);
    const amount = rate === null ? 0 : chargeForMinutes(rate, need);
    if (amount > 0) {
      const share =
        desired.basis === "attended" ? "" : ` (${BASIS_WORDS[desired.basis]}: ${formatBps(desired.shareBps)} of ${describeMinutes(desired.sessionMinutes)})`;
      await appendEntries(tx, context, [
        {
          accountId: person.accountId,
          kind: "session_charge",
          amountMinor: amount,
          description: `${what}, ${describeMinutes(need)}${share}`,
          causeKey: keyOf("charge"),
          sessionId: session.id,
          studentId: person.studentId,
          policyVersionId: desired.policyVersionId,
          minutes: need,
          rateMinor: rate,
          shareBps: desired.shareBps,
        },
      ]);
      result.chargedMinutes = need;
      result.amountMinor = amount;
    } else {
      result.unpricedMinutes = need;
    }
  }
  result.changed = result.changed || result.minutesFromHours > 0 || result.amountMinor > 0;
  if (result.minutesFromHours > 0) {
    const { lowBalanceMinutes } = await readSettings(tx, organizationId, "billing");
    await noticeLowBalance(tx, context, person.accountId, { studentId: person.studentId, name: person.name }, lowBalanceMinutes);
  }
  return result;
}

/** The session's date in the workspace's zone (YYYY-MM-DD): assignments and invoice lines are dated so. */
async function sessionDateOf(tx: Transaction, organizationId: string, session: SessionRow): Promise<string> {
  const zone = await workspaceZone(tx, organizationId);
  const [row] = (await tx.execute<{ day: string }>(sql`select (${session.startsAt.toISOString()}::timestamptz at time zone ${zone})::date::text as day`)).rows;
  return row!.day;
}

/** The hourly charge rate: the assignment's for this tutor, student and subject on the date, else the tutor's; null when neither is set. */
async function rateOf(tx: Transaction, organizationId: string, session: SessionRow, studentId: string, day: string): Promise<number | null> {
  const [assigned] = await tx
    .select({ rate: assignment.rateOverrideMinor })
    .from(assignment)
    .where(
      and(
        eq(assignment.organizationId, organizationId),
        eq(assignment.tutorMemberId, session.tutorMemberId),
        eq(assignment.studentId, studentId),
        sql`lower(${assignment.subject}) = lower(${session.subject})`,
        lte(assignment.startsOn, day),
        or(isNull(assignment.endsOn), sql`${assignment.endsOn} >= ${day}`),
        isNotNull(assignment.rateOverrideMinor),
      ),
    )
    .limit(1);
  if (assigned?.rate != null) return assigned.rate;
  const [tutor] = await tx
    .select({ rate: tutorProfile.chargeRateMinor })
    .from(tutorProfile)
    .where(and(eq(tutorProfile.organizationId, organizationId), eq(tutorProfile.memberId, session.tutorMemberId)));
  return tutor?.rate ?? null;
}
