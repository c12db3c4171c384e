/**
 * Tutor pay's operations: /admin/pay/… for the workspace's admins (every tutor's statement,
 * adjustments, pay runs and their payroll CSV, the pay settings) and /tutor/pay/statement for a
 * tutor's own pay. Parents and students have none.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  adjustmentCreateSchema,
  earningSchema,
  payRunDraftSchema,
  payRunListSchema,
  payRunPaidSchema,
  payRunSchema,
  paySettingsSchema,
  paySettingsUpdateSchema,
  payStatementSchema,
  statementQuerySchema,
} from "../../../shared/schemas/tutor-pay.ts";
import { actorOf, writeAudit } from "../../core/audit.ts";
import type { AppDeps, AppEnv, MemberContext } from "../../core/context.ts";
import { changeSettings, viewSettings } from "../../core/settings/index.ts";
import { workspaceToday } from "../../core/workspace-time.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { AppError } from "../../lib/app-error.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { addAdjustment } from "./adjustments.ts";
import { payRunCsv } from "./pay-run-export.ts";
import { confirmPayRun, draftPayRun, listPayRuns, markPayRunPaid, readPayRun, readPayRunIn } from "./pay-runs.ts";
import { payStatement } from "./statements.ts";

/** Any id is accepted: one that names no record of the workspace answers 404. */
const tutorParams = z.object({ memberId: z.string().min(1).max(100) });
const runParams = z.object({ payRunId: z.string().min(1).max(100) });
const tutorNotFound = { 404: { description: "No such tutor in this workspace." } };
const runNotFound = { 404: { description: "No such pay run in this workspace." } };

const settingsReadRoute = defineOperation(needs("admin:pay:read"), {
  method: "get",
  path: "/admin/pay/settings",
  tags: ["Tutor pay"],
  summary: "The workspace's pay settings: the pay period, and whether sessions are paid only once their invoice is",
  responses: { 200: { description: "The settings (defaults until first saved).", content: jsonContent(paySettingsSchema) }, ...errorResponses },
});

const settingsUpdateRoute = defineOperation(needs("admin:pay:write"), {
  method: "patch",
  path: "/admin/pay/settings",
  tags: ["Tutor pay"],
  summary: "Change one or more pay settings (audited)",
  request: { body: { required: true, content: jsonContent(paySettingsUpdateSchema) } },
  responses: { 200: { description: "Saved.", content: jsonContent(paySettingsSchema) }, ...errorResponses },
});

const statementRoute = defineOperation(needs("admin:pay:read"), {
  method: "get",
  path: "/admin/pay/tutors/{memberId}/statement",
  tags: ["Tutor pay"],
  summary: "A tutor's pay statement lesson by lesson: earned, pending (and why), in which pay run, paid when",
  request: { params: tutorParams, query: statementQuerySchema },
  responses: { 200: { description: "The statement.", content: jsonContent(payStatementSchema) }, ...tutorNotFound, ...errorResponses },
});

const adjustmentRoute = defineOperation(
  needs("admin:pay:write"),
  {
    method: "post",
    path: "/admin/pay/tutors/{memberId}/adjustments",
    tags: ["Tutor pay"],
    summary: "Adjust a tutor's pay (travel, training, a correction) with a reason; negative takes back; paid in the next run",
    request: { params: tutorParams, body: { required: true, content: jsonContent(adjustmentCreateSchema) } },
    responses: {
      201: { description: "Added and audited (or, for the same idempotency key, the first adjustment).", content: jsonContent(earningSchema) },
      ...tutorNotFound,
      409: { description: "The idempotency key was used for another adjustment." },
      ...errorResponses,
    },
  },
  { writesMoney: true },
);

const ownStatementRoute = defineOperation(needs("tutor:pay:read"), {
  method: "get",
  path: "/tutor/pay/statement",
  tags: ["Tutor pay"],
  summary: "Your own pay statement lesson by lesson: earned, pending (and why), in which pay run, paid when",
  request: { query: statementQuerySchema },
  responses: {
    200: { description: "The statement.", content: jsonContent(payStatementSchema) },
    404: { description: "Your membership is not a tutor's." },
    ...errorResponses,
  },
});

const runListRoute = defineOperation(needs("admin:pay:read"), {
  method: "get",
  path: "/admin/pay/runs",
  tags: ["Tutor pay"],
  summary: "Every pay run, latest period first",
  responses: { 200: { description: "The runs.", content: jsonContent(payRunListSchema) }, ...errorResponses },
});

const runDraftRoute = defineOperation(
  needs("admin:pay:write"),
  {
    method: "post",
    path: "/admin/pay/runs",
    tags: ["Tutor pay"],
    summary: "Draft the pay run of the period holding a date: every tutor's ready earnings up to its end; replaces any draft",
    request: { body: { required: true, content: jsonContent(payRunDraftSchema) } },
    responses: {
      201: { description: "Drafted and audited.", content: jsonContent(payRunSchema) },
      409: { description: "The period's run is already confirmed." },
      ...errorResponses,
    },
  },
  { writesMoney: true },
);

