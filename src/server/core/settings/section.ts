/**
 * A section of a workspace's settings (sessions now; billing, health rules and the CRM each
 * add one): its defaults, where it is stored, and how a change reads in the audit log. A
 * workspace that never saved a section has its defaults.
 */
import type { AuditAction } from "../../../shared/schemas/audit.ts";
import type { Queryable } from "../../db/tenant.ts";

export interface SettingsSection<Values extends Record<string, unknown>> {
  /** What the audit log calls the section when it is saved unchanged: "the session settings". */
  title: string;
  defaults: Values;
  /** The saved values, or undefined when the workspace has never saved the section. */
  load(tx: Queryable, organizationId: string): Promise<Values | undefined>;
  save(tx: Queryable, organizationId: string, values: Values, now: Date): Promise<void>;
  /** Each setting's value in words, for the audit entry of a change ("reminders 24 hours ahead"). */
  describe: { [Key in keyof Values]: (value: Values[Key]) => string };
  auditAction: AuditAction;
}

export const defineSettingsSection = <Values extends Record<string, unknown>>(section: SettingsSection<Values>) => section;
