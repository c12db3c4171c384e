/**
 * Student health's operations: the risk rules as published versions (/admin/health/rules: read,
 * history, preview, publish), the rules in force as families read them (/parent/health/rules), and a
 * student's card in each area (/admin, /tutor, /parent …/students/{id}/health; /student/health).
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  familyHealthRulesSchema,
  healthCardSchema,
  ownHealthSchema,
  healthRulesHistorySchema,
  healthRulesPublishSchema,
  healthRulesVersionSchema,
} from "../../../shared/schemas/student-health.ts";
import { healthRulesPreviewRequestSchema, healthRulesPreviewSchema } from "../../../shared/schemas/student-health-preview.ts";
import { actorOf } from "../../core/audit.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { viewHealthCard, viewOwnHealth } from "./cards.ts";
import { previewHealthRules } from "./preview.ts";
import { listHealthRuleVersions, publishHealthRules, viewFamilyHealthRules, viewHealthRules } from "./rule-versions.ts";

const TAG = ["Student health"];

const rulesRoute = defineOperation(needs("admin:health:read"), {
  method: "get",
  path: "/admin/health/rules",
  tags: TAG,
  summary: "The health rules in force: thresholds, points, which rules are on and which families see",
  responses: { 200: { description: "The version in force.", content: jsonContent(healthRulesVersionSchema) }, ...errorResponses },
});
const versionsRoute = defineOperation(needs("admin:health:read"), {
  method: "get",
  path: "/admin/health/rules/versions",
  tags: TAG,
  summary: "Every published version of the health rules, newest first, with who published it and what changed",
  responses: { 200: { description: "The versions.", content: jsonContent(healthRulesHistorySchema) }, ...errorResponses },
});
const previewRoute = defineOperation(needs("admin:health:read"), {
  method: "post",
  path: "/admin/health/rules/preview",
  tags: TAG,
  summary: "Preview proposed health rules: each band's students now and under them, and who would change band and why (nothing is written)",
  request: { body: { required: true, content: jsonContent(healthRulesPreviewRequestSchema) } },
  responses: { 200: { description: "The preview.", content: jsonContent(healthRulesPreviewSchema) }, ...errorResponses },
});
const publishRoute = defineOperation(needs("admin:health:write"), {
  method: "put",
  path: "/admin/health/rules",
  tags: TAG,
  summary: "Publish the health rules as a new version (audited); every active student's card is scored again under it",
  request: { body: { required: true, content: jsonContent(healthRulesPublishSchema) } },
  responses: {
    200: { description: "Published: the new version.", content: jsonContent(healthRulesVersionSchema) },
    409: { description: "Another version was published since the one edited, or nothing changed." },
    ...errorResponses,
  },
});
const familyRulesRoute = defineOperation(needs("parent:health:read"), {
  method: "get",
  path: "/parent/health/rules",
  tags: TAG,
  summary: "The health rules families see, in words, and the history of what changed in them",
  responses: { 200: { description: "The rules in force.", content: jsonContent(familyHealthRulesSchema) }, ...errorResponses },
});

const studentParams = z.object({ studentId: z.string().min(1).max(100) });
const cardRoute = (area: "admin" | "tutor" | "parent", permission: "admin:health:read" | "tutor:students:read" | "parent:health:read", whose: string) =>
  defineOperation(needs(permission), {
    method: "get",
    path: `/${area}/students/{studentId}/health`,
    tags: TAG,
    summary: `The health card of ${whose}: figures over the window, the score, each reason with its evidence, the trend`,
    request: { params: studentParams },
    responses: {
      200: { description: "The card (scored: false until it is first computed).", content: jsonContent(healthCardSchema) },
      404: { description: `No such student among ${whose.replace(/^an? |^one of /, "")}.` },
      ...errorResponses,
    },
  });
const adminCardRoute = cardRoute("admin", "admin:health:read", "a student of the workspace");
const tutorCardRoute = cardRoute("tutor", "tutor:students:read", "one of the tutor's assigned students");
const parentCardRoute = cardRoute("parent", "parent:health:read", "one of the parent's children (the rules families see)");
const ownRoute = defineOperation(needs("student:read"), {
  method: "get",
  path: "/student/health",
  tags: TAG,
  summary: "The student's own figures: attendance, homework and progress over the window, without the risk wording",
  responses: { 200: { description: "The figures (scored: false until first computed).", content: jsonContent(ownHealthSchema) }, ...errorResponses },
});

export function studentHealthRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>()
    .openapi(rulesRoute, async (c) => c.json(await viewHealthRules(deps.db, actorOf(c), deps.clock.now()), 200))
    .openapi(versionsRoute, async (c) => c.json(await listHealthRuleVersions(deps.db, actorOf(c), deps.clock.now()), 200))
    .openapi(previewRoute, async (c) => c.json(await previewHealthRules(deps.db, actorOf(c), c.req.valid("json").rules, deps.clock.now()), 200))
    .openapi(publishRoute, async (c) => c.json(await publishHealthRules(deps.db, actorOf(c), c.req.valid("json"), deps.clock.now()), 200))
    .openapi(familyRulesRoute, async (c) => c.json(await viewFamilyHealthRules(deps.db, actorOf(c), deps.clock.now()), 200))
    .openapi(adminCardRoute, async (c) => c.json(await viewHealthCard(deps.db, actorOf(c), "admin", c.req.valid("param").studentId, deps.clock.now()), 200))
    .openapi(tutorCardRoute, async (c) => c.json(await viewHealthCard(deps.db, actorOf(c), "tutor", c.req.valid("param").studentId, deps.clock.now()), 200))
    .openapi(parentCardRoute, async (c) => c.json(await viewHealthCard(deps.db, actorOf(c), "parent", c.req.valid("param").studentId, deps.clock.now()), 200))
    .openapi(ownRoute, async (c) => c.json(await viewOwnHealth(deps.db, actorOf(c), deps.clock.now()), 200));
}
