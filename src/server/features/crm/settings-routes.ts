/**
 * The CRM's settings for admins: months a lead is kept, who owns an enquiry, the lost reasons,
 * and the pipeline's stages (add, rename, reorder, archive).
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  crmSettingsSchema,
  crmSettingsUpdateSchema,
  stageCreateSchema,
  stageListSchema,
  stageOrderSchema,
  stageRenameSchema,
} from "../../../shared/schemas/crm.ts";
import { actorOf } from "../../core/audit.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { viewSettings } from "../../core/settings/index.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { addStage, archiveStage, changeCrmSettings, renameStage, reorderStages } from "./settings.ts";

const TAG = ["CRM"];
const READ = "admin:crm:read";
const WRITE = "admin:crm:write";
const stageParams = z.object({ stageId: z.string().min(1).max(100) });
const stagesAnswer = (description: string) => ({ description, content: jsonContent(stageListSchema) });
const stageNotFound = { 404: { description: "No such stage in the pipeline." } };

const readRoute = defineOperation(needs(READ), {
  method: "get",
  path: "/admin/crm/settings",
  tags: TAG,
  summary: "The CRM settings: months a lead is kept, who owns an enquiry, the reasons a lead may be lost",
  responses: { 200: { description: "The settings.", content: jsonContent(crmSettingsSchema) }, ...errorResponses },
});
const updateRoute = defineOperation(needs(WRITE), {
  method: "patch",
  path: "/admin/crm/settings",
  tags: TAG,
  summary: "Change CRM settings (audited; a new keeping period applies to leads made from now on)",
  request: { body: { required: true, content: jsonContent(crmSettingsUpdateSchema) } },
  responses: { 200: { description: "The settings as they now stand.", content: jsonContent(crmSettingsSchema) }, ...errorResponses },
});
const addRoute = defineOperation(needs(WRITE), {
  method: "post",
  path: "/admin/crm/stages",
  tags: TAG,
  summary: "Add an open stage to the pipeline, after the one named or the last open one (audited)",
  request: { body: { required: true, content: jsonContent(stageCreateSchema) } },
  responses: { 201: stagesAnswer("Added; the pipeline as it now stands."), 409: { description: "A stage has that name." }, ...errorResponses },
});
const renameRoute = defineOperation(needs(WRITE), {
  method: "patch",
  path: "/admin/crm/stages/{stageId}",
  tags: TAG,
  summary: "Rename a stage (audited; timelines keep the name they were written with)",
  request: { params: stageParams, body: { required: true, content: jsonContent(stageRenameSchema) } },
  responses: { 200: stagesAnswer("Renamed."), ...stageNotFound, 409: { description: "Another stage has that name." }, ...errorResponses },
});
const orderRoute = defineOperation(needs(WRITE), {
  method: "put",
  path: "/admin/crm/stages/order",
  tags: TAG,
  summary: "Put the pipeline's stages in a new order: every stage once, the won and lost ones last (audited)",
  request: { body: { required: true, content: jsonContent(stageOrderSchema) } },
  responses: { 200: stagesAnswer("Reordered."), ...errorResponses },
});
const archiveRoute = defineOperation(needs(WRITE), {
  method: "post",
  path: "/admin/crm/stages/{stageId}/archive",
  tags: TAG,
  summary: "Take an open stage no lead stands in out of the pipeline (kept for the timelines that name it; audited)",
  request: { params: stageParams },
  responses: {
    200: stagesAnswer("Archived."),
    ...stageNotFound,
    409: { description: "Leads are in the stage, it is the won or lost stage, or the last open one." },
    ...errorResponses,
  },
});

export function crmSettingsRoutes(deps: AppDeps) {
  const now = () => deps.clock.now();
  return new OpenAPIHono<AppEnv>()
    .openapi(readRoute, async (c) => c.json(await viewSettings(deps.db, actorOf(c), "crm"), 200))
    .openapi(updateRoute, async (c) => c.json(await changeCrmSettings(deps.db, actorOf(c), c.req.valid("json"), now()), 200))
    .openapi(addRoute, async (c) => c.json(await addStage(deps.db, actorOf(c), c.req.valid("json")), 201))
    .openapi(orderRoute, async (c) => c.json(await reorderStages(deps.db, actorOf(c), c.req.valid("json").stageIds), 200))
    .openapi(renameRoute, async (c) => c.json(await renameStage(deps.db, actorOf(c), c.req.valid("param").stageId, c.req.valid("json").name), 200))
    .openapi(archiveRoute, async (c) => c.json(await archiveStage(deps.db, actorOf(c), c.req.valid("param").stageId, now()), 200));
}
