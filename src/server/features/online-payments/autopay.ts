/**
 * Autopay: every 15 minutes, each issued invoice with something owed, of an account whose family
 * turned autopay on with a saved card, is charged off-session once the workspace's waiting time
 * (billing settings, 3 days by default) has passed since its issue. An invoice with a line under
 * question waits until the question is answered. The family is told before (a notice on the
 * invoice's first run, in their next billing mail) and after (the payment's notice once Stripe's
 * webhook has recorded it, or the failure with Stripe's reason). A failed charge is tried again
 * 1 and 3 days later, then left to the family.
 *
 * Each try is claimed as an autopay_charge row before Stripe is called (unique per invoice and
 * try), so two instances never charge an invoice twice; the PaymentIntent carries the claim's id
 * as idempotency key and metadata, and the payment is recorded by the webhook, as every card
 * payment is. If Stripe cannot be reached, the claim is removed and the next run tries again.
 */
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import Stripe from "stripe";
import { AUTOPAY_RETRY_DAYS } from "../../../shared/billing-states.ts";
import { formatMoney } from "../../../shared/money.ts";
import type { AppDeps } from "../../core/context.ts";
import { workspaceCurrency } from "../../core/currency.ts";
import { readSettings } from "../../core/settings/index.ts";
import { autopayCharge, billingNotice, invoice, invoiceDispute, savedCard } from "../../db/billing-schema.ts";
import { type Queryable, type Transaction, withLookup, withWorkspace } from "../../db/tenant.ts";
import { defineScheduledJob } from "../../jobs/define.ts";
import { WORKSPACE_METADATA_KEY } from "./checkout.ts";
import { stripeClient } from "./stripe-client.ts";
import { stripeKeysOf } from "./stripe-keys.ts";

/** The metadata of an autopay PaymentIntent: the autopay_charge it is. */
export const AUTOPAY_METADATA_KEY = "glassroom_autopay";

const DAY_MS = 86_400_000;

export const autopayJob = defineScheduledJob({
  name: "billing-autopay",
  cron: "*/15 * * * *",
  settings: { retryLimit: 0, expireInSeconds: 900, deleteAfterSeconds: 86_400 },
  async run(deps) {
    const result = await runAutopay(deps);
    if (result.charged + result.failed > 0) deps.logger.info(result, "autopay charges made");
  },
});

interface Claim {
  id: string;
  invoiceId: string;
  invoiceNumber: string;
  accountId: string;
  attempt: number;
  amountMinor: number;
  customerId: string;
  paymentMethodId: string;
  last4: string;
}

export interface AutopayResult {
  charged: number;
  failed: number;
}

/** The accounts with autopay on, of every workspace: run under the owner's scan policy (app.scan = 'autopay'). */
export function autopayAccountsQuery(tx: Queryable) {
  return tx
    .select({ organizationId: savedCard.organizationId, accountId: savedCard.accountId })
    .from(savedCard)
    .where(eq(savedCard.autopay, true))
    .orderBy(asc(savedCard.organizationId));
}

/** The issued invoices of these accounts with something owed, oldest issue first. */
export function owedInvoicesQuery(tx: Queryable, organizationId: string, accountIds: string[]) {
  return tx
    .select()
    .from(invoice)
    .where(
      and(
        eq(invoice.organizationId, organizationId),
        inArray(invoice.accountId, accountIds),
        eq(invoice.status, "issued"),
        gt(invoice.totalMinor, invoice.paidMinor),
      ),
    )
    .orderBy(asc(invoice.issuedAt));
}

/** Autopay's tries of one invoice, in order. */
export function autopayTriesQuery(tx: Queryable, organizationId: string, invoiceId: string) {
  return tx
    .select()
    .from(autopayCharge)
    .where(and(eq(autopayCharge.organizationId, organizationId), eq(autopayCharge.invoiceId, invoiceId)))
    .orderBy(asc(autopayCharge.attempt));
}

