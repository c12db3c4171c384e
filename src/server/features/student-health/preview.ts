/**
 * Previewing proposed health rules: every active student of the workspace scored under them
 * (the same facts, excusals and pure scorer as the recompute) and compared with their card as
 * it stands, so that an admin sees who would change band before publishing. Nothing is
 * written: the transaction is read-only, and a workspace that never read its rules is
 * compared with the defaults without writing them as version 1. At 100,000 students this
 * takes tens of seconds, so the preview job runs it (preview-job.ts), never a request.
 *
 * Students are read in pages of PAGE, each page's facts in the three queries of
 * loadHealthFacts, so that memory and each query stay bounded however large the workspace.
 */
import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { HealthBandCounts, HealthPreviewChange, HealthRulesPreview } from "../../../shared/schemas/student-health-preview.ts";
import { DEFAULT_HEALTH_RULES, type HealthBand, type HealthRules } from "../../../shared/schemas/student-health.ts";
import type { Database } from "../../db/client.ts";
import { healthRuleVersion, studentHealth } from "../../db/health-schema.ts";
import { student } from "../../db/schema.ts";
import { type Transaction, withWorkspace } from "../../db/tenant.ts";
import { applyExcusals } from "./excusals.ts";
import { loadHealthFacts } from "./facts.ts";
import { scoreStudent } from "./rules.ts";

/** Students scored per page. */
const PAGE = 500;
/** Students listed at most; the counts cover everyone. */
export const PREVIEW_LIMIT = 200;

const noBands = (): HealthBandCounts => ({ on_track: 0, watch: 0, act: 0 });
const sizeOf = (change: HealthPreviewChange) => Math.abs(change.scoreAfter - change.scoreNow);
/** The largest change of score first, then by name. */
const byChange = (a: HealthPreviewChange, b: HealthPreviewChange) =>
  sizeOf(b) - sizeOf(a) || a.studentName.localeCompare(b.studentName) || a.studentId.localeCompare(b.studentId);

/** The version in force, read without writing the defaults (what rulesInForce would write is DEFAULT_HEALTH_RULES as version 1). */
async function versionInForce(tx: Transaction, organizationId: string): Promise<{ version: number; rules: HealthRules }> {
  const [row] = await tx
    .select({ version: healthRuleVersion.version, rules: healthRuleVersion.rules })
    .from(healthRuleVersion)
    .where(eq(healthRuleVersion.organizationId, organizationId))
    .orderBy(desc(healthRuleVersion.version))
    .limit(1);
  return row ?? { version: 1, rules: DEFAULT_HEALTH_RULES };
}

/** Who would change band under these rules, in the workspace's students as of `now`. */
export async function previewHealthRules(
  db: Database,
  organizationId: string,
  proposed: HealthRules,
  now: Date,
  limit = PREVIEW_LIMIT,
): Promise<HealthRulesPreview> {
  return withWorkspace(db, organizationId, async (tx) => {
    // A preview must never write: PostgreSQL refuses any write from here on.
    await tx.execute(sql`set transaction read only`);
    const inForce = await versionInForce(tx, organizationId);
    // The facts reach back as far as either window: each scoring applies its own.
    const windowWeeks = Math.max(inForce.rules.windowWeeks, proposed.windowWeeks);
    const bandsNow = noBands();
    const bandsAfter = noBands();
    let changes: HealthPreviewChange[] = [];
    let students = 0;
    let unscored = 0;
    let changed = 0;
    let after = "";
    for (;;) {
      const page = await tx
        .select({ id: student.id, name: student.name })
        .from(student)
        .where(and(eq(student.organizationId, organizationId), eq(student.status, "active"), ...(after ? [gt(student.id, after)] : [])))
        .orderBy(asc(student.id))
        .limit(PAGE);
      if (page.length === 0) break;
      after = page.at(-1)!.id;
      const ids = page.map((row) => row.id);
      const facts = await loadHealthFacts(tx, organizationId, ids, now, windowWeeks);
      await applyExcusals(tx, organizationId, facts);
      const stored = await tx
        .select({ studentId: studentHealth.studentId, score: studentHealth.score, band: studentHealth.band })
        .from(studentHealth)
        .where(and(eq(studentHealth.organizationId, organizationId), inArray(studentHealth.studentId, ids)));
      const cardOf = new Map(stored.map((row) => [row.studentId, row]));
      for (const { id, name } of page) {
        const studentFacts = facts.get(id);
        if (!studentFacts) continue;
        students++;
        const card = scoreStudent(studentFacts, proposed);
        // A student not scored yet will be, under the rules in force, within a minute: that is their "now".
        let current: { score: number; band: HealthBand } | undefined = cardOf.get(id);
        if (!current) {
          unscored++;
          current = scoreStudent(studentFacts, inForce.rules);
        }
        bandsNow[current.band]++;
        bandsAfter[card.band]++;
        if (current.band === card.band) continue;
        changed++;
        changes.push({
          studentId: id,
          studentName: name,
          scoreNow: current.score,
          scoreAfter: card.score,
          bandNow: current.band,
          bandAfter: card.band,
          reasonsAfter: card.reasons.map((reason) => reason.reason),
        });
      }
      // Only the largest changes are listed: the rest need not be kept.
      if (changes.length > 2 * limit) changes = changes.sort(byChange).slice(0, limit);
      if (page.length < PAGE) break;
    }
    changes.sort(byChange);
    return {
      ruleVersion: inForce.version,
      students,
      unscored,
      bandsNow,
      bandsAfter,
      changed,
      changes: changes.slice(0, limit),
      limit,
      truncated: changed > limit,
    };
  });
}
