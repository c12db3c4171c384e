/**
 * Ledger verification on request: an admin asks (ledger-routes.ts writes a ledger_verification
 * row and queues this job in the same transaction); the job checks the workspace's whole chain
 * with verifyLedger and writes the outcome on that row. A million entries take a while, so the
 * request does not wait for it. `npm run ledger:verify` checks every workspace from the command
 * line with verifyWorkspaces, without the queue.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { ledgerVerification } from "../../db/billing-schema.ts";
import type { Database } from "../../db/client.ts";
import { organization } from "../../db/schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { defineQueue } from "../../jobs/define.ts";
import { type LedgerCheck, verifyLedger } from "./verify-ledger.ts";

export const ledgerVerificationQueue = defineQueue<{ organizationId: string; verificationId: string }>({
  name: "billing-ledger-verification",
  // A chain of millions of entries is read in pages: minutes, not seconds.
  settings: { retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 1_800, deleteAfterSeconds: 86_400 },
  async work(deps, { organizationId, verificationId }) {
    await withWorkspace(deps.db, organizationId, async (tx) => {
      const check = await verifyLedger(tx, organizationId);
      await tx
        .update(ledgerVerification)
        .set({ finishedAt: deps.clock.now(), ok: check.ok, entriesChecked: check.entriesChecked, latestHash: check.latestHash, problem: check.problem })
        .where(and(eq(ledgerVerification.organizationId, organizationId), eq(ledgerVerification.id, verificationId), isNull(ledgerVerification.finishedAt)));
      if (!check.ok) deps.logger.error({ organizationId, problem: check.problem }, "ledger verification found a broken chain");
    });
  },
});

export interface WorkspaceCheck extends LedgerCheck {
  organizationId: string;
  name: string;
}

/** Checks each workspace's chain (every workspace, or those named), one transaction each. */
export async function verifyWorkspaces(db: Database, only?: readonly string[]): Promise<WorkspaceCheck[]> {
  const workspaces = await db.select({ id: organization.id, name: organization.name }).from(organization).orderBy(asc(organization.createdAt));
  const chosen = only ? workspaces.filter((workspace) => only.includes(workspace.id)) : workspaces;
  const results: WorkspaceCheck[] = [];
  for (const workspace of chosen) {
    const check = await withWorkspace(db, workspace.id, (tx) => verifyLedger(tx, workspace.id));
    results.push({ organizationId: workspace.id, name: workspace.name, ...check });
  }
  return results;
}

/** One line of the command's report: "<id> <name>: 1204 entries, latest hash …, OK" or the problem. */
export function describeWorkspaceCheck(check: WorkspaceCheck): string {
  const entries = `${check.entriesChecked} ${check.entriesChecked === 1 ? "entry" : "entries"}${check.ok ? "" : " checked"}`;
  const head = `${check.organizationId} ${check.name}: ${entries}, latest hash ${check.latestHash}`;
  return check.ok ? `${head}, OK` : `${head}, BROKEN: ${check.problem}`;
}
