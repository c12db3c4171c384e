/**
 * The workspace's health rules as published versions: admins read the rules in force and every
 * version with what it changed, and publish a new one (a version, once published, never
 * changes: cards cite it). Families read the rules they may see, in words, and their history.
 * Publishing marks every active student's card due, so that each is scored under the new rules.
 */
import { desc, eq, sql } from "drizzle-orm";
import { describeHealthRule, describeHealthRuleChanges, HEALTH_RULE_LABELS } from "../../../shared/health-rules-text.ts";
import {
  HEALTH_RULE_KEYS,
  type FamilyHealthRules,
  type HealthRules,
  type HealthRulesPublish,
  type HealthRulesVersion,
} from "../../../shared/schemas/student-health.ts";
import { writeAudit, type Actor } from "../../core/audit.ts";
import { markActiveStudentsDue } from "../../core/health-due.ts";
import { user } from "../../db/auth-schema.ts";
import type { Database } from "../../db/client.ts";
import { healthRuleVersion } from "../../db/health-schema.ts";
import { type Transaction, withWorkspace } from "../../db/tenant.ts";
import { conflictOn } from "../../lib/app-error.ts";
import { rulesInForce } from "./rules-in-force.ts";

async function versions(tx: Transaction, organizationId: string, now: Date): Promise<HealthRulesVersion[]> {
  // The defaults are version 1, written the first time anyone reads the rules.
  await rulesInForce(tx, organizationId, now);
  const rows = await tx
    .select({ row: healthRuleVersion, publishedByName: user.name })
    .from(healthRuleVersion)
    .leftJoin(user, eq(user.id, healthRuleVersion.publishedByUserId))
    .where(eq(healthRuleVersion.organizationId, organizationId))
    .orderBy(desc(healthRuleVersion.version));
  return rows.map(({ row, publishedByName }) => ({
    version: row.version,
    rules: row.rules,
    changes: row.changes.split("\n").filter(Boolean),
    publishedAt: row.publishedAt.toISOString(),
    publishedByName: publishedByName ?? null,
  }));
}

/** GET /admin/health/rules: the version in force. */
export async function viewHealthRules(db: Database, actor: Actor, now: Date): Promise<HealthRulesVersion> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => (await versions(tx, organizationId, now))[0]!);
}

/** GET /admin/health/rules/versions: every version, newest first. */
export async function listHealthRuleVersions(db: Database, actor: Actor, now: Date): Promise<{ items: HealthRulesVersion[] }> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => ({ items: await versions(tx, organizationId, now) }));
}

/** PUT /admin/health/rules: publishes the rules as the next version, unless another was published since `baseVersion`. */
export async function publishHealthRules(db: Database, actor: Actor, input: HealthRulesPublish, now: Date): Promise<HealthRulesVersion> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    // One publication at a time per workspace: the version numbers stay gapless and in order.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('health_rules:' || ${organizationId}))`);
    const [current] = await versions(tx, organizationId, now);
    if (current!.version !== input.baseVersion)
      throw conflictOn(
        "baseVersion",
        `These rules were edited from version ${input.baseVersion}, but version ${current!.version} has been published since. Reload to see it, then make your changes again.`,
      );
    const changes = describeHealthRuleChanges(current!.rules, input.rules);
    if (changes.length === 0) throw conflictOn("rules", "Nothing changed from the rules in force: there is nothing to publish.");
    const version = current!.version + 1;
    await tx.insert(healthRuleVersion).values({
      organizationId,
      version,
      rules: input.rules,
      changes: changes.join("\n"),
      publishedByUserId: actor.viewer.user.id,
      publishedAt: now,
    });
    await markActiveStudentsDue(tx, organizationId, now);
    await writeAudit(tx, {
      organizationId,
      userId: actor.viewer.user.id,
      actorRole: actor.viewer.membership.role,
      action: "HEALTH_RULES_PUBLISHED",
      description: `${actor.viewer.user.name} published version ${version} of the health rules: ${changes.join(" ")}`,
      ipAddress: actor.ipAddress,
    });
    return (await versions(tx, organizationId, now))[0]!;
  });
}

/** A newer version as a family may compare it with the one before: a rule staff-only in both is left as it was, so no change of it shows. */
function asFamilySees(newer: HealthRules, before: HealthRules): HealthRules {
  const masked = { ...newer, rules: { ...newer.rules } };
  for (const key of HEALTH_RULE_KEYS) {
    if (!newer.rules[key].familyVisible && !before.rules[key].familyVisible) (masked.rules as Record<string, unknown>)[key] = before.rules[key];
  }
  return masked;
}

/** GET /parent/health/rules: the family-visible rules in force, in words, and the history of what changed for families. */
export async function viewFamilyHealthRules(db: Database, actor: Actor, now: Date): Promise<FamilyHealthRules> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const all = await versions(tx, organizationId, now);
    const current = all[0]!;
    const history = all.map((item, index) => {
      const before = all[index + 1];
      const changes = before ? describeHealthRuleChanges(before.rules, asFamilySees(item.rules, before.rules)) : ["The default rules."];
      return { version: item.version, publishedAt: item.publishedAt, changes };
    });
    return {
      version: current.version,
      publishedAt: current.publishedAt,
      windowWeeks: current.rules.windowWeeks,
      watchFrom: current.rules.watchFrom,
      actFrom: current.rules.actFrom,
      rules: HEALTH_RULE_KEYS.filter((key) => current.rules.rules[key].enabled && current.rules.rules[key].familyVisible).map((key) => ({
        rule: key,
        label: HEALTH_RULE_LABELS[key],
        description: describeHealthRule(key, current.rules),
      })),
      // Versions that changed nothing families see are left out of their history.
      history: history.filter((item) => item.changes.length > 0),
    };
  });
}
