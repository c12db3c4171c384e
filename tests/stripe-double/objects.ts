/**
 * The Stripe objects the double keeps, in the shapes of the API version the installed `stripe`
 * library pins (only the fields Glassroom reads, plus `id`, `object`, `created`, `livemode`),
 * and the in-memory store that holds them. Ids carry Stripe's prefixes.
 */
import { randomBytes } from "node:crypto";
import { formatMoney } from "../../src/shared/money.ts";

export type Metadata = Record<string, string>;

export interface Customer {
  id: string;
  object: "customer";
  created: number;
  livemode: false;
  email: string | null;
  name: string | null;
  description: string | null;
  phone: string | null;
  metadata: Metadata;
  invoice_settings: { default_payment_method: string | null };
}

export interface PaymentMethod {
  id: string;
  object: "payment_method";
  created: number;
  livemode: false;
  type: "card" | "bacs_debit";
  customer: string | null;
  billing_details: { email: string | null; name: string | null };
  card: { brand: string; last4: string; exp_month: number; exp_year: number; funding: "credit"; country: "GB" } | null;
  bacs_debit: { last4: string; sort_code: string } | null;
  metadata: Metadata;
}

export interface PaymentError {
  type: "card_error";
  code: string;
  decline_code: string;
  message: string;
  payment_method: PaymentMethod;
  charge?: string;
}

export interface PaymentIntent {
  id: string;
  object: "payment_intent";
  created: number;
  livemode: false;
  amount: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  description: string | null;
  metadata: Metadata;
  payment_method: string | null;
  payment_method_types: string[];
  setup_future_usage: "off_session" | "on_session" | null;
  status: "requires_payment_method" | "requires_confirmation" | "processing" | "succeeded" | "canceled";
  last_payment_error: PaymentError | null;
  latest_charge: string | null;
  capture_method: "automatic";
  confirmation_method: "automatic";
  client_secret: string;
  receipt_email: string | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  next_action: null;
}

export interface Charge {
  id: string;
  object: "charge";
  created: number;
  livemode: false;
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  currency: string;
  customer: string | null;
  description: string | null;
  metadata: Metadata;
  paid: boolean;
  payment_intent: string;
  payment_method: string;
  refunded: boolean;
  status: "succeeded" | "pending" | "failed";
  failure_code: string | null;
  failure_message: string | null;
  outcome: { type: "authorized" | "issuer_declined"; network_status: string; reason: string | null; seller_message: string };
}

export interface Refund {
  id: string;
  object: "refund";
  created: number;
  amount: number;
  charge: string;
  currency: string;
  metadata: Metadata;
  payment_intent: string;
  reason: "duplicate" | "fraudulent" | "requested_by_customer" | null;
  status: "succeeded";
}

export interface SetupIntent {
  id: string;
  object: "setup_intent";
  created: number;
  livemode: false;
  customer: string | null;
  description: string | null;
  metadata: Metadata;
  payment_method: string | null;
  payment_method_types: string[];
  status: "requires_payment_method" | "succeeded";
  usage: "off_session";
  last_setup_error: PaymentError | null;
  client_secret: string;
}

export interface CheckoutSession {
  id: string;
  object: "checkout.session";
  created: number;
  livemode: false;
  mode: "payment" | "setup";
  amount_subtotal: number | null;
  amount_total: number | null;
  currency: string | null;
  cancel_url: string | null;
  success_url: string | null;
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  customer_details: { email: string | null; name: string | null } | null;
  expires_at: number;
  metadata: Metadata;
  payment_intent: string | null;
  setup_intent: string | null;
  payment_method_types: string[];
  payment_status: "paid" | "unpaid" | "no_payment_required";
  status: "open" | "complete" | "expired";
  url: string | null;
}

export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
}

/** How a payment method behaves when charged; set by the card chosen on the hosted page, or by the test. */
export type CardOutcome = { kind: "succeeds" } | { kind: "async" } | { kind: "declined"; declineCode: string };

/** What Checkout knows of a session beyond its public fields. */
export interface SessionExtras {
  lineItems: { id: string; name: string; quantity: number; unitAmount: number }[];
  paymentIntentData: { metadata: Metadata; description: string | null; setupFutureUsage: "off_session" | "on_session" | null };
  setupIntentData: { metadata: Metadata; description: string | null };
  customerCreation: "always" | "if_required" | null;
  /** Why the last payment on the hosted page failed, shown there. */
  lastError: string | null;
}

export class Store {
  customers = new Map<string, Customer>();
  paymentMethods = new Map<string, PaymentMethod>();
  paymentIntents = new Map<string, PaymentIntent>();
  charges = new Map<string, Charge>();
  refunds = new Map<string, Refund>();
  setupIntents = new Map<string, SetupIntent>();
  checkoutSessions = new Map<string, CheckoutSession>();
  events = new Map<string, StripeEvent>();
  sessionExtras = new Map<string, SessionExtras>();
  cardOutcomes = new Map<string, CardOutcome>();

