/**
 * Student health's operations: the risk rules as published versions (/admin/health/rules: read,
 * history, preview (queued for a job, then polled), publish), the rules in force as families read
 * them (/parent/health/rules), and a student's card in each area (/admin, /tutor, /parent
 * …/students/{id}/health; /student/health), and the lists of cards: the workspace's by risk, a
 * tutor's caseload, a family's children (…/health/students).
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  caseloadQuerySchema,
  familyHealthListSchema,
  familyHealthRulesSchema,
  healthCardSchema,
  healthListPageSchema,
  healthListQuerySchema,
  ownHealthSchema,
  healthRulesHistorySchema,
  healthRulesPublishSchema,
  healthRulesVersionSchema,
} from "../../../shared/schemas/student-health.ts";
import {
  healthRulesPreviewQueuedSchema,
  healthRulesPreviewRequestSchema,
  healthRulesPreviewStateSchema,
} from "../../../shared/schemas/student-health-preview.ts";
import { actorOf } from "../../core/audit.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { viewHealthCard, viewOwnHealth } from "./cards.ts";
import { listFamilyHealth, listStudentHealth } from "./lists.ts";
import { requestHealthRulesPreview, viewHealthRulesPreview } from "./preview-requests.ts";
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
  summary:
    "Preview proposed health rules: each band's students now and under them, and who would change band and why; queued for a job, read with …/rules/previews/{previewId} (no card changes)",
  request: { body: { required: true, content: jsonContent(healthRulesPreviewRequestSchema) } },
  responses: { 202: { description: "Queued: the preview's id, to poll.", content: jsonContent(healthRulesPreviewQueuedSchema) }, ...errorResponses },
});
const previewStateRoute = defineOperation(needs("admin:health:read"), {
  method: "get",
  path: "/admin/health/rules/previews/{previewId}",
  tags: TAG,
  summary: "A preview of proposed health rules: queued, done with its result, or failed with the reason",
  request: { params: z.object({ previewId: z.string().min(1).max(100) }) },
  responses: {
    200: { description: "The preview's state.", content: jsonContent(healthRulesPreviewStateSchema) },
    404: { description: "No such preview in the workspace (previews are kept a day)." },
    ...errorResponses,
  },
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

const listRoute = defineOperation(needs("admin:health:read"), {
  method: "get",
  path: "/admin/health/students",
  tags: TAG,
  summary:
    "The workspace's active students by their stored card: score, band, top reason, tutors and the change over a week; filter by band, tutor or rule, search by name, a page at a time",
  request: { query: healthListQuerySchema },
  responses: {
    200: { description: "One page; students not scored yet come last, without a card.", content: jsonContent(healthListPageSchema) },
    ...errorResponses,
  },
});
const caseloadRoute = defineOperation(needs("tutor:students:read"), {
  method: "get",
  path: "/tutor/health/students",
  tags: TAG,
  summary: "The tutor's caseload: their currently assigned students by risk, each with their stored card, a page at a time",
  request: { query: caseloadQuerySchema },
  responses: {
    200: { description: "One page; students not scored yet come last, without a card.", content: jsonContent(healthListPageSchema) },
    ...errorResponses,
  },
});
const familyListRoute = defineOperation(needs("parent:health:read"), {
  method: "get",
  path: "/parent/health/students",
  tags: TAG,
  summary: "The parent's children by name, each with the score and band of the rules families see and the top reason they may read",
  responses: {
    200: { description: "The children (a card's fields are null until it is first computed).", content: jsonContent(familyHealthListSchema) },
    ...errorResponses,
  },
});

export function studentHealthRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>()
    .openapi(rulesRoute, async (c) => c.json(await viewHealthRules(deps.db, actorOf(c), deps.clock.now()), 200))
    .openapi(versionsRoute, async (c) => c.json(await listHealthRuleVersions(deps.db, actorOf(c), deps.clock.now()), 200))
    .openapi(previewRoute, async (c) => c.json(await requestHealthRulesPreview(deps, actorOf(c), c.req.valid("json").rules, deps.clock.now()), 202))
    .openapi(previewStateRoute, async (c) => c.json(await viewHealthRulesPreview(deps, actorOf(c), c.req.valid("param").previewId), 200))
    .openapi(publishRoute, async (c) => c.json(await publishHealthRules(deps.db, actorOf(c), c.req.valid("json"), deps.clock.now()), 200))
    .openapi(familyRulesRoute, async (c) => c.json(await viewFamilyHealthRules(deps.db, actorOf(c), deps.clock.now()), 200))
    .openapi(adminCardRoute, async (c) => c.json(await viewHealthCard(deps.db, actorOf(c), "admin", c.req.valid("param").studentId, deps.clock.now()), 200))
    .openapi(tutorCardRoute, async (c) => c.json(await viewHealthCard(deps.db, actorOf(c), "tutor", c.req.valid("param").studentId, deps.clock.now()), 200))
    .openapi(parentCardRoute, async (c) => c.json(await viewHealthCard(deps.db, actorOf(c), "parent", c.req.valid("param").studentId, deps.clock.now()), 200))
    .openapi(ownRoute, async (c) => c.json(await viewOwnHealth(deps.db, actorOf(c), deps.clock.now()), 200))
    .openapi(listRoute, async (c) => c.json(await listStudentHealth(deps.db, actorOf(c), "admin", c.req.valid("query"), deps.clock.now()), 200))
    .openapi(caseloadRoute, async (c) => c.json(await listStudentHealth(deps.db, actorOf(c), "tutor", c.req.valid("query"), deps.clock.now()), 200))
    .openapi(familyListRoute, async (c) => c.json(await listFamilyHealth(deps.db, actorOf(c), deps.clock.now()), 200));
}