const runReadRoute = defineOperation(needs("admin:pay:read"), {
  method: "get",
  path: "/admin/pay/runs/{payRunId}",
  tags: ["Tutor pay"],
  summary: "A pay run with its lines, tutor by tutor",
  request: { params: runParams },
  responses: { 200: { description: "The run.", content: jsonContent(payRunSchema) }, ...runNotFound, ...errorResponses },
});

const runConfirmRoute = defineOperation(
  needs("admin:pay:write"),
  {
    method: "post",
    path: "/admin/pay/runs/{payRunId}/confirm",
    tags: ["Tutor pay"],
    summary: "Confirm a draft pay run: it is locked, and later corrections go into the next run",
    request: { params: runParams },
    responses: {
      200: { description: "Confirmed and audited.", content: jsonContent(payRunSchema) },
      ...runNotFound,
      409: { description: "Not a draft." },
      ...errorResponses,
    },
  },
  { writesMoney: true },
);

const runPaidRoute = defineOperation(needs("admin:pay:write"), {
  method: "post",
  path: "/admin/pay/runs/{payRunId}/paid",
  tags: ["Tutor pay"],
  summary: "Mark a confirmed pay run paid, with the day and the payroll's reference",
  request: { params: runParams, body: { required: true, content: jsonContent(payRunPaidSchema) } },
  responses: {
    200: { description: "Marked paid and audited.", content: jsonContent(payRunSchema) },
    ...runNotFound,
    409: { description: "Not confirmed, or already paid." },
    ...errorResponses,
  },
});

const runExportRoute = defineOperation(needs("admin:pay:read"), {
  method: "get",
  path: "/admin/pay/runs/{payRunId}/export.csv",
  tags: ["Tutor pay"],
  summary: "A pay run as a CSV file for payroll (RFC 4180, UTF-8): one row per line",
  request: { params: runParams },
  responses: { 200: { description: "The CSV file, as an attachment.", content: { "text/csv": { schema: z.string() } } }, ...runNotFound, ...errorResponses },
});

/** The viewer's own member id, when their membership is a tutor's (a role shown by Switch Role has no pay). */
function ownMemberId(viewer: MemberContext): string {
  if (viewer.membership.role !== "tutor")
    throw new AppError("NOT_FOUND", 404, "You have no pay statement: your membership in this workspace is not a tutor's.");
  return viewer.membership.id;
}

export function tutorPayRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>()
    .openapi(settingsReadRoute, async (c) => c.json(await viewSettings(deps.db, actorOf(c), "pay"), 200))
    .openapi(settingsUpdateRoute, async (c) => c.json(await changeSettings(deps.db, actorOf(c), "pay", c.req.valid("json"), deps.clock.now()), 200))
    .openapi(statementRoute, async (c) =>
      c.json(await payStatement(deps.db, actorOf(c), c.req.valid("param").memberId, c.req.valid("query"), deps.clock.now()), 200),
    )
    .openapi(adjustmentRoute, async (c) =>
      c.json(await addAdjustment(deps.db, actorOf(c), c.req.valid("param").memberId, c.req.valid("json"), deps.clock.now()), 201),
    )
    .openapi(ownStatementRoute, async (c) =>
      c.json(await payStatement(deps.db, actorOf(c), ownMemberId(c.var.member), c.req.valid("query"), deps.clock.now()), 200),
    )
    .openapi(runListRoute, async (c) => c.json(await listPayRuns(deps.db, actorOf(c)), 200))
    .openapi(runDraftRoute, async (c) => c.json(await draftPayRun(deps.db, actorOf(c), c.req.valid("json"), deps.clock.now()), 201))
    .openapi(runReadRoute, async (c) => c.json(await readPayRun(deps.db, actorOf(c), c.req.valid("param").payRunId), 200))
    .openapi(runConfirmRoute, async (c) => c.json(await confirmPayRun(deps.db, actorOf(c), c.req.valid("param").payRunId, deps.clock.now()), 200))
    .openapi(runPaidRoute, async (c) =>
      c.json(await markPayRunPaid(deps.db, actorOf(c), c.req.valid("param").payRunId, c.req.valid("json"), deps.clock.now()), 200),
    )
    .openapi(runExportRoute, async (c) => {
      const viewer = c.var.member;
      const organizationId = viewer.organizationId;
      const { csv, filename } = await withWorkspace(deps.db, organizationId, async (tx) => {
        const run = await readPayRunIn(tx, organizationId, c.req.valid("param").payRunId);
        // Tutors' names and pay leave the system: the download is on the record.
        await writeAudit(tx, {
          organizationId,
          userId: viewer.user.id,
          actorRole: viewer.role,
          action: "PAY_RUN_EXPORTED",
          description: `${viewer.user.name} downloaded the pay run of ${run.periodFrom} to ${run.periodTo}`,
          ipAddress: c.var.clientIp,
          metadata: { payRunId: run.id },
        });
        return {
          csv: payRunCsv(run),
          filename: `glassroom-pay-${run.periodFrom}-${run.periodTo}-${await workspaceToday(tx, organizationId, deps.clock.now())}.csv`,
        };
      });
      return c.body(csv, 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${filename}"`,
        "cache-control": "no-store",
      });
    });
}
