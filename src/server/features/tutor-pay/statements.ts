/**
 * A tutor's pay statement for a range of days, lesson by lesson: each earning (sessions,
 * reversals, adjustments) with where it stands (earning-states.ts), and each taught session
 * still waiting for its report (pending: nothing is earned until it is filed).
 */
import { and, asc, eq, gte, lt, lte, sql } from "drizzle-orm";
import type { PayStatement, StatementItem, StatementQuery } from "../../../shared/schemas/tutor-pay.ts";
import type { Actor } from "../../core/audit.ts";
import { workspaceCurrency } from "../../core/currency.ts";
import { readSettings } from "../../core/settings/index.ts";
import { workspaceToday, workspaceZone } from "../../core/workspace-time.ts";
import type { Database } from "../../db/client.ts";
import { tutorEarning } from "../../db/pay-schema.ts";
import { tutoringSession } from "../../db/schema.ts";
import { type Queryable, withWorkspace } from "../../db/tenant.ts";
import { standingsOf } from "./earning-states.ts";
import { requireTutor } from "./tutors.ts";

const DAY = 86_400_000;
const shiftDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** A tutor's earnings dated in the range, with their session's subject, in date order. */
export function statementEarningsQuery(tx: Queryable, organizationId: string, tutorMemberId: string, from: string, to: string) {
  return tx
    .select({ earning: tutorEarning, subject: tutoringSession.subject })
    .from(tutorEarning)
    .leftJoin(tutoringSession, and(eq(tutoringSession.organizationId, tutorEarning.organizationId), eq(tutoringSession.id, tutorEarning.sessionId)))
    .where(
      and(
        eq(tutorEarning.organizationId, organizationId),
        eq(tutorEarning.tutorMemberId, tutorMemberId),
        gte(tutorEarning.earnedOn, from),
        lte(tutorEarning.earnedOn, to),
      ),
    )
    .orderBy(asc(tutorEarning.earnedOn), asc(tutorEarning.createdAt), asc(tutorEarning.id));
}

/** The tutor's sessions taught (ended) in the range of days of the zone, still scheduled: their report is missing. */
export function unreportedSessionsQuery(tx: Queryable, organizationId: string, tutorMemberId: string, zone: string, from: string, to: string, now: Date) {
  const localDay = sql<string>`(${tutoringSession.startsAt} at time zone ${zone})::date::text`;
  return tx
    .select({ id: tutoringSession.id, subject: tutoringSession.subject, day: localDay, startsAt: tutoringSession.startsAt, endsAt: tutoringSession.endsAt })
    .from(tutoringSession)
    .where(
      and(
        eq(tutoringSession.organizationId, organizationId),
        eq(tutoringSession.tutorMemberId, tutorMemberId),
        eq(tutoringSession.status, "scheduled"),
        lt(tutoringSession.endsAt, now),
        gte(tutoringSession.startsAt, sql`(${from}::date::timestamp at time zone ${zone})`),
        lt(tutoringSession.startsAt, sql`((${to}::date + 1)::timestamp at time zone ${zone})`),
      ),
    )
    .orderBy(asc(tutoringSession.startsAt));
}

/** The statement of one tutor of the actor's workspace (404 when the member is not a tutor of it). */
export async function payStatement(db: Database, actor: Actor, tutorMemberId: string, query: StatementQuery, now: Date): Promise<PayStatement> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const tutor = await requireTutor(tx, organizationId, tutorMemberId);
    const to = query.to ?? (await workspaceToday(tx, organizationId, now));
    const from = query.from ?? shiftDays(to, -90);
    const { payOnlyWhenInvoicePaid } = await readSettings(tx, organizationId, "pay");
    const earnings = await statementEarningsQuery(tx, organizationId, tutor.memberId, from, to);
    const standings = await standingsOf(
      tx,
      organizationId,
      earnings.map((row) => row.earning),
      payOnlyWhenInvoicePaid,
    );
    const items: StatementItem[] = earnings.map(({ earning, subject }) => ({
      earningId: earning.id,
      kind: earning.kind,
      earnedOn: earning.earnedOn,
      sessionId: earning.sessionId,
      subject,
      basis: earning.basis,
      category: earning.category,
      description: earning.description,
      reason: earning.reason,
      minutes: earning.minutes,
      rateMinor: earning.rateMinor,
      shareBps: earning.shareBps,
      amountMinor: earning.amountMinor,
      ...standings.get(earning.id)!,
    }));

    // Sessions taught (ended) in the range, still scheduled: their report is missing.
    const zone = await workspaceZone(tx, organizationId);
    const unreported = await unreportedSessionsQuery(tx, organizationId, tutor.memberId, zone, from, to, now);
    for (const session of unreported) {
      items.push({
        earningId: null,
        kind: "session",
        earnedOn: session.day,
        sessionId: session.id,
        subject: session.subject,
        basis: null,
        category: null,
        description: `${session.subject} session of ${session.day}: waiting for its report`,
        reason: "",
        minutes: Math.round((session.endsAt.getTime() - session.startsAt.getTime()) / 60_000),
        rateMinor: null,
        shareBps: null,
        amountMinor: null,
        state: "pending",
        pendingReason: "report_missing",
        payRunId: null,
        payRunPeriodFrom: null,
        payRunPeriodTo: null,
        paidOn: null,
      });
    }
    items.sort((a, b) => a.earnedOn.localeCompare(b.earnedOn));

    const sumOf = (state?: StatementItem["state"]) =>
      items.filter((item) => state === undefined || item.state === state).reduce((sum, item) => sum + (item.amountMinor ?? 0), 0);
    return {
      tutorMemberId: tutor.memberId,
      tutorName: tutor.name,
      currency: await workspaceCurrency(tx, organizationId),
      from,
      to,
      totals: {
        earnedMinor: sumOf(),
        paidMinor: sumOf("paid"),
        confirmedMinor: sumOf("confirmed"),
        readyMinor: sumOf("ready"),
        pendingMinor: sumOf("pending"),
      },
      items,
    };
  });
}
