/**
 * Recomputing students' health cards: the rules in force, the students' facts, each one's card
 * scored (rules.ts) and written as their current card and as today's point of their trend (the
 * day in the workspace's zone: the day's last computation wins). Their due marks are removed,
 * paused and former students' too: they are not scored. The students' alerts are brought in
 * line in the same transaction (alert-sync.ts): opened, updated, or cleared and resolved.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { HEALTH_TREND_COMPARE_DAYS } from "../../../shared/schemas/student-health.ts";
import { workspaceCurrency } from "../../core/currency.ts";
import { workspaceToday } from "../../core/workspace-time.ts";
import type { Database } from "../../db/client.ts";
import { studentHealth, studentHealthDay, studentHealthDue } from "../../db/health-schema.ts";
import { type Transaction, withWorkspace } from "../../db/tenant.ts";
import { INVOICE_OVERDUE_DAYS, wantedAlerts } from "./alert-rules.ts";
import { syncAlerts } from "./alert-sync.ts";
import { loadBillingFacts } from "./billing-facts.ts";
import { applyExcusals } from "./excusals.ts";
import { loadHealthFacts } from "./facts.ts";
import { scoreStudent } from "./rules.ts";
import { rulesInForce } from "./rules-in-force.ts";

/**
 * Each student's latest daily snapshot at least HEALTH_TREND_COMPARE_DAYS before `today`: the
 * trend the lists show and order by, stored on the card because every card is recomputed at
 * least nightly.
 */
async function weekOldSnapshots(tx: Transaction, organizationId: string, studentIds: readonly string[], today: string) {
  const rows = await tx
    .selectDistinctOn([studentHealthDay.studentId], {
      studentId: studentHealthDay.studentId,
      day: studentHealthDay.day,
      score: studentHealthDay.score,
      familyScore: studentHealthDay.familyScore,
    })
    .from(studentHealthDay)
    .where(
      and(
        eq(studentHealthDay.organizationId, organizationId),
        inArray(studentHealthDay.studentId, [...studentIds]),
        sql`${studentHealthDay.day} <= ${today}::date - ${HEALTH_TREND_COMPARE_DAYS}::int`,
      ),
    )
    .orderBy(asc(studentHealthDay.studentId), desc(studentHealthDay.day));
  return new Map(rows.map(({ studentId, ...snapshot }) => [studentId, snapshot]));
}

/** Recomputes the cards of these students, in one transaction of their workspace; how many were scored. */
export async function recomputeStudents(db: Database, organizationId: string, studentIds: readonly string[], now: Date): Promise<number> {
  return withWorkspace(db, organizationId, (tx) => recomputeWithin(tx, organizationId, studentIds, now));
}

/** The same inside the caller's transaction (the due job's, which holds the students' due rows). */
export async function recomputeWithin(tx: Transaction, organizationId: string, studentIds: readonly string[], now: Date): Promise<number> {
  if (studentIds.length === 0) return 0;
  // The due marks as they stand now are what this computation answers: held until the commit,
  // so that a mark written meanwhile (markHealthDue) waits and then stands for the next run.
  const held = await tx
    .select({ studentId: studentHealthDue.studentId })
    .from(studentHealthDue)
    .where(and(eq(studentHealthDue.organizationId, organizationId), inArray(studentHealthDue.studentId, [...studentIds])))
    .orderBy(asc(studentHealthDue.studentId))
    .for("update");
  const { version, rules } = await rulesInForce(tx, organizationId, now);
  const facts = await loadHealthFacts(tx, organizationId, studentIds, now, rules.windowWeeks);
  await applyExcusals(tx, organizationId, facts);
  const today = await workspaceToday(tx, organizationId, now);
  const scored = [...facts].map(([studentId, studentFacts]) => ({ studentId, card: scoreStudent(studentFacts, rules) }));
  const billing = await loadBillingFacts(
    tx,
    organizationId,
    new Map(scored.map(({ studentId, card }) => [studentId, { receivedMinutes: card.figures.receivedMinutes, windowWeeks: rules.windowWeeks }])),
    now,
    today,
    INVOICE_OVERDUE_DAYS,
  );
  // The billing facts ride with the figures (shown beside the score, never in it).
  const cards = scored.map(({ studentId, card }) => {
    const studentBilling = billing.get(studentId);
    if (!studentBilling) return { studentId, card };
    const { onPackages: _onPackages, ...shown } = studentBilling;
    return { studentId, card: { ...card, figures: { ...card.figures, billing: shown } } };
  });
  const currency = await workspaceCurrency(tx, organizationId);
  const weekOld = await weekOldSnapshots(tx, organizationId, studentIds, today);
  const cardOf = new Map(cards.map(({ studentId, card }) => [studentId, card]));
  await syncAlerts(
    tx,
    organizationId,
    studentIds.map((studentId) => {
      const card = cardOf.get(studentId);
      if (!card) return { studentId, card: null, wanted: [] };
      const inputs = { card, billing: billing.get(studentId), sessions: facts.get(studentId)!.sessions, now, currency, windowWeeks: rules.windowWeeks };
      return { studentId, card, wanted: wantedAlerts(inputs) };
    }),
    now,
    today,
  );
  if (cards.length > 0) {
    await tx
      .insert(studentHealth)
      .values(
        cards.map(({ studentId, card }) => ({
          organizationId,
          studentId,
          ruleVersion: version,
          score: card.score,
          band: card.band,
          pointsTotal: card.pointsTotal,
          familyScore: card.familyScore,
          familyBand: card.familyBand,
          topReason: card.reasons[0]?.reason ?? null,
          figures: card.figures,
          reasons: card.reasons,
          computedAt: now,
          weekOldDay: weekOld.get(studentId)?.day ?? null,
          weekOldScore: weekOld.get(studentId)?.score ?? null,
          weekOldFamilyScore: weekOld.get(studentId)?.familyScore ?? null,
        })),
      )
      .onConflictDoUpdate({
        target: [studentHealth.organizationId, studentHealth.studentId],
        set: {
          ruleVersion: sql`excluded.rule_version`,
          score: sql`excluded.score`,
          band: sql`excluded.band`,
          pointsTotal: sql`excluded.points_total`,
          familyScore: sql`excluded.family_score`,
          familyBand: sql`excluded.family_band`,
          topReason: sql`excluded.top_reason`,
          figures: sql`excluded.figures`,
          reasons: sql`excluded.reasons`,
          computedAt: sql`excluded.computed_at`,
          weekOldDay: sql`excluded.week_old_day`,
          weekOldScore: sql`excluded.week_old_score`,
          weekOldFamilyScore: sql`excluded.week_old_family_score`,
        },
      });
    await tx
      .insert(studentHealthDay)
      .values(
        cards.map(({ studentId, card }) => ({
          organizationId,
          studentId,
          day: today,
          score: card.score,
          band: card.band,
          familyScore: card.familyScore,
          familyBand: card.familyBand,
          ruleVersion: version,
        })),
      )
      .onConflictDoUpdate({
        target: [studentHealthDay.organizationId, studentHealthDay.studentId, studentHealthDay.day],
        set: {
          score: sql`excluded.score`,
          band: sql`excluded.band`,
          familyScore: sql`excluded.family_score`,
          familyBand: sql`excluded.family_band`,
          ruleVersion: sql`excluded.rule_version`,
        },
      });
  }
  if (held.length > 0)
    await tx.delete(studentHealthDue).where(
      and(
        eq(studentHealthDue.organizationId, organizationId),
        inArray(
          studentHealthDue.studentId,
          held.map((row) => row.studentId),
        ),
      ),
    );
  return cards.length;
}
