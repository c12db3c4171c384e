/**
 * Stripe's webhook, the only way a card payment's money enters the books. Each event is checked
 * against the workspace's signing secret on the raw body (at most 300 seconds old), stored once
 * by its id (a second delivery is acknowledged and changes nothing), and applied from what
 * Stripe holds now, re-read through the API, not from the event's copy. Applying compares that
 * state with what is recorded and records only what is missing, so events may come in any order
 * and any number of times: a refund that arrives before its payment's completion records the
 * payment, then the refund.
 */
import { and, eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { WebhookReceipt } from "../../../shared/schemas/online-payments.ts";
import { workspaceToday } from "../../core/workspace-time.ts";
import { autopayCharge, checkoutAttempt, stripeEvent } from "../../db/billing-schema.ts";
import type { Database } from "../../db/client.ts";
import { organization } from "../../db/schema.ts";
import { type Transaction, withWorkspace } from "../../db/tenant.ts";
import type { Config } from "../../env.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { recordCardPayment, recordCardRefund } from "../billing/index.ts";
import { AUTOPAY_METADATA_KEY, autopayChargeById } from "./autopay.ts";
import { ATTEMPT_METADATA_KEY } from "./checkout.ts";
import { CARD_ACCOUNT_METADATA_KEY, forgetDetachedCard, storeSavedCard } from "./saved-cards.ts";
import { callStripe, stripeClient } from "./stripe-client.ts";
import { stripeKeysOf } from "./stripe-keys.ts";

/** How old a signature may be: Stripe's own default, so that a captured delivery cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const WORKSPACE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

const badSignature = (why: string) => new AppError("WEBHOOK_SIGNATURE_INVALID", 400, `The Stripe-Signature header does not verify: ${why}`);

/** What Stripe holds now about one of our payments (a checkout attempt or an autopay charge). */
interface PaymentState {
  kind: "payment";
  attemptId: string | null;
  autopayChargeId: string | null;
  session: Stripe.Checkout.Session | null;
  paymentIntent: Stripe.PaymentIntent | null;
  refunds: Stripe.Refund[];
}
/** A card a family saved through Checkout in setup mode. */
interface CardState {
  kind: "card";
  accountId: string;
  customerId: string;
  method: Stripe.PaymentMethod;
}
type StripeState = PaymentState | CardState | { kind: "detached"; paymentMethodId: string };

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/** The card a SetupIntent saved, for the account its metadata names; null when it saved none or is not ours. */
async function cardStateOf(stripe: Stripe, intent: Stripe.SetupIntent, accountId: string | undefined): Promise<CardState | null> {
  const methodId = idOf(intent.payment_method);
  const customerId = idOf(intent.customer);
  if (!accountId || intent.status !== "succeeded" || !methodId || !customerId) return null;
  const method = await callStripe(() => stripe.paymentMethods.retrieve(methodId));
  return { kind: "card", accountId, customerId, method };
}

/** Re-reads from Stripe what the event is about; null for an event not about our payments or cards. */
async function stripeStateFor(stripe: Stripe, event: Stripe.Event): Promise<StripeState | null> {
  let session: Stripe.Checkout.Session | null = null;
  let intentId: string | null = null;
  if (event.type === "payment_method.detached") {
    return { kind: "detached", paymentMethodId: (event.data.object as Stripe.PaymentMethod).id };
  } else if (event.type === "setup_intent.succeeded") {
    const intent = await callStripe(() => stripe.setupIntents.retrieve((event.data.object as Stripe.SetupIntent).id));
    return cardStateOf(stripe, intent, intent.metadata?.[CARD_ACCOUNT_METADATA_KEY]);
  } else if (event.type.startsWith("checkout.session.")) {
    const sessionId = (event.data.object as Stripe.Checkout.Session).id;
    session = await callStripe(() => stripe.checkout.sessions.retrieve(sessionId));
    if (session.mode === "setup") {
      const setupIntentId = idOf(session.setup_intent);
      if (!setupIntentId) return null;
      const intent = await callStripe(() => stripe.setupIntents.retrieve(setupIntentId));
      return cardStateOf(stripe, intent, session.metadata?.[CARD_ACCOUNT_METADATA_KEY]);
    }
    intentId = idOf(session.payment_intent);
  } else if (event.type === "charge.refunded") {
    intentId = idOf((event.data.object as Stripe.Charge).payment_intent);
  } else if (event.type.startsWith("payment_intent.")) {
    intentId = (event.data.object as Stripe.PaymentIntent).id;
  } else {
    return null;
  }
  const paymentIntent = intentId ? await callStripe(() => stripe.paymentIntents.retrieve(intentId)) : null;
  const attemptId = session?.metadata?.[ATTEMPT_METADATA_KEY] ?? paymentIntent?.metadata?.[ATTEMPT_METADATA_KEY] ?? null;
  const autopayChargeId = paymentIntent?.metadata?.[AUTOPAY_METADATA_KEY] ?? null;
  if (!attemptId && !autopayChargeId) return null;
  const refunds = paymentIntent ? (await callStripe(() => stripe.refunds.list({ payment_intent: paymentIntent.id, limit: 100 }))).data : [];
  return { kind: "payment", attemptId, autopayChargeId, session, paymentIntent, refunds };
}

/** Records the refunds Stripe made of the PaymentIntent that are not recorded yet. */
async function applyRefunds(tx: Transaction, organizationId: string, state: PaymentState, now: Date): Promise<string[]> {
  const done: string[] = [];
  const intent = state.paymentIntent;
  if (!intent) return done;
  for (const refund of state.refunds) {
    if (refund.status !== "succeeded") continue;
    const result = await recordCardRefund(
      tx,
      { organizationId, actorUserId: null, now },
      {
        paymentIntentId: intent.id,
        stripeRefundId: refund.id,
        amountMinor: refund.amount,
        refundedOn: await workspaceToday(tx, organizationId, now),
        reason: refund.metadata?.glassroom_reason || "Refunded through Stripe",
      },
    );
    if (result.created) done.push("refund recorded");
  }
  return done;
}

/** An autopay charge brought up to its PaymentIntent: the payment recorded once it succeeded. */
async function applyAutopayState(tx: Transaction, organizationId: string, state: PaymentState, now: Date): Promise<string> {
  const charge = await autopayChargeById(tx, organizationId, state.autopayChargeId!);
  const intent = state.paymentIntent;
  if (!charge || !intent) return "ignored: no such autopay charge in this workspace";
  const done: string[] = [];
  if (intent.status === "succeeded") {
    const recorded = await recordCardPayment(
      tx,
      { organizationId, actorUserId: null, now },
      {
        accountId: charge.accountId,
        amountMinor: intent.amount_received,
        paymentIntentId: intent.id,
        receivedOn: await workspaceToday(tx, organizationId, now),
        invoiceId: charge.invoiceId,
      },
    );
    if (recorded.created) done.push("autopay payment recorded");
    if (charge.status !== "charged" || charge.stripePaymentIntentId !== intent.id) {
      await tx
        .update(autopayCharge)
        .set({ status: "charged", stripePaymentIntentId: intent.id, updatedAt: now })
        .where(and(eq(autopayCharge.organizationId, organizationId), eq(autopayCharge.id, charge.id)));
    }
  }
  done.push(...(await applyRefunds(tx, organizationId, state, now)));
  return done.length > 0 ? done.join(", ") : `autopay charge ${charge.status}, nothing to record`;
}

/** Brings the attempt and the books up to Stripe's state; says what it did. */
async function applyState(tx: Transaction, organizationId: string, state: StripeState, now: Date): Promise<string> {
  if (state.kind === "card") return storeSavedCard(tx, organizationId, state.accountId, state.method, state.customerId, now);
  if (state.kind === "detached") return forgetDetachedCard(tx, organizationId, state.paymentMethodId, now);
  if (!state.attemptId) return applyAutopayState(tx, organizationId, state, now);
  const [attempt] = await tx
    .select()
    .from(checkoutAttempt)
    .where(and(eq(checkoutAttempt.organizationId, organizationId), eq(checkoutAttempt.id, state.attemptId)))
    .for("update");
  if (!attempt) return "ignored: no such card payment in this workspace";
  const context = { organizationId, actorUserId: null, now };
  const done: string[] = [];
  const update: Partial<typeof checkoutAttempt.$inferInsert> = {};
  const intent = state.paymentIntent;
  if (intent) update.stripePaymentIntentId = intent.id;

  if (intent?.status === "succeeded") {
    const recorded = await recordCardPayment(tx, context, {
      accountId: attempt.accountId,
      amountMinor: intent.amount_received,
      paymentIntentId: intent.id,
      receivedOn: await workspaceToday(tx, organizationId, now),
      invoiceId: attempt.kind === "invoice" ? attempt.invoiceId : null,
      package: attempt.kind === "package" ? { productId: attempt.productId!, studentId: attempt.studentId, saleKey: `checkout:${attempt.id}` } : null,
    });
    if (recorded.created) done.push("payment recorded");
    if (attempt.status !== "paid") Object.assign(update, { status: "paid", paymentId: recorded.paymentId, failureReason: null });
    if (recorded.purchaseId) update.purchaseId = recorded.purchaseId;
  } else if (attempt.status !== "paid") {
    const failure = intent?.last_payment_error?.message ?? null;
    if (failure) update.failureReason = failure;
    if (intent?.status === "processing") update.status = "processing";
    // A card declined on Stripe's page leaves the session open for another card; a delayed
    // payment that failed closes it (complete, unpaid).
    else if (failure && state.session?.status === "complete") update.status = "failed";
    else if (state.session?.status === "expired") update.status = "expired";
  }
  done.push(...(await applyRefunds(tx, organizationId, state, now)));

  if (Object.keys(update).length > 0) {
    await tx
      .update(checkoutAttempt)
      .set({ ...update, updatedAt: now })
      .where(and(eq(checkoutAttempt.organizationId, organizationId), eq(checkoutAttempt.id, attempt.id)));
  }
  return done.length > 0 ? done.join(", ") : `attempt ${update.status ?? attempt.status}, nothing to record`;
}

/** POST /api/webhooks/stripe/{workspaceId}: verifies, stores once and applies one event. */
export async function receiveStripeEvent(
  db: Database,
  config: Config,
  workspaceId: string,
  rawBody: string,
  signature: string | undefined,
  now: Date,
): Promise<WebhookReceipt> {
  if (!WORKSPACE_ID_PATTERN.test(workspaceId)) throw notFound("The webhook endpoint");
  const keys = await withWorkspace(db, workspaceId, async (tx) => {
    const [workspace] = await tx.select({ id: organization.id }).from(organization).where(eq(organization.id, workspaceId));
    return workspace ? stripeKeysOf(tx, config, workspaceId) : null;
  });
  if (!keys) throw notFound("The webhook endpoint");
  if (!signature) throw badSignature("it is missing.");
  const stripe = stripeClient(config, keys);
  let event: Stripe.Event;
  try {
    // The signature's age is measured on the machine's real clock (the library's default), as
    // Stripe signs with real time; the injected clock is the business's time, which tests move.
    event = stripe.webhooks.constructEvent(rawBody, signature, keys.webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
  } catch (error) {
    throw badSignature(error instanceof Error ? error.message : "unreadable.");
  }

  const seen = await withWorkspace(db, workspaceId, (tx) =>
    tx
      .select({ outcome: stripeEvent.outcome })
      .from(stripeEvent)
      .where(and(eq(stripeEvent.organizationId, workspaceId), eq(stripeEvent.eventId, event.id))),
  );
  if (seen.length > 0) return { received: true, duplicate: true, outcome: seen[0]!.outcome };

  // Read from Stripe before the transaction: no network wait while the workspace's money lock is held.
  const state = await stripeStateFor(stripe, event);
  return withWorkspace(db, workspaceId, async (tx) => {
    const outcome = state ? await applyStateOnce(tx, workspaceId, event, state, now) : null;
    if (outcome === undefined) return { received: true, duplicate: true, outcome: "applied by a concurrent delivery" };
    if (outcome === null) {
      const stored = await storeEvent(tx, workspaceId, event, "ignored: not about a Glassroom card payment or card", now);
      return { received: true, duplicate: !stored, outcome: "ignored: not about a Glassroom card payment or card" };
    }
    return { received: true, duplicate: false, outcome };
  });
}

async function storeEvent(tx: Transaction, organizationId: string, event: Stripe.Event, outcome: string, now: Date): Promise<boolean> {
  const inserted = await tx
    .insert(stripeEvent)
    .values({ organizationId, eventId: event.id, type: event.type, outcome, receivedAt: now })
    .onConflictDoNothing()
    .returning({ eventId: stripeEvent.eventId });
  return inserted.length > 0;
}

/** Applies the state and stores the event in one transaction; undefined when a concurrent delivery stored it first. */
async function applyStateOnce(tx: Transaction, organizationId: string, event: Stripe.Event, state: StripeState, now: Date): Promise<string | undefined> {
  // A concurrent delivery of the same event waits here, then finds it stored.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`stripe-event:${organizationId}:${event.id}`}, 0))`);
  const [stored] = await tx
    .select({ eventId: stripeEvent.eventId })
    .from(stripeEvent)
    .where(and(eq(stripeEvent.organizationId, organizationId), eq(stripeEvent.eventId, event.id)));
  if (stored) return undefined;
  const outcome = await applyState(tx, organizationId, state, now);
  await storeEvent(tx, organizationId, event, outcome, now);
  return outcome;
}
