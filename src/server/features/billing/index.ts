/**
 * Billing: families' accounts, packages and hours, invoices, credit notes, payments,
 * disputes and the hash-chained ledger. Other features call it when a session's billing may
 * change (a report filed or corrected, a session cancelled).
 */
export { billingRoutes } from "./routes.ts";
export { billSession } from "./session-billing.ts";
export { hoursExpiryJob } from "./hours-expiry-job.ts";
export { billingDigestJob } from "./billing-digest-job.ts";
export { overdueRemindersJob } from "./overdue-reminders-job.ts";
export { ledgerVerificationQueue } from "./ledger-verification-job.ts";
/** Money arithmetic that tutor pay prices sessions with, so that pay and charges round alike. */
export { chargeForMinutes, formatBps, minutesAtShare } from "./arithmetic.ts";
export { describeMinutes } from "./hours.ts";
export { payerOf } from "./policy.ts";
export { recordCardPayment, recordCardRefund, type CardPayment, type CardRefund } from "./card-payments.ts";
export { paymentDetail } from "./payments.ts";
export { billingContextOf } from "./invoice-context.ts";
export { shapeProduct } from "./packages.ts";
/** Naming a family's account and merging one into another: the CRM gathers a converted lead's students into one family with them. */
export { mergeAccount, renameAccount } from "./accounts.ts";
