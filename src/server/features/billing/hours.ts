/**
 * Package hours: a purchase's hours become an hour_grant when it is activated (its invoice
 * paid, or issued where the workspace allows credit); sessions draw on grants
 * (session-billing.ts), the expiry job books what was left when they expire (hours-expiry.ts).
 * A grant's remaining minutes are its minutes plus its movements. Hour movements are written
 * under the workspace's money lock (allocations.ts lockMoney), so two writers never draw the
 * same minutes.
 */
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { markAccountDue } from "../../core/health-due.ts";
import type { HourPool, HoursSummary } from "../../../shared/schemas/billing-packages.ts";
import { workspaceZone } from "../../core/workspace-time.ts";
import { billingNotice, hourGrant, invoiceLine, ledgerEntry, packagePurchase } from "../../db/billing-schema.ts";
import { sessionStudent, student, tutoringSession } from "../../db/schema.ts";
import type { Database } from "../../db/client.ts";
import { type Queryable, type Transaction, withWorkspace } from "../../db/tenant.ts";
import type { Actor } from "../../core/audit.ts";
import { requireAccount } from "./invoice-drafts.ts";
import type { LedgerContext } from "./ledger.ts";

export type HourGrantRow = typeof hourGrant.$inferSelect;
type PurchaseRow = typeof packagePurchase.$inferSelect;
export interface GrantBalance {
  grant: HourGrantRow;
  remainingMinutes: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A grant's movements added up: a subquery on the outer hour_grant row. Written with the
 * tables' names, since Drizzle leaves the columns of a one-table select unqualified, and an
 * unqualified organization_id inside the subquery would be the movement's own.
 */
export const grantRemainingSql = sql<string>`(hour_grant.minutes + coalesce((select sum(movement.minutes) from hour_movement movement where movement.organization_id = hour_grant.organization_id and movement.grant_id = hour_grant.id), 0))`;

/** "2 h 30 min", "45 min", "3 h". */
export function describeMinutes(minutes: number): string {
  const hours = Math.trunc(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * The account's grants with minutes left, valid at `at` (started, not expired): a student's own
 * first, then the family's, soonest-expiring first, as sessions draw them. `studentId` limits
 * them to that student's own and the family's.
 */
export async function grantBalances(tx: Queryable, organizationId: string, accountId: string, at: Date, studentId?: string): Promise<GrantBalance[]> {
  const rows = await tx
    .select({ grant: hourGrant, remaining: grantRemainingSql })
    .from(hourGrant)
    .where(
      and(
        eq(hourGrant.organizationId, organizationId),
        eq(hourGrant.accountId, accountId),
        lte(hourGrant.startsAt, at),
        gt(hourGrant.expiresAt, at),
        studentId ? or(eq(hourGrant.studentId, studentId), isNull(hourGrant.studentId)) : undefined,
      ),
    )
    .orderBy(sql`${hourGrant.studentId} is null`, asc(hourGrant.expiresAt), asc(hourGrant.createdAt), asc(hourGrant.id));
  return rows.map((row) => ({ grant: row.grant, remainingMinutes: Number(row.remaining) })).filter((row) => row.remainingMinutes > 0);
}

/**
 * Activates the purchases an invoice sells that still wait: each gets its hour grant (from
 * now, for its valid days) and becomes active. Called when the invoice is issued where the
 * workspace allows credit, and when an allocation pays it in full. Idempotent: an active
 * purchase is left as it is. The purchases are found through the invoice's live lines (their
 * package_sale entries), so this works inside the issuing transaction too.
 */
/** The package sales an invoice bills: the package_sale entries of its live lines (join ledger_entry on the line's charge). */
export const packageSaleLinesOf = (organizationId: string, invoiceId: string) => ({
  joinOn: and(eq(ledgerEntry.organizationId, invoiceLine.organizationId), eq(ledgerEntry.id, invoiceLine.chargeEntryId)),
  where: and(
    eq(invoiceLine.organizationId, organizationId),
    eq(invoiceLine.invoiceId, invoiceId),
    eq(invoiceLine.live, true),
    eq(ledgerEntry.kind, "package_sale"),
  ),
});

export async function activatePurchasesOfInvoice(tx: Transaction, context: LedgerContext, invoiceId: string): Promise<HourGrantRow[]> {
  const { organizationId } = context;
  const sales = packageSaleLinesOf(organizationId, invoiceId);
  const soldOnInvoice = tx.select({ purchaseId: ledgerEntry.purchaseId }).from(invoiceLine).innerJoin(ledgerEntry, sales.joinOn).where(sales.where);
  const waiting = await tx
    .select()
    .from(packagePurchase)
    .where(
      and(
        eq(packagePurchase.organizationId, organizationId),
        eq(packagePurchase.status, "awaiting_payment"),
        or(eq(packagePurchase.invoiceId, invoiceId), inArray(packagePurchase.id, soldOnInvoice)),
      ),
    )
    .orderBy(asc(packagePurchase.createdAt))
    .for("update");
  return activate(tx, context, waiting, invoiceId);
}

/** A package sold for nothing has no invoice to wait for: its hours count from the sale. */
export async function activateFreePurchase(tx: Transaction, context: LedgerContext, purchaseId: string): Promise<HourGrantRow[]> {
  const waiting = await tx
    .select()
    .from(packagePurchase)
    .where(
      and(
        eq(packagePurchase.organizationId, context.organizationId),
        eq(packagePurchase.id, purchaseId),
        eq(packagePurchase.status, "awaiting_payment"),
        eq(packagePurchase.priceMinor, 0),
      ),
    )
    .for("update");
  return activate(tx, context, waiting, null);
}

/** Each purchase's hour grant (from now, for its valid days), and the purchase active. */
async function activate(tx: Transaction, context: LedgerContext, purchases: PurchaseRow[], invoiceId: string | null): Promise<HourGrantRow[]> {
  const { organizationId, now } = context;
  const grants: HourGrantRow[] = [];
  // Hours granted may lift a student above the low-balance mark: their health alerts are read again.
  for (const accountId of new Set(purchases.map((purchase) => purchase.accountId))) await markAccountDue(tx, organizationId, accountId, now);
  for (const purchase of purchases) {
    const [grant] = await tx
      .insert(hourGrant)
      .values({
        organizationId,
        accountId: purchase.accountId,
        studentId: purchase.studentId,
        purchaseId: purchase.id,
        minutes: purchase.minutes,
        startsAt: now,
        expiresAt: new Date(now.getTime() + purchase.validDays * DAY_MS),
      })
      .onConflictDoNothing()
      .returning();
    await tx
      .update(packagePurchase)
      .set({ status: "active", activatedAt: now, invoiceId: purchase.invoiceId ?? invoiceId })
      .where(and(eq(packagePurchase.organizationId, organizationId), eq(packagePurchase.id, purchase.id)));
    if (grant) grants.push(grant);
  }
  return grants;
}

/**
 * After a session used a student's hours: when what is left to them (own and family, valid
 * now) is below the workspace's threshold, a low-balance notice for the family's digest. Its
 * key names the newest grant, so the family hears once per top-up, not after every session.
 */
export async function noticeLowBalance(
  tx: Transaction,
  context: LedgerContext,
  accountId: string,
  person: { studentId: string; name: string },
  thresholdMinutes: number,
): Promise<void> {
  const { organizationId, now } = context;
  const balances = await grantBalances(tx, organizationId, accountId, now, person.studentId);
  const remaining = balances.reduce((sum, balance) => sum + balance.remainingMinutes, 0);
  if (remaining >= thresholdMinutes) return;
  const [latest] = await tx
    .select({ id: hourGrant.id })
    .from(hourGrant)
    .where(
      and(
        eq(hourGrant.organizationId, organizationId),
        eq(hourGrant.accountId, accountId),
        or(eq(hourGrant.studentId, person.studentId), isNull(hourGrant.studentId)),
      ),
    )
    .orderBy(sql`${hourGrant.createdAt} desc`, sql`${hourGrant.id} desc`)
    .limit(1);
  if (!latest) return;
  await tx
    .insert(billingNotice)
    .values({
      organizationId,
      accountId,
      kind: "low_balance",
      dedupeKey: `low-balance:${accountId}:${person.studentId}:${latest.id}`,
      text:
        remaining === 0
          ? `${person.name} has no package hours left: further sessions are charged at the hourly rate.`
          : `${person.name} has ${describeMinutes(remaining)} of package hours left.`,
    })
    .onConflictDoNothing();
}

/** Most scheduled sessions a run-out projection walks. */
const PROJECTION_LIMIT = 500;

/**
 * The account's hours: per student (and the family pool), the grants valid now with their
 * remaining minutes and expiry, the total, and the date the hours run out, projected by
 * drawing the scheduled sessions of the account's students in order as billing would.
 */
export async function hoursSummary(tx: Queryable, organizationId: string, accountId: string, now: Date): Promise<HoursSummary> {
  const students = await tx
    .select({ id: student.id, name: student.name })
    .from(student)
    .where(and(eq(student.organizationId, organizationId), eq(student.payerAccountId, accountId), isNull(student.erasedAt)))
    .orderBy(asc(student.name), asc(student.id));
  const balances = await grantBalances(tx, organizationId, accountId, now);
  const purchaseNames = new Map<string, string>();
  if (balances.length > 0) {
    const purchases = await tx
      .select({ id: packagePurchase.id, name: packagePurchase.name })
      .from(packagePurchase)
      .where(
        and(
          eq(packagePurchase.organizationId, organizationId),
          inArray(
            packagePurchase.id,
            balances.map((balance) => balance.grant.purchaseId),
          ),
        ),
      );
    for (const purchase of purchases) purchaseNames.set(purchase.id, purchase.name);
  }
  const runsOut = await projectRunOut(tx, organizationId, balances, students, now);

  const poolOf = (studentId: string | null, studentName: string | null): HourPool => {
    const own = balances.filter((balance) => balance.grant.studentId === studentId);
    return {
      studentId,
      studentName,
      grants: own.map(({ grant, remainingMinutes }) => ({
        grantId: grant.id,
        purchaseId: grant.purchaseId,
        name: purchaseNames.get(grant.purchaseId) ?? "",
        minutes: grant.minutes,
        remainingMinutes,
        startsAt: grant.startsAt.toISOString(),
        expiresAt: grant.expiresAt.toISOString(),
      })),
      remainingMinutes: own.reduce((sum, balance) => sum + balance.remainingMinutes, 0),
      runsOutOn: runsOut.get(studentId ?? FAMILY) ?? null,
    };
  };
  const pools = students.map((person) => poolOf(person.id, person.name));
  if (balances.some((balance) => balance.grant.studentId === null)) pools.push(poolOf(null, null));
  return { accountId, pools };
}

/** GET /admin/billing/accounts/{accountId}/hours: 404 for an account not of the workspace. */
export async function accountHours(db: Database, actor: Actor, accountId: string, now: Date): Promise<HoursSummary> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const account = await requireAccount(tx, organizationId, accountId);
    return hoursSummary(tx, organizationId, account.id, now);
  });
}

