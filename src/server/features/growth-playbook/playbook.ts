/**
 * The growth playbook for an admin: every step with its state (ticked from the data, ticked by
 * hand, skipped with a reason, or open) and the decisions an admin makes on it.
 */
import { and, eq } from "drizzle-orm";
import type { Playbook, PlaybookDecision, PlaybookStep } from "../../../shared/schemas/growth-playbook.ts";
import { type Actor, writeAudit } from "../../core/audit.ts";
import { workspaceToday } from "../../core/workspace-time.ts";
import { user } from "../../db/auth-schema.ts";
import type { Database } from "../../db/client.ts";
import { growthPlaybookStep } from "../../db/growth-schema.ts";
import { type Transaction, withWorkspace } from "../../db/tenant.ts";
import { invalidField, notFound } from "../../lib/app-error.ts";
import { metricNameOf } from "../analytics/index.ts";
import { readFacts } from "./facts.ts";
import { PLAYBOOK_STEPS, type StepDefinition } from "./steps.ts";

async function readPlaybook(tx: Transaction, organizationId: string, now: Date): Promise<Playbook> {
  const facts = await readFacts(tx, organizationId, await workspaceToday(tx, organizationId, now));
  const decisions = await tx
    .select({
      stepKey: growthPlaybookStep.stepKey,
      state: growthPlaybookStep.state,
      reason: growthPlaybookStep.reason,
      at: growthPlaybookStep.decidedAt,
      byName: user.name,
    })
    .from(growthPlaybookStep)
    .leftJoin(user, eq(user.id, growthPlaybookStep.decidedByUserId))
    .where(eq(growthPlaybookStep.organizationId, organizationId));
  const decisionOf = new Map(decisions.map((decision) => [decision.stepKey, decision]));
  const steps = PLAYBOOK_STEPS.map((step): PlaybookStep => {
    const checked = step.check?.(facts) ?? null;
    const decided = decisionOf.get(step.key);
    const state = checked?.done ? "done" : decided?.state === "skipped" ? "skipped" : decided?.state === "ticked" && !step.check ? "done" : "open";
    const name = step.kpi ? metricNameOf(step.kpi) : null;
    return {
      key: step.key,
      group: step.group,
      title: step.title,
      advice: step.advice,
      tickedBy: step.check ? "data" : "hand",
      state,
      evidence: checked?.evidence ?? null,
      kpi: step.kpi && name ? { metricKey: step.kpi, name } : null,
      link: step.link,
      decision: decided ? { state: decided.state, reason: decided.reason, byName: decided.byName, at: decided.at.toISOString() } : null,
    };
  });
  return {
    steps,
    done: steps.filter((step) => step.state === "done").length,
    skipped: steps.filter((step) => step.state === "skipped").length,
    total: steps.length,
  };
}

/** GET /admin/growth-playbook. */
export async function viewPlaybook(db: Database, actor: Actor, now: Date): Promise<Playbook> {
  return withWorkspace(db, actor.viewer.organizationId, (tx) => readPlaybook(tx, actor.viewer.organizationId, now));
}

function definitionOf(key: string): StepDefinition {
  const step = PLAYBOOK_STEPS.find((candidate) => candidate.key === key);
  if (!step) throw notFound("The playbook's step");
  return step;
}

/**
 * PUT /admin/growth-playbook/steps/{stepKey}: tick a step by hand (only one no data can tell),
 * skip it with a reason, or open it again. Audited; answers the playbook as it now stands.
 */
export async function decideStep(db: Database, actor: Actor, key: string, decision: PlaybookDecision, now: Date): Promise<Playbook> {
  const step = definitionOf(key);
  if (decision.state === "ticked" && step.check)
    throw invalidField("state", "This step is ticked from your workspace's data: do what it says and it ticks itself, or skip it.");
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const where = and(eq(growthPlaybookStep.organizationId, organizationId), eq(growthPlaybookStep.stepKey, key));
    if (decision.state === "open") await tx.delete(growthPlaybookStep).where(where);
    else {
      const row = {
        state: decision.state,
        reason: decision.state === "skipped" ? decision.reason! : null,
        decidedByUserId: actor.viewer.user.id,
        decidedAt: now,
      };
      await tx
        .insert(growthPlaybookStep)
        .values({ organizationId, stepKey: step.key, ...row })
        .onConflictDoUpdate({ target: [growthPlaybookStep.organizationId, growthPlaybookStep.stepKey], set: row });
    }
    const what = decision.state === "open" ? "opened again" : decision.state === "ticked" ? "ticked" : `skipped (${decision.reason})`;
    await writeAudit(tx, {
      organizationId,
      userId: actor.viewer.user.id,
      actorRole: actor.viewer.role,
      action: "GROWTH_STEP_DECIDED",
      description: `${actor.viewer.user.name} ${what} the growth playbook's step "${step.title}"`,
      ipAddress: actor.ipAddress,
      metadata: { step: key, state: decision.state },
    });
    return readPlaybook(tx, organizationId, now);
  });
}
