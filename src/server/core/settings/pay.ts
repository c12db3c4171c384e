/**
 * The workspace's pay settings: how long a pay period is (weekly and fortnightly periods count
 * from an anchor day) and whether a session is paid only once its invoice is.
 */
import { eq } from "drizzle-orm";
import type { PaySettings } from "../../../shared/schemas/tutor-pay.ts";
import { paySettings as paySettingsTable } from "../../db/pay-schema.ts";
import { defineSettingsSection } from "./section.ts";

export const PAY_SETTINGS_DEFAULTS: PaySettings = {
  periodKind: "monthly",
  periodAnchorOn: "2026-01-05",
  payOnlyWhenInvoicePaid: false,
};

export const paySettings = defineSettingsSection<PaySettings>({
  title: "the pay settings",
  defaults: PAY_SETTINGS_DEFAULTS,
  async load(tx, organizationId) {
    const [row] = await tx
      .select({
        periodKind: paySettingsTable.periodKind,
        periodAnchorOn: paySettingsTable.periodAnchorOn,
        payOnlyWhenInvoicePaid: paySettingsTable.payOnlyWhenInvoicePaid,
      })
      .from(paySettingsTable)
      .where(eq(paySettingsTable.organizationId, organizationId));
    return row;
  },
  async save(tx, organizationId, values, now) {
    await tx
      .insert(paySettingsTable)
      .values({ organizationId, ...values, updatedAt: now })
      .onConflictDoUpdate({ target: paySettingsTable.organizationId, set: { ...values, updatedAt: now } });
  },
  describe: {
    periodKind: (value) => `${value} pay periods`,
    periodAnchorOn: (value) => `pay periods counted from ${value}`,
    payOnlyWhenInvoicePaid: (value) => (value ? "sessions paid once their invoice is paid" : "sessions paid once taught"),
  },
  auditAction: "PAY_SETTINGS_CHANGED",
});
