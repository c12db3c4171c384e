/**
 * The growth playbook (admins): the steps with their state, and an admin's decision on one
 * (tick by hand, skip with a reason, open again).
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { playbookDecisionSchema, playbookSchema, playbookStepParams } from "../../../shared/schemas/growth-playbook.ts";
import { actorOf } from "../../core/audit.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { decideStep, viewPlaybook } from "./playbook.ts";

const TAG = ["Growth playbook"];

const readRoute = defineOperation(needs("admin:growth:read"), {
  method: "get",
  path: "/admin/growth-playbook",
  tags: TAG,
  summary: "The growth playbook: every step, ticked from the workspace's data or by hand, skipped or open, with its figure and where to do it",
  responses: { 200: { description: "The playbook.", content: jsonContent(playbookSchema) }, ...errorResponses },
});
const decideRoute = defineOperation(needs("admin:growth:write"), {
  method: "put",
  path: "/admin/growth-playbook/steps/{stepKey}",
  tags: TAG,
  summary: "Tick a step by hand (one no data can tell), skip it with a reason, or open it again (audited)",
  request: { params: playbookStepParams, body: { required: true, content: jsonContent(playbookDecisionSchema) } },
  responses: { 200: { description: "The playbook as it now stands.", content: jsonContent(playbookSchema) }, ...errorResponses },
});

export function growthPlaybookRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>()
    .openapi(readRoute, async (c) => c.json(await viewPlaybook(deps.db, actorOf(c), deps.clock.now()), 200))
    .openapi(decideRoute, async (c) => c.json(await decideStep(deps.db, actorOf(c), c.req.valid("param").stepKey, c.req.valid("json"), deps.clock.now()), 200));
}
