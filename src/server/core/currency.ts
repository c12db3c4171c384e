/**
 * The workspace currency and the amounts written in it. Amounts are stored as minor units
 * without a currency of their own, so the currency may change only while no amount exists:
 * changing it afterwards would silently re-denominate every rate (and, later, every invoice).
 *
 * A write of an amount holds a shared advisory lock on the workspace's currency, and a change
 * of currency an exclusive one while it counts the amounts: the two cannot interleave. Advisory
 * locks need no privilege on the organization row, which the application role may only read.
 */
import { and, count, eq, isNotNull, or, sql } from "drizzle-orm";
import { assignment, tutorProfile } from "../db/schema.ts";
import type { Queryable, Transaction } from "../db/tenant.ts";
import { conflictOn } from "../lib/app-error.ts";

const lockKey = (organizationId: string) => sql`hashtextextended(${`workspace-currency:${organizationId}`}, 0)`;

/** Call before writing an amount: the currency stays as it is until the transaction ends. */
export async function holdWorkspaceCurrency(tx: Transaction, organizationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${lockKey(organizationId)})`);
}

/** Tutors with a pay or charge rate in the workspace (also in the query-scaling benchmark). */
export const tutorRatesCountQuery = (db: Queryable, organizationId: string) =>
  db
    .select({ total: count() })
    .from(tutorProfile)
    .where(and(eq(tutorProfile.organizationId, organizationId), or(isNotNull(tutorProfile.payRateMinor), isNotNull(tutorProfile.chargeRateMinor))));

/** Assignments with a student rate in the workspace (also in the query-scaling benchmark). */
export const studentRatesCountQuery = (db: Queryable, organizationId: string) =>
  db
    .select({ total: count() })
    .from(assignment)
    .where(and(eq(assignment.organizationId, organizationId), isNotNull(assignment.rateOverrideMinor)));

/** The amounts recorded in the workspace's currency, by kind (inside the workspace). */
export async function amountsInCurrency(tx: Transaction, organizationId: string): Promise<{ tutorRates: number; studentRates: number }> {
  const [tutorRates] = await tutorRatesCountQuery(tx, organizationId);
  const [studentRates] = await studentRatesCountQuery(tx, organizationId);
  return { tutorRates: tutorRates?.total ?? 0, studentRates: studentRates?.total ?? 0 };
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Refuses a change of currency while amounts exist in the current one (inside the workspace,
 * before the change is written), saying which amounts hold it.
 */
export async function refuseCurrencyChangeWithAmounts(tx: Transaction, organizationId: string, current: string, next: string): Promise<void> {
  if (next === current) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${lockKey(organizationId)})`);
  const { tutorRates, studentRates } = await amountsInCurrency(tx, organizationId);
  if (tutorRates + studentRates === 0) return;
  const held = [
    tutorRates > 0 ? counted(tutorRates, "tutor has rates", "tutors have rates") : null,
    studentRates > 0 ? counted(studentRates, "assignment has a student rate", "assignments have student rates") : null,
  ]
    .filter(Boolean)
    .join(" and ");
  throw conflictOn("currency", `The currency stays ${current}: ${held} in ${current}, and amounts are never converted. Clear those rates first to change it.`);
}
