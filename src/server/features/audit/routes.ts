import { requestLogger } from "../../middleware/request-context.ts";
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { auditPageSchema, auditQuerySchema } from "../../../shared/schemas/audit.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { auditCsvStream, CSV_PAGE_SIZE } from "./csv.ts";
import { auditRows, decodeCursor, encodeCursor, workspaceTimeZone } from "./query.ts";
import { writeAudit } from "../../core/audit.ts";

/** The list's filters without its paging: the export takes every matching entry. */
const { cursor: _cursor, limit: _limit, ...filterFields } = auditQuerySchema.shape;
const auditExportQuerySchema = z
  .object(filterFields)
  .refine((value) => !value.from || !value.to || value.from <= value.to, { path: ["to"], message: "To date must not be before the from date." });

const listRoute = defineOperation(needs("admin:system:read"), {
  method: "get",
  path: "/admin/audit",
  tags: ["Audit log"],
  summary: "The workspace's audit log, newest first, by actor, action, student and dates (days in the workspace's time zone)",
  request: { query: auditQuerySchema },
  responses: {
    200: { description: "One page of entries and the cursor of the next (null on the last page).", content: jsonContent(auditPageSchema) },
    ...errorResponses,
  },
});

const exportRoute = defineOperation(needs("admin:system:read"), {
  method: "get",
  path: "/admin/audit/export.csv",
  tags: ["Audit log"],
  summary: "Every entry matching the filters as a CSV file (RFC 4180, UTF-8), streamed",
  request: { query: auditExportQuerySchema },
  responses: { 200: { description: "The CSV file, as an attachment.", content: { "text/csv": { schema: z.string() } } }, ...errorResponses },
});

export function auditRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>()
    .openapi(listRoute, async (c) => {
      const organizationId = c.var.member.organizationId;
      const { cursor, limit, ...filters } = c.req.valid("query");
      const after = cursor ? decodeCursor(cursor) : undefined;
      const page = await withWorkspace(deps.db, organizationId, async (tx) =>
        auditRows(tx, organizationId, await workspaceTimeZone(tx, organizationId), filters, after, limit),
      );
      return c.json({ items: page.items, nextCursor: page.next ? encodeCursor(page.next) : null }, 200);
    })
    .openapi(exportRoute, async (c) => {
      const organizationId = c.var.member.organizationId;
      const filters = c.req.valid("query");
      const viewer = c.var.member;
      const { timeZone, firstPage } = await withWorkspace(deps.db, organizationId, async (tx) => {
        const zone = await workspaceTimeZone(tx, organizationId);
        const first = await auditRows(tx, organizationId, zone, filters, undefined, CSV_PAGE_SIZE);
        // The log holds names and addresses: taking a copy of it is itself on the record.
        const described = Object.entries(filters)
          .filter(([, value]) => value !== undefined)
          .map(([name]) => name);
        await writeAudit(tx, {
          organizationId,
          userId: viewer.user.id,
          actorRole: viewer.role,
          action: "AUDIT_LOG_EXPORTED",
          description: `${viewer.user.name} downloaded the audit log${described.length > 0 ? ` (filtered by ${described.join(", ")})` : ""}`,
          ipAddress: c.var.clientIp,
          metadata: { filters },
        });
        return { timeZone: zone, firstPage: first };
      });
      const stream = auditCsvStream(deps.db, requestLogger(c), { organizationId, timeZone, filters }, firstPage);
      const today = deps.clock.now().toLocaleDateString("en-CA", { timeZone });
      return c.body(stream, 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="glassroom-audit-log-${today}.csv"`,
        "cache-control": "no-store",
      });
    });
}
