/**
 * The workspace's CRM settings: the months a lead that never converts is kept (its purge date
 * is set from this when it is made), who owns an enquiry from the enquiry page (a default
 * owner, else the first admin; or the admins and tutors in turn), and the reasons a lead may
 * be lost.
 */
import { eq } from "drizzle-orm";
import { DEFAULT_LEAD_PURGE_MONTHS, DEFAULT_LOST_REASONS, type CrmSettings } from "../../../shared/schemas/crm.ts";
import { crmSettings as crmSettingsTable } from "../../db/crm-schema.ts";
import { defineSettingsSection } from "./section.ts";

export const CRM_SETTINGS_DEFAULTS: CrmSettings = {
  purgeMonths: DEFAULT_LEAD_PURGE_MONTHS,
  ownerAssignment: "default_owner",
  defaultOwnerMemberId: null,
  lostReasons: [...DEFAULT_LOST_REASONS],
};

export const crmSettings = defineSettingsSection<CrmSettings>({
  title: "the CRM settings",
  defaults: CRM_SETTINGS_DEFAULTS,
  async load(tx, organizationId) {
    const [row] = await tx
      .select({
        purgeMonths: crmSettingsTable.purgeMonths,
        ownerAssignment: crmSettingsTable.ownerAssignment,
        defaultOwnerMemberId: crmSettingsTable.defaultOwnerMemberId,
        lostReasons: crmSettingsTable.lostReasons,
      })
      .from(crmSettingsTable)
      .where(eq(crmSettingsTable.organizationId, organizationId));
    return row;
  },
  async save(tx, organizationId, values, now) {
    await tx
      .insert(crmSettingsTable)
      .values({ organizationId, ...values, updatedAt: now })
      .onConflictDoUpdate({ target: crmSettingsTable.organizationId, set: { ...values, updatedAt: now } });
  },
  describe: {
    purgeMonths: (value) => `leads kept ${value} months unless they convert`,
    ownerAssignment: (value) => (value === "round_robin" ? "enquiries given to admins and tutors in turn" : "enquiries given to the default owner"),
    defaultOwnerMemberId: (value) => (value ? "a new default owner for enquiries" : "no default owner (the first admin)"),
    lostReasons: (value) => `lost reasons: ${value.join(", ")}`,
  },
  auditAction: "CRM_SETTINGS_CHANGED",
});
