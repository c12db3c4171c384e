/**
 * What happens when money moves, shared by the API and the hosted checkout page: confirming a
 * payment intent with a payment method (succeeding, declined, or processing until settled),
 * completing a Checkout Session, attaching a payment method, refunding. Each step changes the
 * stored objects and records the events Stripe would send.
 */
import { invalidRequest } from "./params.ts";
import {
  declineErrorCode,
  declineMessage,
  newId,
  newCustomer,
  newPaymentIntent,
  newPaymentMethod,
  newSetupIntent,
  nowSeconds,
  type CardOutcome,
  type Charge,
  type CheckoutSession,
  type PaymentError,
  type PaymentIntent,
  type PaymentMethod,
  type Refund,
  type StripeEvent,
  type Store,
} from "./objects.ts";
import type { Webhooks } from "./webhooks.ts";

export interface Context {
  store: Store;
  webhooks: Webhooks;
  /** The API request that caused the events (null ids for the hosted page and the test's controls). */
  request: StripeEvent["request"];
}

export function emit(context: Context, type: string, object: object, previousAttributes?: Record<string, unknown>): void {
  context.webhooks.create(context.store.events, type, object, context.request, previousAttributes);
}

/** The card the hosted page offers, and what each choice does. */
export type CardChoice = "succeeds" | "declined" | "async" | "charges_fail_later";
export function outcomeOfChoice(choice: CardChoice): CardOutcome {
  if (choice === "succeeds") return { kind: "succeeds" };
  if (choice === "async") return { kind: "async" };
  return { kind: "declined", declineCode: choice === "declined" ? "generic_decline" : "card_declined" };
}

/** Stripe's test payment method ids, each standing for a fresh card that behaves as named. */
export const TEST_PAYMENT_METHODS: Record<string, CardOutcome> = {
  pm_card_visa: { kind: "succeeds" },
  pm_card_mastercard: { kind: "succeeds" },
  pm_card_chargeDeclined: { kind: "declined", declineCode: "generic_decline" },
  pm_card_chargeDeclinedInsufficientFunds: { kind: "declined", declineCode: "insufficient_funds" },
  pm_card_chargeDeclinedExpiredCard: { kind: "declined", declineCode: "expired_card" },
  pm_card_chargeCustomerFail: { kind: "declined", declineCode: "card_declined" },
  pm_card_authenticationRequired: { kind: "declined", declineCode: "authentication_required" },
};

/** A stored payment method, or a new one for one of Stripe's test ids. */
export function paymentMethodFor(store: Store, id: string): PaymentMethod | undefined {
  const testOutcome = TEST_PAYMENT_METHODS[id];
  if (!testOutcome) return store.paymentMethods.get(id);
  const method = newPaymentMethod(testOutcome, { email: null, name: null });
  store.paymentMethods.set(method.id, method);
  store.cardOutcomes.set(method.id, testOutcome);
  return method;
}

export function attachPaymentMethod(context: Context, method: PaymentMethod, customerId: string): void {
  if (method.customer === customerId) return;
  if (method.customer)
    throw invalidRequest(`The payment method you provided has already been attached to a customer.`, "payment_method_unexpected_state", "payment_method");
  method.customer = customerId;
  emit(context, "payment_method.attached", method);
}

export function detachPaymentMethod(context: Context, method: PaymentMethod): void {
  if (!method.customer)
    throw invalidRequest(`The payment method ${method.id} is not attached to a customer so detachment is impossible.`, "payment_method_unexpected_state");
  const customer = context.store.customers.get(method.customer);
  if (customer?.invoice_settings.default_payment_method === method.id) customer.invoice_settings.default_payment_method = null;
  method.customer = null;
  emit(context, "payment_method.detached", method, { customer: customer?.id ?? null });
}

function newCharge(intent: PaymentIntent, method: PaymentMethod, status: Charge["status"], error: PaymentError | null): Charge {
  return {
    id: newId("ch_"),
    object: "charge",
    created: nowSeconds(),
    livemode: false,
    amount: intent.amount,
    amount_captured: status === "succeeded" ? intent.amount : 0,
    amount_refunded: 0,
    captured: status === "succeeded",
    currency: intent.currency,
    customer: intent.customer,
    description: intent.description,
    metadata: {},
    paid: status === "succeeded",
    payment_intent: intent.id,
    payment_method: method.id,
    refunded: false,
    status,
    failure_code: error?.code ?? null,
    failure_message: error?.message ?? null,
    outcome: error
      ? {
          type: "issuer_declined",
          network_status: "declined_by_network",
          reason: error.decline_code,
          seller_message: "The bank did not return any further details with this decline.",
        }
      : { type: "authorized", network_status: "approved_by_network", reason: null, seller_message: "Payment complete." },
  };
}

