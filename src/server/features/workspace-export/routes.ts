/**
 * The full workspace export (admins, in System): ask for one, list the recent ones, download an
 * archive while it is ready. The archive is built by the workspace-export job.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { workspaceExportListSchema, workspaceExportParams, workspaceExportSchema } from "../../../shared/schemas/workspace-export.ts";
import { actorOf } from "../../core/audit.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { listExports, openExportFile, requestExport } from "./exports.ts";

const TAG = ["Workspace export"];
const PATH = "/admin/system/exports";

const requestRoute = defineOperation(needs("admin:system:write"), {
  method: "post",
  path: PATH,
  tags: TAG,
  summary:
    "Ask for a full export of the workspace: every table as CSV and JSON and the stored files in one zip, built by a job, mailed when ready and downloadable for 24 hours (audited)",
  responses: {
    202: { description: "Queued: the export as the list shows it.", content: jsonContent(workspaceExportSchema) },
    409: { description: "An export of the workspace is already queued or running." },
    ...errorResponses,
  },
});
const listRoute = defineOperation(needs("admin:system:read"), {
  method: "get",
  path: PATH,
  tags: TAG,
  summary: "The workspace's recent exports, newest first: their state, who asked, when, the archive's size, and its download address while it is ready",
  responses: { 200: { description: "The recent exports.", content: jsonContent(workspaceExportListSchema) }, ...errorResponses },
});
const fileRoute = defineOperation(needs("admin:system:read"), {
  method: "get",
  path: `${PATH}/{exportId}/file`,
  tags: TAG,
  summary: "Download an export's archive (a zip) while it is ready; audited once per download",
  request: { params: workspaceExportParams },
  responses: {
    200: { description: "The archive, as an attachment.", content: { "application/zip": { schema: z.string().openapi({ format: "binary" }) } } },
    404: { description: "No such export in the workspace, or it has no archive (queued, running or failed)." },
    410: { description: "The download expired (24 hours after the archive was made) and the archive was deleted." },
    ...errorResponses,
  },
});

export function workspaceExportRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>()
    .openapi(requestRoute, async (c) => c.json(await requestExport(deps, actorOf(c), deps.clock.now()), 202))
    .openapi(listRoute, async (c) => c.json(await listExports(deps, actorOf(c), deps.clock.now()), 200))
    .openapi(fileRoute, async (c) => {
      const download = await openExportFile(deps, actorOf(c), c.req.valid("param").exportId, { headOnly: c.req.method === "HEAD" }, deps.clock.now());
      return c.body(download.object.body, 200, download.headers);
    });
}