  /** The object with this id, whatever its kind (for expand[]), or undefined. */
  find(id: string): { id: string } | undefined {
    for (const map of [
      this.customers,
      this.paymentMethods,
      this.paymentIntents,
      this.charges,
      this.refunds,
      this.setupIntents,
      this.checkoutSessions,
      this.events,
    ] as Map<string, { id: string }>[]) {
      const found = map.get(id);
      if (found) return found;
    }
    return undefined;
  }
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** A Stripe-like id: the prefix, then 24 random letters and digits. */
export function newId(prefix: string): string {
  return prefix + [...randomBytes(24)].map((byte) => ALPHABET[byte % ALPHABET.length]).join("");
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export function newCustomer(fields: Pick<Customer, "email" | "name" | "description" | "phone" | "metadata">): Customer {
  return { id: newId("cus_"), object: "customer", created: nowSeconds(), livemode: false, ...fields, invoice_settings: { default_payment_method: null } };
}

/** A test card (Visa 4242 when it succeeds, 0002 when declined, 0341 when charges fail later) or a Bacs debit for a delayed payment. */
export function newPaymentMethod(outcome: CardOutcome, billing: PaymentMethod["billing_details"]): PaymentMethod {
  const base = {
    id: newId("pm_"),
    object: "payment_method" as const,
    created: nowSeconds(),
    livemode: false as const,
    customer: null,
    billing_details: billing,
    metadata: {},
  };
  if (outcome.kind === "async") return { ...base, type: "bacs_debit", card: null, bacs_debit: { last4: "2345", sort_code: "108800" } };
  const last4 = outcome.kind === "succeeds" ? "4242" : outcome.declineCode === "generic_decline" ? "0002" : "0341";
  return {
    ...base,
    type: "card",
    card: { brand: "visa", last4, exp_month: 12, exp_year: new Date().getFullYear() + 3, funding: "credit", country: "GB" },
    bacs_debit: null,
  };
}

export function newPaymentIntent(
  fields: Pick<PaymentIntent, "amount" | "currency" | "customer" | "description" | "metadata" | "payment_method" | "setup_future_usage" | "receipt_email">,
): PaymentIntent {
  const id = newId("pi_");
  return {
    id,
    object: "payment_intent",
    created: nowSeconds(),
    livemode: false,
    ...fields,
    amount_received: 0,
    payment_method_types: ["card"],
    status: fields.payment_method ? "requires_confirmation" : "requires_payment_method",
    last_payment_error: null,
    latest_charge: null,
    capture_method: "automatic",
    confirmation_method: "automatic",
    client_secret: `${id}_secret_${newId("")}`,
    canceled_at: null,
    cancellation_reason: null,
    next_action: null,
  };
}

export function newSetupIntent(fields: Pick<SetupIntent, "customer" | "description" | "metadata">): SetupIntent {
  const id = newId("seti_");
  return {
    id,
    object: "setup_intent",
    created: nowSeconds(),
    livemode: false,
    ...fields,
    payment_method: null,
    payment_method_types: ["card"],
    status: "requires_payment_method",
    usage: "off_session",
    last_setup_error: null,
    client_secret: `${id}_secret_${newId("")}`,
  };
}

/** Stripe's smallest charge per currency (minor units) for the currencies a tutoring business is likely to use. */
const MINIMUM_CHARGE: Record<string, number> = { gbp: 30, usd: 50, eur: 50, cad: 50, aud: 50, nzd: 50, chf: 50, sek: 300, nok: 300, dkk: 250, jpy: 50 };

/** Null when Stripe would charge `amount`, else its "Amount must be at least …" message. */
export function belowMinimumCharge(amount: number, currency: string): string | null {
  const minimum = MINIMUM_CHARGE[currency] ?? 1;
  return amount >= minimum ? null : `Amount must be at least ${formatMoney(minimum, currency.toUpperCase(), "en-GB")} ${currency}`;
}

/** Stripe's words for a decline code, as a card error's message. */
export function declineMessage(declineCode: string): string {
  switch (declineCode) {
    case "insufficient_funds":
      return "Your card has insufficient funds.";
    case "expired_card":
      return "Your card has expired.";
    case "incorrect_cvc":
      return "Your card's security code is incorrect.";
    case "authentication_required":
      return "Your card was declined. This transaction requires authentication.";
    default:
      return "Your card was declined.";
  }
}

/** The error `code` Stripe gives a decline: a few decline codes are their own code, the rest are card_declined. */
export function declineErrorCode(declineCode: string): string {
  return ["expired_card", "incorrect_cvc", "processing_error", "incorrect_number", "authentication_required"].includes(declineCode)
    ? declineCode
    : "card_declined";
}

/** The store as JSON: for a double whose objects outlive its process (the demo's, between runs). */
export function storeToJson(store: Store): string {
  return JSON.stringify(Object.fromEntries(Object.entries(store).map(([name, objects]) => [name, [...(objects as Map<string, unknown>).entries()]])));
}

/** Puts back what storeToJson saved; kinds of objects this double no longer keeps are skipped. */
export function loadStore(store: Store, json: string): void {
  const maps = store as unknown as Record<string, unknown>;
  for (const [name, entries] of Object.entries(JSON.parse(json) as Record<string, [string, unknown][]>)) {
    const objects = maps[name];
    if (objects instanceof Map) for (const [id, object] of entries) objects.set(id, object);
  }
}