/**
 * Charges `method` for `intent`. A declined card leaves the intent needing a payment method,
 * with the decline as `last_payment_error`, and returns that error (the API answers it with
 * 402); a delayed method leaves it processing until settleAsyncPayment.
 */
export function confirmPaymentIntent(context: Context, intent: PaymentIntent, method: PaymentMethod): PaymentError | null {
  if (intent.status !== "requires_payment_method" && intent.status !== "requires_confirmation")
    throw invalidRequest(
      `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method, requires_action.`,
      "payment_intent_unexpected_state",
    );
  if (intent.customer && method.customer && method.customer !== intent.customer)
    throw invalidRequest(`The provided PaymentMethod belongs to another customer.`, "payment_method_unexpected_state", "payment_method");
  const outcome = context.store.cardOutcomes.get(method.id) ?? { kind: "succeeds" };
  intent.payment_method = method.id;
  if (outcome.kind === "declined") {
    const error: PaymentError = {
      type: "card_error",
      code: declineErrorCode(outcome.declineCode),
      decline_code: outcome.declineCode,
      message: declineMessage(outcome.declineCode),
      payment_method: structuredClone(method),
    };
    const charge = newCharge(intent, method, "failed", error);
    context.store.charges.set(charge.id, charge);
    error.charge = charge.id;
    Object.assign(intent, { status: "requires_payment_method", payment_method: null, last_payment_error: error, latest_charge: charge.id });
    emit(context, "payment_intent.payment_failed", intent);
    return error;
  }
  const charge = newCharge(intent, method, outcome.kind === "async" ? "pending" : "succeeded", null);
  context.store.charges.set(charge.id, charge);
  intent.latest_charge = charge.id;
  intent.last_payment_error = null;
  if (intent.setup_future_usage && intent.customer) attachPaymentMethod(context, method, intent.customer);
  if (outcome.kind === "async") {
    intent.status = "processing";
    return null;
  }
  intent.status = "succeeded";
  intent.amount_received = intent.amount;
  emit(context, "payment_intent.succeeded", intent);
  return null;
}

/** Ends a delayed payment (the hosted page's "requires async" card): Stripe's async_payment events. */
export function settleAsyncPayment(context: Context, intent: PaymentIntent, outcome: "succeeded" | "failed"): void {
  if (intent.status !== "processing") throw new Error(`${intent.id} is ${intent.status}, not processing: only a delayed payment can be settled`);
  const charge = context.store.charges.get(intent.latest_charge!)!;
  const session = [...context.store.checkoutSessions.values()].find((candidate) => candidate.payment_intent === intent.id);
  if (outcome === "succeeded") {
    Object.assign(charge, { status: "succeeded", paid: true, captured: true, amount_captured: charge.amount });
    Object.assign(intent, { status: "succeeded", amount_received: intent.amount });
    emit(context, "payment_intent.succeeded", intent);
    if (session) {
      session.payment_status = "paid";
      emit(context, "checkout.session.async_payment_succeeded", session);
    }
    return;
  }
  const method = context.store.paymentMethods.get(charge.payment_method)!;
  const error: PaymentError = {
    type: "card_error",
    code: "payment_method_provider_decline",
    decline_code: "generic_decline",
    message: "The payment was declined by the bank.",
    payment_method: structuredClone(method),
    charge: charge.id,
  };
  Object.assign(charge, { status: "failed", failure_code: error.code, failure_message: error.message });
  Object.assign(intent, { status: "requires_payment_method", payment_method: null, last_payment_error: error });
  emit(context, "payment_intent.payment_failed", intent);
  if (session) emit(context, "checkout.session.async_payment_failed", session);
}

/** What paying on the hosted page did: where to send the browser, or the decline to show. */
export type CheckoutResult = { redirectTo: string } | { declined: string };

/**
 * Pays (payment mode) or saves a card (setup mode) for an open session with the chosen card,
 * then completes it. A decline leaves the session open so that another card can be tried.
 */
