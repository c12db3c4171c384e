/**
 * The CRM's pipeline tools in the admin area (every lead of the workspace) and the tutor's (the
 * leads they own): leads imported from a CSV file (previewed, then written in one go), a
 * duplicate merged into a lead, and the funnel's figures for a date range.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { leadDetailSchema } from "../../../shared/schemas/crm.ts";
import {
  funnelQuerySchema,
  funnelSchema,
  importPreviewSchema,
  importResultSchema,
  leadImportSchema,
  leadMergeSchema,
} from "../../../shared/schemas/crm-pipeline.ts";
import type { Permission } from "../../../shared/permissions.ts";
import { actorOf } from "../../core/audit.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { readFunnel } from "./funnel.ts";
import { commitImport, previewImport } from "./import.ts";
import { mergeLeads } from "./merge.ts";
import type { CrmArea } from "./policy.ts";

const TAG = ["CRM"];
const leadParams = z.object({ leadId: z.string().min(1).max(100) });

const PERMISSIONS: Record<CrmArea, { read: Permission; write: Permission; whose: string }> = {
  admin: { read: "admin:crm:read", write: "admin:crm:write", whose: "every lead of the workspace" },
  tutor: { read: "tutor:jobs:read", write: "tutor:jobs:write", whose: "the leads the tutor owns" },
};

function pipelineRoutesOf(deps: AppDeps, area: CrmArea) {
  const { read, write, whose } = PERMISSIONS[area];
  const base = `/${area}/crm`;
  const owners = area === "admin" ? "owned as the owner column or ownerMemberId says (the importer by default)" : "owned by the tutor";
  const preview = defineOperation(needs(write), {
    method: "post",
    path: `${base}/leads/import/preview`,
    tags: TAG,
    summary: `Read a CSV file of leads (at most 2,000 rows): each row as the lead it would make (${owners}) or its refused cells, and its duplicates; nothing is written`,
    request: { body: { required: true, content: jsonContent(leadImportSchema) } },
    responses: { 200: { description: "Every row read.", content: jsonContent(importPreviewSchema) }, ...errorResponses },
  });
  const commit = defineOperation(needs(write), {
    method: "post",
    path: `${base}/leads/import`,
    tags: TAG,
    summary: "Import a CSV file of leads in one go, in the first stage (refused whole if a row is refused, unless skipInvalid; audited with the count)",
    request: { body: { required: true, content: jsonContent(leadImportSchema) } },
    responses: { 201: { description: "Imported; the refused rows skipped.", content: jsonContent(importResultSchema) }, ...errorResponses },
  });
  const merge = defineOperation(needs(write), {
    method: "post",
    path: `${base}/leads/{leadId}/merge`,
    tags: TAG,
    summary:
      "Merge a duplicate into this lead: its empty fields filled from the duplicate, the duplicate's timeline and tasks moved to it, the duplicate deleted (audited)",
    request: { params: leadParams, body: { required: true, content: jsonContent(leadMergeSchema) } },
    responses: {
      200: { description: "Merged.", content: jsonContent(leadDetailSchema) },
      404: { description: `Either lead is not among ${whose}.` },
      409: { description: "The lead and the duplicate are one, or the duplicate has converted (merge the other way)." },
      ...errorResponses,
    },
  });
  const funnel = defineOperation(needs(read), {
    method: "get",
    path: `${base}/funnel`,
    tags: TAG,
    summary: `The funnel of the leads created in a date range (the last 90 days by default): per stage, conversions, trials and time to convert, overall, by source and by owner: ${whose}`,
    request: { query: funnelQuerySchema },
    responses: { 200: { description: "The figures.", content: jsonContent(funnelSchema) }, ...errorResponses },
  });
  return new OpenAPIHono<AppEnv>()
    .openapi(preview, async (c) => c.json(await previewImport(deps.db, actorOf(c), area, c.req.valid("json")), 200))
    .openapi(commit, async (c) => c.json(await commitImport(deps.db, actorOf(c), area, c.req.valid("json"), deps.clock.now()), 201))
    .openapi(merge, async (c) => c.json(await mergeLeads(deps.db, actorOf(c), area, c.req.valid("param").leadId, c.req.valid("json"), deps.clock.now()), 200))
    .openapi(funnel, async (c) => c.json(await readFunnel(deps.db, actorOf(c), area, c.req.valid("query"), deps.clock.now()), 200));
}

/** Mounted by leadRoutes (routes.ts) next to the leads' own operations. */
export function pipelineRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>().route("/", pipelineRoutesOf(deps, "admin")).route("/", pipelineRoutesOf(deps, "tutor"));
}