/** One run over every workspace with autopay accounts. */
export async function runAutopay(deps: AppDeps): Promise<AutopayResult> {
  const now = deps.clock.now();
  // The owner's scan policy (app.scan = 'autopay') shows only the accounts with autopay on.
  const accounts = await withLookup(deps.db, "app.scan", "autopay", (tx) => autopayAccountsQuery(tx));
  const byWorkspace = new Map<string, string[]>();
  for (const row of accounts) byWorkspace.set(row.organizationId, [...(byWorkspace.get(row.organizationId) ?? []), row.accountId]);
  const total: AutopayResult = { charged: 0, failed: 0 };
  for (const [organizationId, accountIds] of byWorkspace) {
    try {
      const result = await autopayWorkspace(deps, organizationId, accountIds, now);
      total.charged += result.charged;
      total.failed += result.failed;
    } catch (error) {
      // This workspace is tried again next run; the others go on.
      deps.logger.error({ err: error, organizationId }, "autopay run failed for a workspace");
    }
  }
  return total;
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

async function notice(
  tx: Transaction,
  organizationId: string,
  accountId: string,
  invoiceId: string,
  kind: "autopay_upcoming" | "autopay_failed",
  key: string,
  text: string,
  now: Date,
) {
  await tx.insert(billingNotice).values({ organizationId, accountId, kind, dedupeKey: key, invoiceId, text, createdAt: now }).onConflictDoNothing();
}

/** Tells the families of upcoming charges and claims the charges that are due. */
async function claimDueCharges(tx: Transaction, organizationId: string, accountIds: string[], now: Date): Promise<Claim[]> {
  const { autopayDisputeWindowDays } = await readSettings(tx, organizationId, "billing");
  const currency = await workspaceCurrency(tx, organizationId);
  const cards = await tx
    .select()
    .from(savedCard)
    .where(and(eq(savedCard.organizationId, organizationId), inArray(savedCard.accountId, accountIds), eq(savedCard.autopay, true)));
  const cardOf = new Map(cards.map((card) => [card.accountId, card]));
  const owed = await owedInvoicesQuery(tx, organizationId, accountIds);
  const claims: Claim[] = [];
  for (const row of owed) {
    const card = cardOf.get(row.accountId);
    if (!card?.stripePaymentMethodId || !row.issuedAt) continue;
    const outstanding = row.totalMinor - row.paidMinor;
    const chargeAt = new Date(row.issuedAt.getTime() + autopayDisputeWindowDays * DAY_MS);
    await notice(
      tx,
      organizationId,
      row.accountId,
      row.id,
      "autopay_upcoming",
      `autopay-upcoming:${row.id}`,
      `Autopay will charge ${formatMoney(outstanding, currency)} to your card ending ${card.last4} for invoice ${row.number} from ${dayOf(chargeAt)}. Question a line before then and we wait for the answer.`,
      now,
    );
    if (now < chargeAt) continue;
    const [questioned] = await tx
      .select({ id: invoiceDispute.id })
      .from(invoiceDispute)
      .where(and(eq(invoiceDispute.organizationId, organizationId), eq(invoiceDispute.invoiceId, row.id), eq(invoiceDispute.state, "open")))
      .limit(1);
    if (questioned) continue;
    const tries = await autopayTriesQuery(tx, organizationId, row.id);
    const last = tries.at(-1);
    if (last && last.status !== "failed") continue;
    if (last && (last.retryAt === null || last.retryAt > now)) continue;
    const [claimed] = await tx
      .insert(autopayCharge)
      .values({
        organizationId,
        invoiceId: row.id,
        accountId: row.accountId,
        attempt: tries.length + 1,
        amountMinor: outstanding,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!claimed) continue;
    claims.push({
      id: claimed.id,
      invoiceId: row.id,
      invoiceNumber: row.number ?? "",
      accountId: row.accountId,
      attempt: claimed.attempt,
      amountMinor: outstanding,
      customerId: card.stripeCustomerId,
      paymentMethodId: card.stripePaymentMethodId,
      last4: card.last4 ?? "",
    });
  }
  return claims;
}

async function autopayWorkspace(deps: AppDeps, organizationId: string, accountIds: string[], now: Date): Promise<AutopayResult> {
  const keys = await withWorkspace(deps.db, organizationId, (tx) => stripeKeysOf(tx, deps.config, organizationId));
  if (!keys) return { charged: 0, failed: 0 };
  const { claims, currency } = await withWorkspace(deps.db, organizationId, async (tx) => ({
    currency: await workspaceCurrency(tx, organizationId),
    claims: await claimDueCharges(tx, organizationId, accountIds, now),
  }));
  const stripe = stripeClient(deps.config, keys);
  const result: AutopayResult = { charged: 0, failed: 0 };
  for (const claim of claims) {
    const where = and(eq(autopayCharge.organizationId, organizationId), eq(autopayCharge.id, claim.id));
    try {
      const intent = await stripe.paymentIntents.create(
        {
          amount: claim.amountMinor,
          currency: currency.toLowerCase(),
          customer: claim.customerId,
          payment_method: claim.paymentMethodId,
          off_session: true,
          confirm: true,
          description: `Invoice ${claim.invoiceNumber} (autopay)`,
          metadata: { [AUTOPAY_METADATA_KEY]: claim.id, [WORKSPACE_METADATA_KEY]: organizationId },
        },
        { idempotencyKey: `glassroom-autopay:${organizationId}:${claim.id}` },
      );
      await withWorkspace(deps.db, organizationId, (tx) =>
        tx.update(autopayCharge).set({ status: "charged", stripePaymentIntentId: intent.id, updatedAt: now }).where(where),
      );
      result.charged += 1;
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeCardError)) {
        // Stripe unreachable or refusing for another reason: nothing was charged; the next run tries again.
        await withWorkspace(deps.db, organizationId, (tx) => tx.delete(autopayCharge).where(and(where, eq(autopayCharge.status, "charging"))));
        deps.logger.warn({ err: error, organizationId, invoiceId: claim.invoiceId }, "autopay charge not made: Stripe did not answer");
        continue;
      }
      const retryDays = AUTOPAY_RETRY_DAYS[claim.attempt - 1];
      const retryAt = retryDays === undefined ? null : new Date(now.getTime() + retryDays * DAY_MS);
      const reason = error.message;
      await withWorkspace(deps.db, organizationId, async (tx) => {
        await tx
          .update(autopayCharge)
          .set({ status: "failed", failureReason: reason, retryAt, stripePaymentIntentId: error.payment_intent?.id ?? null, updatedAt: now })
          .where(where);
        await notice(
          tx,
          organizationId,
          claim.accountId,
          claim.invoiceId,
          "autopay_failed",
          `autopay-failed:${claim.id}`,
          `Autopay could not charge ${formatMoney(claim.amountMinor, currency)} to your card ending ${claim.last4} for invoice ${claim.invoiceNumber}: ${reason} ${
            retryAt ? `We will try again on ${dayOf(retryAt)}.` : "We will not try again: please pay the invoice by card from its page, or another way."
          }`,
          now,
        );
      });
      result.failed += 1;
    }
  }
  return result;
}

/** The autopay charge a PaymentIntent is, for the webhook: its invoice and account. */
export async function autopayChargeById(tx: Transaction, organizationId: string, chargeId: string) {
  const [row] = await tx
    .select()
    .from(autopayCharge)
    .where(and(eq(autopayCharge.organizationId, organizationId), eq(autopayCharge.id, chargeId)));
  return row;
}
