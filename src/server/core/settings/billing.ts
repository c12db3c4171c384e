/**
 * The workspace's billing settings: tax, numbering, terms, reminders, the low-balance and
 * expiry warnings, credit, the cancellation shares, and what invoices print. A change of a
 * cancellation share (like one of the notice hours in the session settings) starts a new
 * version of the cancellation policy (core/cancellation-policy.ts).
 */
import { eq } from "drizzle-orm";
import type { BillingSettings } from "../../../shared/schemas/billing-settings.ts";
import { billingSettings as billingSettingsTable } from "../../db/billing-schema.ts";
import { defineSettingsSection } from "./section.ts";

export const BILLING_SETTINGS_DEFAULTS: BillingSettings = {
  pricesIncludeTax: false,
  defaultTaxRateId: null,
  invoiceNumberFormat: "INV-{YYYY}-{NNNN}",
  creditNoteNumberFormat: "CN-{YYYY}-{NNNN}",
  paymentTermsDays: 14,
  overdueReminderDays: [7, 14, 30],
  lowBalanceMinutes: 120,
  expiryWarningDays: 14,
  allowCredit: false,
  lateCancellationShareBps: 10_000,
  noShowShareBps: 10_000,
  businessAddress: "",
  paymentInstructions: "",
  autopayDisputeWindowDays: 3,
  cancellationPolicyResourceId: null,
};

const percent = (bps: number) => `${bps / 100} %`;

export const billingSettings = defineSettingsSection<BillingSettings>({
  title: "the billing settings",
  defaults: BILLING_SETTINGS_DEFAULTS,
  async load(tx, organizationId) {
    const [row] = await tx.select().from(billingSettingsTable).where(eq(billingSettingsTable.organizationId, organizationId));
    if (!row) return undefined;
    const { organizationId: _workspace, updatedAt: _updated, ...values } = row;
    return values;
  },
  async save(tx, organizationId, values, now) {
    await tx
      .insert(billingSettingsTable)
      .values({ organizationId, ...values, updatedAt: now })
      .onConflictDoUpdate({ target: billingSettingsTable.organizationId, set: { ...values, updatedAt: now } });
  },
  describe: {
    pricesIncludeTax: (value) => (value ? "prices including tax" : "prices excluding tax"),
    defaultTaxRateId: (value) => (value ? "a new default tax rate" : "no default tax rate"),
    invoiceNumberFormat: (value) => `invoice numbers ${value}`,
    creditNoteNumberFormat: (value) => `credit note numbers ${value}`,
    paymentTermsDays: (value) => `payment due ${value} days after issue`,
    overdueReminderDays: (value) => (value.length === 0 ? "no overdue reminders" : `overdue reminders ${value.join(", ")} days after the due date`),
    lowBalanceMinutes: (value) => `low-balance warning below ${value / 60} hours`,
    expiryWarningDays: (value) => `expiry warning ${value} days ahead`,
    allowCredit: (value) => (value ? "package hours usable once invoiced" : "package hours usable once paid"),
    lateCancellationShareBps: (value) => `late cancellations charged at ${percent(value)}`,
    noShowShareBps: (value) => `no-shows charged at ${percent(value)}`,
    businessAddress: () => "a new business address",
    paymentInstructions: () => "new payment instructions",
    autopayDisputeWindowDays: (value) => `autopay ${value} days after an invoice's issue`,
    cancellationPolicyResourceId: (value) => (value ? "a new cancellation policy document" : "no cancellation policy document"),
  },
  auditAction: "BILLING_SETTINGS_CHANGED",
});
