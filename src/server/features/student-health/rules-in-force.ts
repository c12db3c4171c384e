/**
 * The workspace's health rules in force: the latest published version. A workspace that never
 * published any scores under the defaults, written as version 1 the first time anything reads
 * the rules, so that every card cites a version that exists.
 */
import { desc, eq } from "drizzle-orm";
import { DEFAULT_HEALTH_RULES, type HealthRules } from "../../../shared/schemas/student-health.ts";
import { healthRuleVersion } from "../../db/health-schema.ts";
import type { Transaction } from "../../db/tenant.ts";

export interface RulesInForce {
  version: number;
  rules: HealthRules;
}

async function latestVersion(tx: Transaction, organizationId: string): Promise<RulesInForce | undefined> {
  const [row] = await tx
    .select({ version: healthRuleVersion.version, rules: healthRuleVersion.rules })
    .from(healthRuleVersion)
    .where(eq(healthRuleVersion.organizationId, organizationId))
    .orderBy(desc(healthRuleVersion.version))
    .limit(1);
  return row;
}

export async function rulesInForce(tx: Transaction, organizationId: string, now: Date): Promise<RulesInForce> {
  const latest = await latestVersion(tx, organizationId);
  if (latest) return latest;
  // Two first readers at once both try: the second waits for the first's row and inserts nothing.
  await tx
    .insert(healthRuleVersion)
    .values({ organizationId, version: 1, rules: DEFAULT_HEALTH_RULES, changes: "The default rules", publishedByUserId: null, publishedAt: now })
    .onConflictDoNothing();
  const written = await latestVersion(tx, organizationId);
  if (!written) throw new Error(`The health rules of workspace ${organizationId} could not be read after writing the defaults`);
  return written;
}
