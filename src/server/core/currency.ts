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
import { ledgerEntry, packageProduct } from "../db/billing-schema.ts";
import { tutorEarning } from "../db/pay-schema.ts";
import { organization } from "../db/auth-schema.ts";
import { assignment, tutorProfile } from "../db/schema.ts";
import type { Queryable, Transaction } from "../db/tenant.ts";
import { conflictOn } from "../lib/app-error.ts";

/** The workspace's ISO currency (USD when the workspace is not found). */
export async function workspaceCurrency(tx: Queryable, organizationId: string): Promise<string> {
  const [row] = await tx.select({ currency: organization.currency }).from(organization).where(eq(organization.id, organizationId));
  return row?.currency ?? "USD";
}

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

/** Assignments with a student charge rate or a pay rate in the workspace (also in the query-scaling benchmark). */
export const studentRatesCountQuery = (db: Queryable, organizationId: string) =>
  db
    .select({ total: count() })
    .from(assignment)
    .where(and(eq(assignment.organizationId, organizationId), or(isNotNull(assignment.rateOverrideMinor), isNotNull(assignment.payRateOverrideMinor))));

/** The amounts recorded in the workspace's currency, by kind (inside the workspace). The ledger and tutor pay are only asked whether they hold any. */
export async function amountsInCurrency(
  tx: Transaction,
  organizationId: string,
): Promise<{ tutorRates: number; studentRates: number; packages: number; ledgerEntries: boolean; tutorEarnings: boolean }> {
  const [tutorRates] = await tutorRatesCountQuery(tx, organizationId);
  const [studentRates] = await studentRatesCountQuery(tx, organizationId);
  const [packages] = await tx.select({ total: count() }).from(packageProduct).where(eq(packageProduct.organizationId, organizationId));
  const [entry] = await tx.select({ id: ledgerEntry.id }).from(ledgerEntry).where(eq(ledgerEntry.organizationId, organizationId)).limit(1);
  const [earning] = await tx.select({ id: tutorEarning.id }).from(tutorEarning).where(eq(tutorEarning.organizationId, organizationId)).limit(1);
  return {
    tutorRates: tutorRates?.total ?? 0,
    studentRates: studentRates?.total ?? 0,
    packages: packages?.total ?? 0,
    ledgerEntries: entry !== undefined,
    tutorEarnings: earning !== undefined,
  };
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Refuses a change of currency while amounts exist in the current one (inside the workspace,
 * before the change is written), saying which amounts hold it.
 */
export async function refuseCurrencyChangeWithAmounts(tx: Transaction, organizationId: string, current: string, next: string): Promise<void> {
  if (next === current) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${lockKey(organizationId)})`);
  const { tutorRates, studentRates, packages, ledgerEntries, tutorEarnings } = await amountsInCurrency(tx, organizationId);
  if (ledgerEntries) {
    throw conflictOn(
      "currency",
      `The currency stays ${current}: the billing ledger holds amounts in ${current}, and money recorded is never converted or removed. A workspace with billing history keeps its currency.`,
    );
  }
  if (tutorEarnings) {
    throw conflictOn(
      "currency",
      `The currency stays ${current}: tutors' pay is recorded in ${current}, and money recorded is never converted or removed. A workspace with pay history keeps its currency.`,
    );
  }
  if (tutorRates + studentRates + packages === 0) return;
  const held = [
    tutorRates > 0 ? counted(tutorRates, "tutor has rates", "tutors have rates") : null,
    studentRates > 0 ? counted(studentRates, "assignment has a student rate", "assignments have student rates") : null,
    packages > 0 ? counted(packages, "package has a price", "packages have prices") : null,
  ]
    .filter(Boolean)
    .join(" and ");
  // Rates can be cleared; a package stays in the catalogue (archived at most), so its price holds the currency for good.
  const way = packages > 0 ? "Packages are never removed from the catalogue, so the currency can no longer change." : "Clear those rates first to change it.";
  throw conflictOn("currency", `The currency stays ${current}: ${held} in ${current}, and amounts are never converted. ${way}`);
}