export function payCheckoutSession(context: Context, session: CheckoutSession, choice: CardChoice, payer: { email: string; name: string }): CheckoutResult {
  const { store } = context;
  const extras = store.sessionExtras.get(session.id)!;
  const outcome = outcomeOfChoice(choice);
  const billing = { email: session.customer_email ?? payer.email, name: payer.name };
  const method = newPaymentMethod(outcome, billing);
  store.paymentMethods.set(method.id, method);
  store.cardOutcomes.set(method.id, outcome);

  const savesCard = session.mode === "setup" || extras.paymentIntentData.setupFutureUsage !== null || extras.customerCreation === "always";
  const ensureCustomer = () => {
    if (session.customer) return session.customer;
    const customer = newCustomer({ email: billing.email, name: billing.name, description: null, phone: null, metadata: {} });
    store.customers.set(customer.id, customer);
    session.customer = customer.id;
    return customer.id;
  };

  if (session.mode === "setup") {
    const intent =
      store.setupIntents.get(session.setup_intent ?? "") ??
      newSetupIntent({ customer: null, description: extras.setupIntentData.description, metadata: extras.setupIntentData.metadata });
    store.setupIntents.set(intent.id, intent);
    session.setup_intent = intent.id;
    if (outcome.kind === "declined" && choice === "declined") {
      intent.last_setup_error = {
        type: "card_error",
        code: "card_declined",
        decline_code: "generic_decline",
        message: declineMessage("generic_decline"),
        payment_method: structuredClone(method),
      };
      emit(context, "setup_intent.setup_failed", intent);
      return { declined: intent.last_setup_error.message };
    }
    intent.customer = ensureCustomer();
    Object.assign(intent, { status: "succeeded", payment_method: method.id, last_setup_error: null });
    attachPaymentMethod(context, method, intent.customer);
    emit(context, "setup_intent.succeeded", intent);
  } else {
    const customer = savesCard ? ensureCustomer() : session.customer;
    let intent = store.paymentIntents.get(session.payment_intent ?? "");
    if (!intent) {
      intent = newPaymentIntent({
        amount: session.amount_total!,
        currency: session.currency!,
        customer,
        description: extras.paymentIntentData.description,
        metadata: extras.paymentIntentData.metadata,
        payment_method: null,
        setup_future_usage: extras.paymentIntentData.setupFutureUsage,
        receipt_email: null,
      });
      store.paymentIntents.set(intent.id, intent);
      session.payment_intent = intent.id;
    }
    const error = confirmPaymentIntent(context, intent, method);
    if (error) return { declined: error.message };
    session.payment_status = intent.status === "succeeded" ? "paid" : "unpaid";
  }
  session.status = "complete";
  session.customer_details = billing;
  session.url = null;
  emit(context, "checkout.session.completed", session);
  return { redirectTo: session.success_url!.replaceAll("{CHECKOUT_SESSION_ID}", session.id) };
}

export function expireCheckoutSession(context: Context, session: CheckoutSession): void {
  if (session.status !== "open")
    throw invalidRequest(
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      "checkout_session_unexpected_state",
    );
  session.status = "expired";
  session.url = null;
  emit(context, "checkout.session.expired", session);
}

/** Refunds part or all of what a succeeded payment intent's charge has not yet refunded. */
export function refundPaymentIntent(
  context: Context,
  intent: PaymentIntent,
  fields: { amount: number | null; reason: Refund["reason"]; metadata: Refund["metadata"] },
): Refund {
  const charge = intent.latest_charge ? context.store.charges.get(intent.latest_charge) : undefined;
  if (!charge || intent.status !== "succeeded")
    throw invalidRequest(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, "charge_not_refundable", "payment_intent");
  const refundable = charge.amount - charge.amount_refunded;
  if (refundable === 0) throw invalidRequest(`Charge ${charge.id} has already been refunded.`, "charge_already_refunded");
  const amount = fields.amount ?? refundable;
  if (amount <= 0) throw invalidRequest("Invalid positive integer", "parameter_invalid_integer", "amount");
  if (amount > refundable)
    throw invalidRequest(`Refund amount (${amount}) is greater than unrefunded amount on charge (${refundable})`, "amount_too_large", "amount");
  const refund: Refund = {
    id: newId("re_"),
    object: "refund",
    created: nowSeconds(),
    amount,
    charge: charge.id,
    currency: charge.currency,
    metadata: fields.metadata,
    payment_intent: intent.id,
    reason: fields.reason,
    status: "succeeded",
  };
  context.store.refunds.set(refund.id, refund);
  const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  emit(context, "charge.refunded", charge, previous);
  return refund;
}
