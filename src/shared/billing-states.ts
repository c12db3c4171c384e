/**
 * The named states and kinds of billing, shared by the database checks, the API and the screens.
 */

/** What moved an account's money. Positive amounts are owed by the family, negative are theirs. */
export const LEDGER_KINDS = [
  "session_charge", // a session taught (or a late cancellation or no-show, per policy) not covered by hours
  "package_sale", // a package sold to the family
  "fee", // an ad-hoc invoice line: materials, a registration fee
  "tax", // the tax of an invoice whose prices exclude tax
  "payment", // money received
  "refund", // money given back
  "credit_note", // a credit note issued to the family
  "adjustment", // an admin's correction with a reason
  "transfer", // balance moved between accounts when families merge or split
  "reversal", // undoes one earlier entry exactly (a session re-marked, an invoice voided)
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** The methods of a payment an admin records by hand. */
export const RECORDED_PAYMENT_METHODS = ["cash", "bank_transfer", "card_terminal", "cheque"] as const;
export type RecordedPaymentMethod = (typeof RECORDED_PAYMENT_METHODS)[number];
/** Every method a payment may have: card_online payments come only from Stripe's webhooks. */
export const PAYMENT_METHODS = [...RECORDED_PAYMENT_METHODS, "card_online"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * A family's card payment through Stripe Checkout: starting (the session being created), open
 * (the family is on Stripe's page), processing (an asynchronous method not settled yet), paid,
 * failed (with Stripe's reason) or expired (left unpaid).
 */
export const CHECKOUT_STATES = ["starting", "open", "processing", "paid", "failed", "expired"] as const;
export type CheckoutState = (typeof CHECKOUT_STATES)[number];
export const CHECKOUT_KINDS = ["invoice", "package"] as const;

/** An autopay charge of an invoice to the family's saved card: charging, charged (Stripe took it), or failed (with Stripe's reason). */
export const AUTOPAY_CHARGE_STATES = ["charging", "charged", "failed"] as const;
export type AutopayChargeState = (typeof AUTOPAY_CHARGE_STATES)[number];
/** Days after a failed autopay charge when it is tried again; after the last, the invoice is left to the family. */
export const AUTOPAY_RETRY_DAYS = [1, 3] as const;
export type CheckoutKind = (typeof CHECKOUT_KINDS)[number];

/** Stored invoice states; "partly paid", "paid", "credited" and "overdue" are derived from amounts and dates. */
export const INVOICE_STATUSES = ["draft", "issued", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/**
 * The states a reader sees. "credited" is an invoice settled wholly by credit notes, not
 * payments (one that both settled is "paid"): the family paid nothing for it.
 */
export const INVOICE_STATES = ["draft", "issued", "partly_paid", "paid", "credited", "void"] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
/** Each state in words: the admin and parent screens and the invoice PDF say the same. */
export const INVOICE_STATE_LABELS: Record<InvoiceState, string> = {
  draft: "Draft",
  issued: "Issued",
  partly_paid: "Partly paid",
  paid: "Paid",
  credited: "Credited",
  void: "Void",
};

export const INVOICE_LINE_KINDS = ["session", "package", "fee"] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];

export const PACKAGE_SCOPES = ["student", "family"] as const;
export type PackageScope = (typeof PACKAGE_SCOPES)[number];

/** A purchase waits for payment (or for its invoice's issue where credit is allowed) before its hours count. */
export const PURCHASE_STATUSES = ["awaiting_payment", "active", "cancelled"] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/** How a grant's minutes change: used by a session, given back when it is re-marked, expired, cancelled with its purchase. */
export const HOUR_MOVEMENT_KINDS = ["use", "reversal", "expiry", "cancellation"] as const;
export type HourMovementKind = (typeof HOUR_MOVEMENT_KINDS)[number];

export const DISPUTE_STATES = ["open", "credited", "explained", "withdrawn"] as const;
export type DisputeState = (typeof DISPUTE_STATES)[number];

/** What a family's billing digest tells them about. */
export const BILLING_NOTICE_KINDS = [
  "invoice_issued",
  "invoice_overdue",
  "credit_note_issued",
  "payment_recorded",
  "refund_recorded",
  "dispute_answered",
  "low_balance",
  "hours_expiring",
  "autopay_upcoming",
  "autopay_failed",
] as const;
export type BillingNoticeKind = (typeof BILLING_NOTICE_KINDS)[number];

/** Basis points: 10,000 is 100 %. Shares and tax rates are whole basis points, never fractions. */
export const BASIS_POINTS = 10_000;