const FAMILY = "family";

/**
 * Walks the scheduled sessions of the account's students from now, drawing each student's
 * minutes from their own grants first, then the family's (soonest-expiring first, valid at
 * the session's start). A pool's run-out date is the local date of the first session it was
 * needed for and could not cover; a pool that never falls short has none.
 */
async function projectRunOut(
  tx: Queryable,
  organizationId: string,
  balances: GrantBalance[],
  students: { id: string }[],
  now: Date,
): Promise<Map<string, string>> {
  const runsOut = new Map<string, string>();
  if (balances.length === 0 || students.length === 0) return runsOut;
  const zone = await workspaceZone(tx, organizationId);
  const sessions = await tx
    .select({
      studentId: sessionStudent.studentId,
      startsAt: tutoringSession.startsAt,
      minutes: sql<number>`(extract(epoch from ${tutoringSession.endsAt} - ${tutoringSession.startsAt}) / 60)::int`,
      localDate: sql<string>`(${tutoringSession.startsAt} at time zone ${zone})::date::text`,
    })
    .from(tutoringSession)
    .innerJoin(sessionStudent, and(eq(sessionStudent.organizationId, tutoringSession.organizationId), eq(sessionStudent.sessionId, tutoringSession.id)))
    .where(
      and(
        eq(tutoringSession.organizationId, organizationId),
        eq(tutoringSession.status, "scheduled"),
        gt(tutoringSession.startsAt, now),
        inArray(
          sessionStudent.studentId,
          students.map((person) => person.id),
        ),
      ),
    )
    .orderBy(asc(tutoringSession.startsAt), asc(sessionStudent.studentId))
    .limit(PROJECTION_LIMIT);
  const left = balances.map((balance) => ({ ...balance }));
  for (const session of sessions) {
    let need = session.minutes;
    const usable = left.filter(
      (balance) =>
        (balance.grant.studentId === session.studentId || balance.grant.studentId === null) &&
        balance.grant.expiresAt > session.startsAt &&
        balance.remainingMinutes > 0,
    );
    for (const balance of usable) {
      const taken = Math.min(need, balance.remainingMinutes);
      balance.remainingMinutes -= taken;
      need -= taken;
      if (need === 0) break;
    }
    if (need === 0) continue;
    // Short: the student's own hours ran out here if they had any; the family's too if it had some.
    const hadOwn = balances.some((balance) => balance.grant.studentId === session.studentId);
    const hadFamily = balances.some((balance) => balance.grant.studentId === null);
    if (hadOwn && !runsOut.has(session.studentId)) runsOut.set(session.studentId, session.localDate);
    if (hadFamily && !runsOut.has(FAMILY)) runsOut.set(FAMILY, session.localDate);
  }
  return runsOut;
}
