import { z } from "zod";
import { authIdField, dateField, uuidField } from "./fields.ts";

/** The audit actions and how the filters name them. */
export const AUDIT_ACTIONS = {
  USER_SIGNUP: "Signed up",
  JOIN_REQUESTED: "Asked to join",
  WORKSPACE_CREATED: "Workspace created",
  WORKSPACE_SETTINGS_CHANGED: "Workspace settings changed",
  JOIN_CODE_REGENERATED: "Join code regenerated",
  ROLE_SWITCH: "Switched role view",
  MEMBER_APPROVED: "Member approved",
  MEMBER_REJECTED: "Member rejected",
  MEMBER_ROLE_CHANGED: "Member role changed",
  MEMBER_SUSPENDED: "Member suspended",
  MEMBER_REACTIVATED: "Member reactivated",
  MEMBER_REMOVED: "Member removed",
  INVITATION_SENT: "Invitation sent",
  INVITATION_RESENT: "Invitation resent",
  INVITATION_REVOKED: "Invitation revoked",
  INVITATION_ACCEPTED: "Invitation accepted",
  STUDENT_CREATED: "Student created",
  STUDENT_UPDATED: "Student record changed",
  STUDENT_VIEWED: "Student record viewed",
  STUDENT_EXPORTED: "Student data downloaded",
  STUDENT_ERASED: "Student data erased",
  GUARDIAN_LINKED: "Guardian linked",
  GUARDIAN_UNLINKED: "Guardian unlinked",
  ASSIGNMENT_CREATED: "Tutor assigned",
  ASSIGNMENT_UPDATED: "Assignment changed",
  ASSIGNMENT_ENDED: "Assignment ended",
  TUTOR_PROFILE_UPDATED: "Tutor profile changed",
  TUTOR_AVAILABILITY_UPDATED: "Tutor availability changed",
  AUDIT_LOG_EXPORTED: "Audit log downloaded",
  SESSION_SCHEDULED: "Session scheduled",
  SESSION_UPDATED: "Session changed",
  SESSION_CANCELLED: "Session cancelled",
  SESSION_CANCELLATION_REQUESTED: "Session cancellation requested",
  SESSION_CANCELLATION_ACCEPTED: "Session cancellation request accepted",
  SESSION_CANCELLATION_DECLINED: "Session cancellation request declined",
  SESSION_POLICY_CHANGED: "Session policy changed",
  BILLING_SETTINGS_CHANGED: "Billing settings changed",
  STRIPE_KEYS_SET: "Stripe keys set",
  STRIPE_KEYS_REMOVED: "Stripe keys removed",
  TAX_RATE_CREATED: "Tax rate created",
  TAX_RATE_CHANGED: "Tax rate changed",
  INVOICE_DRAFTED: "Invoice drafted",
  INVOICE_DRAFT_CHANGED: "Draft invoice changed",
  INVOICE_DRAFT_DELETED: "Draft invoice deleted",
  INVOICE_ISSUED: "Invoice issued",
  INVOICE_BATCH_ISSUED: "Invoices issued for a period",
  INVOICE_VOIDED: "Invoice voided",
  CREDIT_NOTE_ISSUED: "Credit note issued",
  SESSION_REPORT_FILED: "Session report filed",
  SESSION_REPORT_UPDATED: "Session report corrected",
  SESSION_SUMMARY_EDITED: "Session summary edited",
  SESSION_SUMMARY_REDRAFTED: "Session summary redrafted from the report",
  SESSION_SUMMARY_SUBMITTED: "Session summary submitted for review",
  SESSION_SUMMARY_SHARED: "Session summary shared",
  RECORDING_ADDED: "Recording added",
  RECORDING_PLAYED: "Recording played",
  RECORDING_DELETED: "Recording deleted",
  RECORDING_EXPIRED: "Recording deleted (retention)",
  PACKAGE_CREATED: "Package added to the catalogue",
  PACKAGE_UPDATED: "Package changed",
  PACKAGE_SOLD: "Package sold",
  BILLING_DISPUTE_OPENED: "Invoice line disputed",
  BILLING_DISPUTE_MESSAGE_ADDED: "Dispute message written",
  BILLING_DISPUTE_WITHDRAWN: "Dispute withdrawn",
  BILLING_DISPUTE_EXPLAINED: "Dispute answered with an explanation",
  BILLING_DISPUTE_CREDITED: "Dispute answered with a credit note",
  BILLING_EXPORTED: "Billing data downloaded",
  LEDGER_VERIFICATION_REQUESTED: "Ledger verification requested",
  PAYMENT_RECORDED: "Payment recorded",
  REFUND_RECORDED: "Refund recorded",
  AUTOPAY_ON: "Autopay turned on",
  AUTOPAY_OFF: "Autopay turned off",
  BILLING_ACCOUNT_RENAMED: "Billing account renamed",
  BILLING_PAYER_ADDED: "Payer added to an account",
  BILLING_PAYER_REMOVED: "Payer removed from an account",
  BILLING_ACCOUNTS_MERGED: "Billing accounts merged",
  BILLING_ACCOUNT_SPLIT: "Billing account split",
  PAY_SETTINGS_CHANGED: "Pay settings changed",
  PAY_ADJUSTMENT_ADDED: "Pay adjustment added",
  PAY_RUN_DRAFTED: "Pay run drafted",
  PAY_RUN_CONFIRMED: "Pay run confirmed",
  PAY_RUN_PAID: "Pay run marked paid",
  PAY_RUN_EXPORTED: "Pay run downloaded",
  HEALTH_RULES_PUBLISHED: "Health rules published",
  HEALTH_ALERT_UPDATED: "Health alert acknowledged, planned or dismissed",
  HEALTH_CONTEST_RAISED: "Health data point questioned by a family",
  HEALTH_CONTEST_ANSWERED: "Health question answered",
  LEAD_CREATED: "Lead added",
  LEAD_UPDATED: "Lead changed",
  LEAD_MOVED: "Lead moved to another stage",
  NOTIFICATION_PREFERENCES_CHANGED: "Notification preferences changed",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

export const auditQuerySchema = z
  .object({
    actorUserId: authIdField("Actor").optional(),
    action: z.enum(AUDIT_ACTION_NAMES as [AuditAction, ...AuditAction[]], { error: "Action must be one of the audit actions." }).optional(),
    studentId: uuidField("Student").optional(),
    from: dateField("From date").optional(),
    to: dateField("To date").optional(),
    /** Opaque: the nextCursor of the previous page. */
    cursor: z.string().max(200, "Cursor is not valid.").optional(),
    limit: z.coerce
      .number({ error: "Limit must be a number." })
      .int("Limit must be a whole number.")
      .min(1, "Limit must be 1 or more.")
      .max(100, "Limit must be at most 100.")
      .default(50),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, { path: ["to"], message: "To date must not be before the from date." });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorUserId: z.string().nullable(),
  actorName: z.string().nullable(),
  actorRole: z.string().nullable(),
  action: z.string(),
  description: z.string(),
  ipAddress: z.string().nullable(),
  studentId: z.string().nullable(),
  studentName: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;
