/** The states and kinds of tutor pay (server and web share them). */

/** What an earning is: a session taught (or its cancellation share), a reversal of one, or an admin's adjustment. */
export const EARNING_KINDS = ["session", "reversal", "adjustment"] as const;
export type EarningKind = (typeof EARNING_KINDS)[number];

/** Why a session earns: taught, every student absent, or cancelled late. */
export const EARNING_BASES = ["attended", "no_show", "late_cancelled"] as const;
export type EarningBasis = (typeof EARNING_BASES)[number];

/** What an adjustment is for. */
export const ADJUSTMENT_CATEGORIES = ["travel", "training", "correction", "other"] as const;
export type AdjustmentCategory = (typeof ADJUSTMENT_CATEGORIES)[number];

/** A pay run: drafted (rebuilt freely), confirmed (locked), paid (with a reference and date). */
export const PAY_RUN_STATUSES = ["draft", "confirmed", "paid"] as const;
export type PayRunStatus = (typeof PAY_RUN_STATUSES)[number];

export const PAY_PERIOD_KINDS = ["weekly", "fortnightly", "monthly"] as const;
export type PayPeriodKind = (typeof PAY_PERIOD_KINDS)[number];

/**
 * Where an earning stands for its tutor: paid (in a paid run), in a confirmed run, ready for
 * the next run, pending (with a reason), or cancelled out by its reversal before any run paid it.
 */
export const EARNING_STATES = ["paid", "confirmed", "ready", "pending", "reversed"] as const;
export type EarningState = (typeof EARNING_STATES)[number];

/** Why an earning (or a session without one) is not yet payable. */
export const PENDING_REASONS = ["report_missing", "uninvoiced", "invoice_unpaid"] as const;
export type PendingReason = (typeof PENDING_REASONS)[number];
