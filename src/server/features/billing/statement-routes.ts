/**
 * Statements: GET /admin/billing/accounts/{accountId}/statement for any account of the
 * workspace, and /parent/billing/accounts/{accountId}/statement for an account the parent pays
 * for (another account answers 404). ?from&to (days in the workspace's zone) and format: json,
 * csv (RFC 4180, a download) or pdf.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { statementQuerySchema, statementSchema } from "../../../shared/schemas/billing-statements.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { accountStatement, statementCsv, statementPdf, statementPeriod, visibleAccount } from "./statements.ts";

/** Any id is accepted: one that names no visible account answers 404. */
const accountParams = z.object({ accountId: z.string().min(1).max(100) });

function statementRoute(deps: AppDeps, area: "admin" | "parent") {
  const route = defineOperation(needs(area === "admin" ? "admin:billing:read" : "parent:billing:read"), {
    method: "get",
    path: `/${area}/billing/accounts/{accountId}/statement`,
    tags: ["Billing"],
    summary:
      area === "admin"
        ? "An account's statement over a period: opening balance, every ledger entry with its running balance, closing balance, the ledger's latest hash"
        : "The statement of an account the parent pays for",
    request: { params: accountParams, query: statementQuerySchema },
    responses: {
      200: {
        description: "The statement: JSON, or a CSV or PDF download (format).",
        content: { ...jsonContent(statementSchema), "text/csv": { schema: z.string() }, "application/pdf": { schema: z.string() } },
      },
      404: { description: "No such account among the viewer's own." },
      ...errorResponses,
    },
  });
  return new OpenAPIHono<AppEnv>().openapi(route, async (c) => {
    const viewer = c.var.member;
    const { accountId } = c.req.valid("param");
    const query = c.req.valid("query");
    const { statement, pdf } = await withWorkspace(deps.db, viewer.organizationId, async (tx) => {
      const account = await visibleAccount(tx, viewer, area, accountId);
      const made = await accountStatement(tx, viewer.organizationId, account, await statementPeriod(tx, viewer.organizationId, query, deps.clock.now()));
      return { statement: made, pdf: query.format === "pdf" ? await statementPdf(tx, viewer.organizationId, made) : undefined };
    });
    const filename = `statement-${statement.from}-to-${statement.to}`;
    if (query.format === "csv") {
      return c.body(statementCsv(statement), 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${filename}.csv"`,
        "cache-control": "no-store",
      });
    }
    if (pdf) {
      return c.body(new Uint8Array(pdf), 200, {
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="${filename}.pdf"`,
        "cache-control": "no-store",
      });
    }
    return c.json(statement, 200);
  });
}

export function statementRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>().route("/", statementRoute(deps, "admin")).route("/", statementRoute(deps, "parent"));
}
