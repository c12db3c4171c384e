/**
 * Alerts, families' questions about a data point, and notification preferences:
 * - /admin/health/alerts, /tutor/alerts, /parent/alerts: the in-app list of each reader's
 *   alerts; staff acknowledge, plan or dismiss (PATCH);
 * - /parent/students/{id}/health/contests: a guardian questions a point; the card's thread at
 *   /{admin,parent}/students/{id}/health/contests; the admin's questions inbox and answer at
 *   /admin/health/contests;
 * - /{admin,tutor,parent}/settings/notifications: the daily alert digest and its topics.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  alertListQuerySchema,
  alertListSchema,
  alertSchema,
  alertUpdateSchema,
  contestAnswerSchema,
  contestCreateSchema,
  contestListSchema,
  contestSchema,
  notificationPreferencesSchema,
} from "../../../shared/schemas/health-alerts.ts";
import type { Permission } from "../../../shared/permissions.ts";
import { actorOf } from "../../core/audit.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { listAlerts, updateAlert } from "./alerts.ts";
import { answerContest, listStudentContests, listWorkspaceContests, raiseContest } from "./contests.ts";
import { readPreferences, savePreferences } from "./notification-preferences.ts";

const TAG = ["Student health"];
const alertParams = z.object({ alertId: z.string().min(1).max(100) });
const studentParams = z.object({ studentId: z.string().min(1).max(100) });
const contestParams = z.object({ contestId: z.string().min(1).max(100) });

const listRoute = (path: string, permission: Permission, whose: string) =>
  defineOperation(needs(permission), {
    method: "get",
    path,
    tags: TAG,
    summary: `${whose}, newest first: live ones (open, acknowledged, action planned) unless asked otherwise`,
    request: { query: alertListQuerySchema },
    responses: { 200: { description: "A page of alerts, with the number still live.", content: jsonContent(alertListSchema) }, ...errorResponses },
  });
const adminListRoute = listRoute("/admin/health/alerts", "admin:health:read", "Every alert of the workspace");
const tutorListRoute = listRoute("/tutor/alerts", "tutor:students:read", "The alerts on the tutor's assigned students (billing's apart)");
const parentListRoute = listRoute("/parent/alerts", "parent:health:read", "The family-visible alerts on the parent's children");

const updateRoute = (path: string, permission: Permission) =>
  defineOperation(needs(permission), {
    method: "patch",
    path,
    tags: TAG,
    summary: "Acknowledge an alert, plan an action on it (a note and a date), or dismiss it with a reason (audited)",
    request: { params: alertParams, body: { required: true, content: jsonContent(alertUpdateSchema) } },
    responses: {
      200: { description: "The alert as it now stands.", content: jsonContent(alertSchema) },
      404: { description: "No such alert among those the reader sees." },
      409: { description: "The alert is closed (resolved or dismissed), or acknowledged already." },
      ...errorResponses,
    },
  });
const adminUpdateRoute = updateRoute("/admin/health/alerts/{alertId}", "admin:health:write");
const tutorUpdateRoute = updateRoute("/tutor/alerts/{alertId}", "tutor:health:write");

const threadRoute = (area: "admin" | "parent", permission: Permission) =>
  defineOperation(needs(permission), {
    method: "get",
    path: `/${area}/students/{studentId}/health/contests`,
    tags: TAG,
    summary: "The family's questions about the card's data points, and the answers, newest first",
    request: { params: studentParams },
    responses: {
      200: { description: "The thread.", content: jsonContent(contestListSchema) },
      404: { description: "No such student among those the reader sees." },
      ...errorResponses,
    },
  });
const adminThreadRoute = threadRoute("admin", "admin:health:read");
const parentThreadRoute = threadRoute("parent", "parent:health:read");
const raiseRoute = defineOperation(needs("parent:students:write"), {
  method: "post",
  path: "/parent/students/{studentId}/health/contests",
  tags: TAG,
  summary: "Question a data point of one of the child's sessions (an absence, a rating, homework, a score)",
  request: { params: studentParams, body: { required: true, content: jsonContent(contestCreateSchema) } },
  responses: {
    201: { description: "The question, open until an admin answers.", content: jsonContent(contestSchema) },
    404: { description: "No such child." },
    409: { description: "The same point of the same session is already asked about." },
    ...errorResponses,
  },
});
const inboxRoute = defineOperation(needs("admin:health:read"), {
  method: "get",
  path: "/admin/health/contests",
  tags: TAG,
  summary: "Families' questions: the open ones first, oldest first",
  request: { query: z.object({ state: z.enum(["open", "all"], { error: "state must be open or all." }).default("open") }) },
  responses: { 200: { description: "The questions.", content: jsonContent(contestListSchema) }, ...errorResponses },
});
const answerRoute = defineOperation(needs("admin:health:write"), {
  method: "post",
  path: "/admin/health/contests/{contestId}/answer",
  tags: TAG,
  summary: "Accept a family's question (correcting the point: an absence excused, a rating or score corrected in the report) or answer it with a reason",
  request: { params: contestParams, body: { required: true, content: jsonContent(contestAnswerSchema) } },
  responses: {
    200: { description: "The question, answered; an accepted one has the card scored again.", content: jsonContent(contestSchema) },
    404: { description: "No such question." },
    409: { description: "It was answered already." },
    ...errorResponses,
  },
});

const preferencesRoutes = (area: "admin" | "tutor" | "parent") => {
  const read = defineOperation(needs(`${area}:settings:read` as Permission), {
    method: "get",
    path: `/${area}/settings/notifications`,
    tags: TAG,
    summary: "The member's notification preferences: the daily alert digest by mail, and its topics",
    responses: { 200: { description: "The preferences.", content: jsonContent(notificationPreferencesSchema) }, ...errorResponses },
  });
  const write = defineOperation(needs(`${area}:settings:write` as Permission), {
    method: "put",
    path: `/${area}/settings/notifications`,
    tags: TAG,
    summary: "Save the member's notification preferences (audited)",
    request: { body: { required: true, content: jsonContent(notificationPreferencesSchema) } },
    responses: { 200: { description: "The preferences saved.", content: jsonContent(notificationPreferencesSchema) }, ...errorResponses },
  });
  return { read, write };
};
const adminPreferences = preferencesRoutes("admin");
const tutorPreferences = preferencesRoutes("tutor");
const parentPreferences = preferencesRoutes("parent");

export function alertRoutes(deps: AppDeps) {
  const now = () => deps.clock.now();
  return new OpenAPIHono<AppEnv>()
    .openapi(adminListRoute, async (c) => c.json(await listAlerts(deps.db, actorOf(c), "admin", c.req.valid("query"), now()), 200))
    .openapi(tutorListRoute, async (c) => c.json(await listAlerts(deps.db, actorOf(c), "tutor", c.req.valid("query"), now()), 200))
    .openapi(parentListRoute, async (c) => c.json(await listAlerts(deps.db, actorOf(c), "parent", c.req.valid("query"), now()), 200))
    .openapi(adminUpdateRoute, async (c) =>
      c.json(await updateAlert(deps.db, actorOf(c), "admin", c.req.valid("param").alertId, c.req.valid("json"), now()), 200),
    )
    .openapi(tutorUpdateRoute, async (c) =>
      c.json(await updateAlert(deps.db, actorOf(c), "tutor", c.req.valid("param").alertId, c.req.valid("json"), now()), 200),
    )
    .openapi(adminThreadRoute, async (c) => c.json(await listStudentContests(deps.db, actorOf(c), "admin", c.req.valid("param").studentId, now()), 200))
    .openapi(parentThreadRoute, async (c) => c.json(await listStudentContests(deps.db, actorOf(c), "parent", c.req.valid("param").studentId, now()), 200))
    .openapi(raiseRoute, async (c) => c.json(await raiseContest(deps.db, actorOf(c), c.req.valid("param").studentId, c.req.valid("json"), now()), 201))
    .openapi(inboxRoute, async (c) => c.json(await listWorkspaceContests(deps.db, actorOf(c), c.req.valid("query").state), 200))
    .openapi(answerRoute, async (c) => c.json(await answerContest(deps.db, actorOf(c), c.req.valid("param").contestId, c.req.valid("json"), now()), 200))
    .openapi(adminPreferences.read, async (c) => c.json(await readPreferences(deps.db, actorOf(c)), 200))
    .openapi(adminPreferences.write, async (c) => c.json(await savePreferences(deps.db, actorOf(c), c.req.valid("json"), now()), 200))
    .openapi(tutorPreferences.read, async (c) => c.json(await readPreferences(deps.db, actorOf(c)), 200))
    .openapi(tutorPreferences.write, async (c) => c.json(await savePreferences(deps.db, actorOf(c), c.req.valid("json"), now()), 200))
    .openapi(parentPreferences.read, async (c) => c.json(await readPreferences(deps.db, actorOf(c)), 200))
    .openapi(parentPreferences.write, async (c) => c.json(await savePreferences(deps.db, actorOf(c), c.req.valid("json"), now()), 200));
}
