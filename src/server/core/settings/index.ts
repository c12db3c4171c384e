/**
 * Workspace settings: one typed registry of sections. A feature reads its section with
 * readSettings(tx, organizationId, "sessions") inside its workspace transaction; an admin
 * changes one with changeSettings, which saves and audits in one transaction. A new section
 * is a file beside sessions.ts and one line in SETTINGS_SECTIONS.
 */
import type { Database } from "../../db/client.ts";
import { type Queryable, withWorkspace } from "../../db/tenant.ts";
import { type Actor, writeAudit } from "../audit.ts";
import type { SettingsSection } from "./section.ts";
import { ensureFirstPolicyVersion, recordPolicyVersion } from "../cancellation-policy.ts";
import { billingSettings } from "./billing.ts";
import { crmSettings } from "./crm.ts";
import { paySettings } from "./pay.ts";
import { sessionSettings } from "./sessions.ts";

export const SETTINGS_SECTIONS = {
  sessions: sessionSettings,
  billing: billingSettings,
  pay: paySettings,
  crm: crmSettings,
} as const;

export type SettingsKey = keyof typeof SETTINGS_SECTIONS;

/** The sections holding part of the cancellation policy: saving one may start a new policy version. */
const POLICY_SECTIONS: readonly SettingsKey[] = ["sessions", "billing"];
export type SettingsOf<Key extends SettingsKey> = (typeof SETTINGS_SECTIONS)[Key]["defaults"];

export { SESSION_SETTINGS_DEFAULTS } from "./sessions.ts";
export { BILLING_SETTINGS_DEFAULTS } from "./billing.ts";
export { PAY_SETTINGS_DEFAULTS } from "./pay.ts";
export { CRM_SETTINGS_DEFAULTS } from "./crm.ts";

const sectionOf = <Key extends SettingsKey>(key: Key) => SETTINGS_SECTIONS[key] as unknown as SettingsSection<SettingsOf<Key>>;

/** The section's values for the workspace: what it saved, else the defaults. */
export async function readSettings<Key extends SettingsKey>(tx: Queryable, organizationId: string, key: Key): Promise<SettingsOf<Key>> {
  const section = sectionOf(key);
  return (await section.load(tx, organizationId)) ?? section.defaults;
}

/** The section's values, read in their own workspace transaction (the admin's settings screen). */
export async function viewSettings<Key extends SettingsKey>(db: Database, actor: Actor, key: Key): Promise<SettingsOf<Key>> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, (tx) => readSettings(tx, organizationId, key));
}

/** Changes the given settings of a section (the others stay), audited with what changed and what it was before. */
export async function changeSettings<Key extends SettingsKey>(
  db: Database,
  actor: Actor,
  key: Key,
  changes: Partial<SettingsOf<Key>>,
  now: Date,
): Promise<SettingsOf<Key>> {
  const section = sectionOf(key);
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const policyPart = POLICY_SECTIONS.includes(key);
    if (policyPart) await ensureFirstPolicyVersion(tx, organizationId);
    const before = await readSettings(tx, organizationId, key);
    const after: SettingsOf<Key> = { ...before, ...changes };
    await section.save(tx, organizationId, after, now);
    if (policyPart) await recordPolicyVersion(tx, organizationId, actor.viewer.user.id, now);
    // Compared as JSON: a list (the reminder days) is a new array even when it holds the same days.
    const changed = (Object.keys(changes) as (keyof SettingsOf<Key> & string)[]).filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]));
    const words = changed.map((name) => (section.describe[name] as (value: unknown) => string)(after[name]));
    await writeAudit(tx, {
      organizationId,
      userId: actor.viewer.user.id,
      actorRole: actor.viewer.role,
      action: section.auditAction,
      description: words.length > 0 ? `${actor.viewer.user.name} set ${words.join(", ")}` : `${actor.viewer.user.name} saved ${section.title} unchanged`,
      ipAddress: actor.ipAddress,
      metadata: { changed, previous: Object.fromEntries(changed.map((name) => [name, before[name]])) },
    });
    return after;
  });
}
