/**
 * The accounting exports: GET /admin/billing/exports/{invoices,invoice-lines,payments,credit-notes}.csv
 * ?from&to (the issue or received day). Columns: exports.ts and README.md, "Billing exports".
 */
import { requestLogger } from "../../middleware/request-context.ts";
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { exportQuerySchema } from "../../../shared/schemas/billing-statements.ts";
import { writeAudit } from "../../core/audit.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { defineOperation, errorResponses, needs } from "../../lib/operation.ts";
import { EXPORT_KINDS, type ExportKind, exportCsvStream, firstExportPage } from "./exports.ts";
import { workspaceOf } from "./statements.ts";

const WHAT: Record<ExportKind, string> = {
  invoices: "Issued (and voided) invoices, by issue date",
  "invoice-lines": "The lines of issued (and voided) invoices, by their invoice's issue date",
  payments: "Payments received, by received date, with their allocations and refunds",
  "credit-notes": "Credit notes, by issue date, with their allocations",
};

function exportRoute(deps: AppDeps, kind: ExportKind) {
  const route = defineOperation(needs("admin:billing:read"), {
    method: "get",
    path: `/admin/billing/exports/${kind}.csv`,
    tags: ["Billing"],
    summary: `${WHAT[kind]}, as a CSV file for accounting software (RFC 4180, UTF-8), streamed`,
    request: { query: exportQuerySchema },
    responses: { 200: { description: "The CSV file, as an attachment.", content: { "text/csv": { schema: z.string() } } }, ...errorResponses },
  });
  return new OpenAPIHono<AppEnv>().openapi(route, async (c) => {
    const viewer = c.var.member;
    const organizationId = viewer.organizationId;
    const query = c.req.valid("query");
    const { job, firstPage, today } = await withWorkspace(deps.db, organizationId, async (tx) => {
      const workspace = await workspaceOf(tx, organizationId);
      const exportJob = { kind, organizationId, currency: workspace.currency, query };
      const first = await firstExportPage(tx, exportJob);
      // Families' names and amounts leave the system: the download is on the record.
      await writeAudit(tx, {
        organizationId,
        userId: viewer.user.id,
        actorRole: viewer.role,
        action: "BILLING_EXPORTED",
        description: `${viewer.user.name} downloaded the ${kind} export${query.from || query.to ? ` (${query.from ?? "start"} to ${query.to ?? "today"})` : ""}`,
        ipAddress: c.var.clientIp,
        metadata: { kind, from: query.from ?? null, to: query.to ?? null },
      });
      return { job: exportJob, firstPage: first, today: deps.clock.now().toLocaleDateString("en-CA", { timeZone: workspace.timeZone }) };
    });
    return c.body(exportCsvStream(deps.db, requestLogger(c), job, firstPage), 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="glassroom-${kind}-${today}.csv"`,
      "cache-control": "no-store",
    });
  });
}

export function exportRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  for (const kind of EXPORT_KINDS) app.route("/", exportRoute(deps, kind));
  return app;
}
