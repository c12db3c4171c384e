/**
 * The CRM's leads in the admin area (every lead of the workspace) and the tutor's (the leads
 * they own): the pipeline's stages, the list, a lead with its timeline and possible duplicates,
 * made by hand, changed, moved between stages, and calls, emails and notes logged; and the
 * staff's tasks (every task for admins, a tutor's own).
 */
import { requestLogger } from "../../middleware/request-context.ts";
import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  leadActivityCreateSchema,
  leadCreateSchema,
  leadDetailSchema,
  leadListQuerySchema,
  leadMoveSchema,
  leadPageSchema,
  leadUpdateSchema,
  enquiryFormSchema,
  publicEnquirySchema,
  stageListSchema,
  taskCreateSchema,
  taskListQuerySchema,
  taskPageSchema,
  taskSchema,
  taskUpdateSchema,
} from "../../../shared/schemas/crm.ts";
import type { Permission } from "../../../shared/permissions.ts";
import { actorOf } from "../../core/audit.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { defineOperation, errorResponses, jsonContent, needs, PUBLIC } from "../../lib/operation.ts";
import { rateLimit } from "../../middleware/rate-limit.ts";
import { ENQUIRY_LIMIT, ENQUIRY_LIMIT_NAME, enquiryForm, receiveWorkspaceEnquiry } from "./enquiry-intake.ts";
import { boardRoutes } from "./board.ts";
import { createLead, listLeads, logActivity, moveLead, updateLead, viewLead } from "./leads.ts";
import type { CrmArea } from "./policy.ts";
import { pipelineRoutes } from "./pipeline-routes.ts";
import { crmSettingsRoutes } from "./settings-routes.ts";
import { stageList } from "./stages.ts";
import { createTask, listTasks, updateTask } from "./tasks.ts";
import { trialRoutes } from "./trial-routes.ts";

const TAG = ["CRM"];
const leadParams = z.object({ leadId: z.string().min(1).max(100) });
const taskParams = z.object({ taskId: z.string().min(1).max(100) });
const notFoundResponse = { 404: { description: "No such lead among the viewer's own." } };
const detail = (description: string) => ({ description, content: jsonContent(leadDetailSchema) });

const PERMISSIONS: Record<CrmArea, { read: Permission; write: Permission; whose: string }> = {
  admin: { read: "admin:crm:read", write: "admin:crm:write", whose: "every lead of the workspace" },
  tutor: { read: "tutor:jobs:read", write: "tutor:jobs:write", whose: "the leads the tutor owns" },
};

