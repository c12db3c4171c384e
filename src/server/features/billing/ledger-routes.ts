/**
 * Ledger verification for admins: POST /admin/billing/ledger/verifications asks for a check of
 * the workspace's whole hash chain (run by the job queue, ledger-verification-job.ts), and
 * GET /admin/billing/ledger/verifications/latest shows the newest request and its outcome.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { and, desc, eq } from "drizzle-orm";
import { latestLedgerVerificationSchema, type LedgerVerification, ledgerVerificationSchema } from "../../../shared/schemas/billing-statements.ts";
import { writeAudit } from "../../core/audit.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { ledgerVerification } from "../../db/billing-schema.ts";
import { user } from "../../db/schema.ts";
import { type Queryable, withWorkspace } from "../../db/tenant.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { ledgerVerificationQueue } from "./ledger-verification-job.ts";

const requestRoute = defineOperation(needs("admin:billing:write"), {
  method: "post",
  path: "/admin/billing/ledger/verifications",
  tags: ["Billing"],
  summary: "Ask for a check of the workspace's whole ledger chain (sequence, hashes, running balances); it runs in the background",
  responses: { 202: { description: "Queued and audited: the request, not yet finished.", content: jsonContent(ledgerVerificationSchema) }, ...errorResponses },
});

const latestRoute = defineOperation(needs("admin:billing:read"), {
  method: "get",
  path: "/admin/billing/ledger/verifications/latest",
  tags: ["Billing"],
  summary: "The newest ledger verification and its outcome (finishedAt null while it runs)",
  responses: {
    200: { description: "The newest verification, or null before the first.", content: jsonContent(latestLedgerVerificationSchema) },
    ...errorResponses,
  },
});

async function readVerification(tx: Queryable, organizationId: string, id?: string): Promise<LedgerVerification | null> {
  const [row] = await tx
    .select({ verification: ledgerVerification, requestedByName: user.name })
    .from(ledgerVerification)
    .leftJoin(user, eq(user.id, ledgerVerification.requestedByUserId))
    .where(and(eq(ledgerVerification.organizationId, organizationId), id ? eq(ledgerVerification.id, id) : undefined))
    .orderBy(desc(ledgerVerification.requestedAt), desc(ledgerVerification.id))
    .limit(1);
  if (!row) return null;
  const { verification } = row;
  return {
    id: verification.id,
    requestedAt: verification.requestedAt.toISOString(),
    requestedByName: row.requestedByName,
    finishedAt: verification.finishedAt?.toISOString() ?? null,
    ok: verification.ok,
    entriesChecked: verification.entriesChecked,
    latestHash: verification.latestHash,
    problem: verification.problem,
  };
}

export function ledgerRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>()
    .openapi(requestRoute, async (c) => {
      const viewer = c.var.member;
      const organizationId = viewer.organizationId;
      const verification = await withWorkspace(deps.db, organizationId, async (tx) => {
        const [row] = await tx
          .insert(ledgerVerification)
          .values({ organizationId, requestedByUserId: viewer.user.id, requestedAt: deps.clock.now() })
          .returning({ id: ledgerVerification.id });
        await deps.jobs.send(tx, ledgerVerificationQueue, { organizationId, verificationId: row!.id });
        await writeAudit(tx, {
          organizationId,
          userId: viewer.user.id,
          actorRole: viewer.role,
          action: "LEDGER_VERIFICATION_REQUESTED",
          description: `${viewer.user.name} asked for a verification of the ledger`,
          ipAddress: c.var.clientIp,
          metadata: { verificationId: row!.id },
        });
        return readVerification(tx, organizationId, row!.id);
      });
      return c.json(verification!, 202);
    })
    .openapi(latestRoute, async (c) => {
      const organizationId = c.var.member.organizationId;
      return c.json({ verification: await withWorkspace(deps.db, organizationId, (tx) => readVerification(tx, organizationId)) }, 200);
    });
}
