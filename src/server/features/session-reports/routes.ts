/**
 * Session reports and summaries: tutors and admins file a session's report, edit and share
 * each student's summary, and list the sessions still to report; admins review summaries
 * when the workspace requires it; parents and students read their shared summaries.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { actorOf } from "../../core/audit.ts";
import type { Permission } from "../../../shared/permissions.ts";
import { pageQuerySchema } from "../../../shared/schemas/fields.ts";
import {
  dueReportPageSchema,
  dueReportQuerySchema,
  familySummaryPageSchema,
  familySummaryQuerySchema,
  reportViewSchema,
  reviewPageSchema,
  sessionReportInputSchema,
  summarySchema,
  summaryShareSchema,
  summaryUpdateSchema,
} from "../../../shared/schemas/session-reports.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { listAwaitingReview, listDueReports, listFamilySummaries } from "./lists.ts";
import { fileReport, readReport } from "./service.ts";
import { redraftSummary, shareSummary, updateSummary } from "./summaries.ts";

const sessionParams = z.object({ sessionId: z.string().min(1).max(100) });
const summaryParams = z.object({ sessionId: z.string().min(1).max(100), studentId: z.string().min(1).max(100) });
const notFoundResponse = { 404: { description: "No such session (or summary) among the viewer's own." } };
const conflictResponse = { 409: { description: "The session was cancelled or has not started, or the summary was already shared." } };
const shareConflictResponse = {
  409: {
    description:
      "The summary was already shared (or awaits review), the student's data was erased, or the report changed since the words were drafted (redraft, or share with acknowledgeReportChange).",
  },
};

const MANAGERS = {
  admin: { read: "admin:sessions:read", write: "admin:sessions:write", who: "any session of the workspace" },
  tutor: { read: "tutor:jobs:read", write: "tutor:jobs:write", who: "the tutor's own sessions" },
} as const satisfies Record<string, { read: Permission; write: Permission; who: string }>;

function managerRoutes(deps: AppDeps, area: "admin" | "tutor") {
  const labels = MANAGERS[area];
  const read = defineOperation(needs(labels.read), {
    method: "get",
    path: `/${area}/sessions/{sessionId}/report`,
    tags: ["Session reports"],
    summary: `A session's report (with private notes) and its students' summaries: ${labels.who}`,
    request: { params: sessionParams },
    responses: { 200: { description: "The report, null until filed.", content: jsonContent(reportViewSchema) }, ...notFoundResponse, ...errorResponses },
  });
  const file = defineOperation(
    needs(labels.write),
    {
      method: "put",
      path: `/${area}/sessions/{sessionId}/report`,
      tags: ["Session reports"],
      summary:
        "File or correct a session's report (every student once); completes the session (no-show when all were absent) and drafts each student's summary",
      request: { params: sessionParams, body: { required: true, content: jsonContent(sessionReportInputSchema) } },
      responses: {
        200: { description: "Filed and audited.", content: jsonContent(reportViewSchema) },
        ...notFoundResponse,
        ...conflictResponse,
        ...errorResponses,
      },
    },
    { writesMoney: true },
  );
  const edit = defineOperation(needs(labels.write), {
    method: "put",
    path: `/${area}/sessions/{sessionId}/summaries/{studentId}`,
    tags: ["Session reports"],
    summary: "Edit a student's summary before it is shared",
    request: { params: summaryParams, body: { required: true, content: jsonContent(summaryUpdateSchema) } },
    responses: { 200: { description: "Saved and audited.", content: jsonContent(summarySchema) }, ...notFoundResponse, ...conflictResponse, ...errorResponses },
  });
  const share = defineOperation(needs(labels.write), {
    method: "post",
    path: `/${area}/sessions/{sessionId}/summaries/{studentId}/share`,
    tags: ["Session reports"],
    summary:
      area === "admin"
        ? "Share a student's summary with the family (also approves one awaiting review): mailed to guardians and the student"
        : "Share a student's summary with the family, or submit it for an admin's review when the workspace requires it",
    request: { params: summaryParams, body: { required: false, content: jsonContent(summaryShareSchema) } },
    responses: {
      200: { description: "Shared (or submitted) and audited.", content: jsonContent(summarySchema) },
      ...notFoundResponse,
      ...shareConflictResponse,
      ...errorResponses,
    },
  });
  const redraft = defineOperation(needs(labels.write), {
    method: "post",
    path: `/${area}/sessions/{sessionId}/summaries/{studentId}/redraft`,
    tags: ["Session reports"],
    summary: "Replace a student's summary with a fresh draft from the report as it stands (before it is shared)",
    request: { params: summaryParams },
    responses: {
      200: { description: "Redrafted and audited.", content: jsonContent(summarySchema) },
      ...notFoundResponse,
      ...conflictResponse,
      ...errorResponses,
    },
  });
  const due = defineOperation(needs(labels.read), {
    method: "get",
    path: `/${area}/session-reports/due`,
    tags: ["Session reports"],
    summary: `Sessions over without a report (overdueOnly: over for more than 48 hours): ${labels.who}`,
    request: { query: dueReportQuerySchema },
    responses: { 200: { description: "One page, the longest overdue first.", content: jsonContent(dueReportPageSchema) }, ...errorResponses },
  });
  return new OpenAPIHono<AppEnv>()
    .openapi(read, async (c) => c.json(await readReport(deps.db, actorOf(c), area, c.req.valid("param").sessionId), 200))
    .openapi(file, async (c) => c.json(await fileReport(deps.db, actorOf(c), area, c.req.valid("param").sessionId, c.req.valid("json"), deps.clock.now()), 200))
    .openapi(edit, async (c) => {
      const { sessionId, studentId } = c.req.valid("param");
      return c.json(await updateSummary(deps.db, actorOf(c), area, sessionId, studentId, c.req.valid("json"), deps.clock.now()), 200);
    })
    .openapi(share, async (c) => {
      const { sessionId, studentId } = c.req.valid("param");
      // An empty request (no JSON body) shares nothing stale: the acknowledgement is never implied.
      const input = summaryShareSchema.parse(c.req.valid("json") ?? {});
      return c.json(await shareSummary(deps, actorOf(c), area, sessionId, studentId, input), 200);
    })
    .openapi(redraft, async (c) => {
      const { sessionId, studentId } = c.req.valid("param");
      return c.json(await redraftSummary(deps.db, actorOf(c), area, sessionId, studentId, deps.clock.now()), 200);
    })
    .openapi(due, async (c) => c.json(await listDueReports(deps.db, actorOf(c), area, c.req.valid("query"), deps.clock.now()), 200));
}

const reviewRoute = defineOperation(needs("admin:sessions:read"), {
  method: "get",
  path: "/admin/summaries/awaiting-review",
  tags: ["Session reports"],
  summary: "Summaries tutors submitted for review (when the workspace requires it), oldest first",
  request: { query: pageQuerySchema },
  responses: { 200: { description: "One page.", content: jsonContent(reviewPageSchema) }, ...errorResponses },
});

const FAMILIES = {
  parent: { read: "parent:students:read", who: "the parent's children" },
  student: { read: "student:reports:read", who: "the student" },
} as const satisfies Record<string, { read: Permission; who: string }>;

function familyRoutes(deps: AppDeps, area: "parent" | "student") {
  const list = defineOperation(needs(FAMILIES[area].read), {
    method: "get",
    path: `/${area}/summaries`,
    tags: ["Session reports"],
    summary: `Shared session summaries of ${FAMILIES[area].who}, newest first (filter by student or session)`,
    request: { query: familySummaryQuerySchema },
    responses: { 200: { description: "One page.", content: jsonContent(familySummaryPageSchema) }, ...errorResponses },
  });
  return new OpenAPIHono<AppEnv>().openapi(list, async (c) => c.json(await listFamilySummaries(deps.db, actorOf(c), area, c.req.valid("query")), 200));
}

export function sessionReportRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>()
    .route("/", managerRoutes(deps, "admin"))
    .route("/", managerRoutes(deps, "tutor"))
    .route("/", familyRoutes(deps, "parent"))
    .route("/", familyRoutes(deps, "student"))
    .openapi(reviewRoute, async (c) => c.json(await listAwaitingReview(deps.db, actorOf(c), c.req.valid("query")), 200));
}