function crmRoutes(deps: AppDeps, area: CrmArea) {
  const { read, write, whose } = PERMISSIONS[area];
  const base = `/${area}/crm`;
  const stages = defineOperation(needs(read), {
    method: "get",
    path: `${base}/stages`,
    tags: TAG,
    summary: "The pipeline's stages in order (the defaults on first use) and the reasons a lead may be lost",
    responses: { 200: { description: "The stages.", content: jsonContent(stageListSchema) }, ...errorResponses },
  });
  const list = defineOperation(needs(read), {
    method: "get",
    path: `${base}/leads`,
    tags: TAG,
    summary: `Leads, newest first, filtered by stage, source, owner or a name or email: ${whose}`,
    request: { query: leadListQuerySchema },
    responses: { 200: { description: "One page.", content: jsonContent(leadPageSchema) }, ...errorResponses },
  });
  const view = defineOperation(needs(read), {
    method: "get",
    path: `${base}/leads/{leadId}`,
    tags: TAG,
    summary: "A lead: contact, need, source, owner, stage, purge date, its timeline and the leads it may duplicate",
    request: { params: leadParams },
    responses: { 200: detail("The lead."), ...notFoundResponse, ...errorResponses },
  });
  const create = defineOperation(needs(write), {
    method: "post",
    path: `${base}/leads`,
    tags: TAG,
    summary: "Add a lead by hand (audited; its purge date follows the workspace's setting)",
    request: { body: { required: true, content: jsonContent(leadCreateSchema) } },
    responses: { 201: detail("Added."), ...errorResponses },
  });
  const update = defineOperation(needs(write), {
    method: "patch",
    path: `${base}/leads/{leadId}`,
    tags: TAG,
    summary: "Change a lead's contact, need, notes, consent basis or owner (audited, on its timeline)",
    request: { params: leadParams, body: { required: true, content: jsonContent(leadUpdateSchema) } },
    responses: { 200: detail("Changed."), ...notFoundResponse, ...errorResponses },
  });
  const move = defineOperation(needs(write), {
    method: "post",
    path: `${base}/leads/{leadId}/move`,
    tags: TAG,
    summary: "Move a lead to another stage (lost with one of the workspace's reasons; won only by converting)",
    request: { params: leadParams, body: { required: true, content: jsonContent(leadMoveSchema) } },
    responses: {
      200: detail("Moved, on its timeline."),
      ...notFoundResponse,
      409: { description: "The lead is in that stage already, has converted, or the stage is won." },
      ...errorResponses,
    },
  });
  const activity = defineOperation(needs(write), {
    method: "post",
    path: `${base}/leads/{leadId}/activities`,
    tags: TAG,
    summary: "Log a call, an email or a note on the lead's timeline",
    request: { params: leadParams, body: { required: true, content: jsonContent(leadActivityCreateSchema) } },
    responses: { 201: detail("Logged."), ...notFoundResponse, ...errorResponses },
  });
  const tasks = defineOperation(needs(read), {
    method: "get",
    path: `${base}/tasks`,
    tags: TAG,
    summary: `Tasks, open ones by due day with the overdue first (or the closed, or all): ${area === "admin" ? "every task of the workspace" : "the tutor's own"}`,
    request: { query: taskListQuerySchema },
    responses: { 200: { description: "One page.", content: jsonContent(taskPageSchema) }, ...errorResponses },
  });
  const createTaskRoute = defineOperation(needs(write), {
    method: "post",
    path: `${base}/tasks`,
    tags: TAG,
    summary: "Make a task with a due day, for oneself or (admins) another admin or tutor, about a lead or on its own",
    request: { body: { required: true, content: jsonContent(taskCreateSchema) } },
    responses: { 201: { description: "Made (on the lead's timeline).", content: jsonContent(taskSchema) }, ...errorResponses },
  });
  const updateTaskRoute = defineOperation(needs(write), {
    method: "patch",
    path: `${base}/tasks/{taskId}`,
    tags: TAG,
    summary: "Mark a task done, cancel or reopen it, or change its title or due day",
    request: { params: taskParams, body: { required: true, content: jsonContent(taskUpdateSchema) } },
    responses: {
      200: { description: "The task as it now stands.", content: jsonContent(taskSchema) },
      404: { description: "No such task among the viewer's own." },
      409: { description: "The task has that status already." },
      ...errorResponses,
    },
  });
  return new OpenAPIHono<AppEnv>()
    .route("/", boardRoutes(deps, area, read))
    .openapi(tasks, async (c) => c.json(await listTasks(deps.db, actorOf(c), area, c.req.valid("query")), 200))
    .openapi(createTaskRoute, async (c) => c.json(await createTask(deps.db, actorOf(c), area, c.req.valid("json"), deps.clock.now()), 201))
    .openapi(updateTaskRoute, async (c) =>
      c.json(await updateTask(deps.db, actorOf(c), area, c.req.valid("param").taskId, c.req.valid("json"), deps.clock.now()), 200),
    )
    .openapi(stages, async (c) => c.json(await readStages(deps, actorOf(c).viewer.organizationId), 200))
    .openapi(list, async (c) => c.json(await listLeads(deps.db, actorOf(c), area, c.req.valid("query")), 200))
    .openapi(view, async (c) => c.json(await viewLead(deps.db, actorOf(c), area, c.req.valid("param").leadId), 200))
    .openapi(create, async (c) => c.json(await createLead(deps.db, actorOf(c), area, c.req.valid("json"), deps.clock.now()), 201))
    .openapi(update, async (c) => c.json(await updateLead(deps.db, actorOf(c), area, c.req.valid("param").leadId, c.req.valid("json"), deps.clock.now()), 200))
    .openapi(move, async (c) => c.json(await moveLead(deps.db, actorOf(c), area, c.req.valid("param").leadId, c.req.valid("json"), deps.clock.now()), 200))
    .openapi(activity, async (c) =>
      c.json(await logActivity(deps.db, actorOf(c), area, c.req.valid("param").leadId, c.req.valid("json"), deps.clock.now()), 201),
    );
}

async function readStages(deps: AppDeps, organizationId: string) {
  return withWorkspace(deps.db, organizationId, (tx) => stageList(tx, organizationId));
}

const slugParams = z.object({ slug: z.string().min(1).max(100) });
const formRoute = defineOperation(PUBLIC, {
  method: "get",
  path: "/public/workspaces/{slug}/enquiry-form",
  tags: TAG,
  summary: "Whose enquiry page this is (the workspace's name)",
  request: { params: slugParams },
  responses: { 200: { description: "The page's heading.", content: jsonContent(enquiryFormSchema) }, 404: { description: "No workspace has this address." } },
});
const enquireRoute = defineOperation(PUBLIC, {
  method: "post",
  path: "/public/workspaces/{slug}/enquiries",
  tags: TAG,
  summary: "Send an enquiry to a tutoring business: it becomes a lead with a first-response task for its owner, who is mailed",
  request: { params: slugParams, body: { required: true, content: jsonContent(publicEnquirySchema) } },
  responses: {
    202: { description: "Received.", content: jsonContent(z.object({ received: z.literal(true) })) },
    404: { description: "No workspace has this address." },
    422: errorResponses[422],
    429: { description: "Too many enquiries from this address for now; Retry-After says when to try again." },
  },
});

export function leadRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  app.use("/public/workspaces/:slug/enquiries", rateLimit(deps.db, ENQUIRY_LIMIT_NAME, ENQUIRY_LIMIT, deps.config.rateLimitMultiplier));
  return app
    .route("/", crmRoutes(deps, "admin"))
    .route("/", crmRoutes(deps, "tutor"))
    .route("/", trialRoutes(deps))
    .route("/", pipelineRoutes(deps))
    .route("/", crmSettingsRoutes(deps))
    .openapi(formRoute, async (c) => c.json(await enquiryForm(deps.db, c.req.valid("param").slug), 200))
    .openapi(enquireRoute, async (c) => {
      await receiveWorkspaceEnquiry(deps, requestLogger(c), c.req.valid("param").slug, c.req.valid("json"), deps.clock.now());
      return c.json({ received: true as const }, 202);
    });
}
