/**
 * Sessions in each area: /admin/sessions (every session, filters by tutor and student),
 * /tutor/sessions (the tutor's own jobs), /parent/sessions (their children's) and
 * /student/sessions (their own). Admins and tutors schedule, change and cancel; parents and
 * students read and may request a cancellation, which the tutor or an admin accepts or declines
 * (cancellation-routes.ts). The workspace's late-cancellation notice is an admin setting
 * (/admin/session-policy).
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { actorOf } from "../../core/audit.ts";
import { changeSettings, viewSettings } from "../../core/settings/index.ts";
import {
  sessionBatchSchema,
  sessionCancelSchema,
  sessionCreateSchema,
  sessionListQuerySchema,
  sessionPageSchema,
  sessionSettingsSchema,
  sessionSettingsUpdateSchema,
  sessionSchema,
  sessionUpdateSchema,
  sessionViewQuerySchema,
} from "../../../shared/schemas/sessions.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { SESSION_PERMISSIONS } from "./areas.ts";
import { cancellationRoutes } from "./cancellation-routes.ts";

import { cancelSession } from "./cancel-session.ts";
import { createSessions } from "./create-sessions.ts";
import { listSessions, viewSession } from "./read-model.ts";
import { updateSession } from "./update-session.ts";
import type { Area } from "../../../shared/roles.ts";

/** Any id is accepted: one that names no visible session answers 404. */
const sessionParams = z.object({ sessionId: z.string().min(1).max(100) });
const notFoundResponse = { 404: { description: "No such session among the viewer's own." } };
const conflictResponse = {
  409: { description: "The tutor or a student is already booked then (the message names the clashing session), or the session is cancelled." },
};
const batch = (description: string) => ({ description, content: jsonContent(sessionBatchSchema) });

function readRoutes(deps: AppDeps, area: Area) {
  const labels = SESSION_PERMISSIONS[area];
  const list = defineOperation(needs(labels.read), {
    method: "get",
    path: `/${area}/sessions`,
    tags: ["Sessions"],
    summary: `Sessions in a date range (at most 62 days): ${labels.who}`,
    request: { query: sessionListQuerySchema },
    responses: {
      200: { description: "One page, by start time; local times in the viewer's zone.", content: jsonContent(sessionPageSchema) },
      ...errorResponses,
    },
  });
  const read = defineOperation(needs(labels.read), {
    method: "get",
    path: `/${area}/sessions/{sessionId}`,
    tags: ["Sessions"],
    summary: `One session: ${labels.who}`,
    request: { params: sessionParams, query: sessionViewQuerySchema },
    responses: { 200: { description: "The session.", content: jsonContent(sessionSchema) }, ...notFoundResponse, ...errorResponses },
  });
  return new OpenAPIHono<AppEnv>()
    .openapi(list, async (c) => c.json(await listSessions(deps.db, actorOf(c), area, c.req.valid("query")), 200))
    .openapi(read, async (c) => c.json(await viewSession(deps.db, actorOf(c), area, c.req.valid("param").sessionId, c.req.valid("query").timeZone), 200));
}

function writeRoutes(deps: AppDeps, area: "admin" | "tutor") {
  const labels = SESSION_PERMISSIONS[area];
  const create = defineOperation(needs(labels.write), {
    method: "post",
    path: `/${area}/sessions`,
    tags: ["Sessions"],
    summary: "Schedule a session, or a weekly series (until a date or for a count), with conflict and availability checks",
    request: { body: { required: true, content: jsonContent(sessionCreateSchema) } },
    responses: { 201: batch("Created and audited: every session, in order."), ...conflictResponse, ...errorResponses },
  });
  const update = defineOperation(needs(labels.write), {
    method: "patch",
    path: `/${area}/sessions/{sessionId}`,
    tags: ["Sessions"],
    summary: "Change one session, or it and the following sessions of its series (scope: following splits the series)",
    request: { params: sessionParams, body: { required: true, content: jsonContent(sessionUpdateSchema) } },
    responses: { 200: batch("Changed and audited: every session changed."), ...notFoundResponse, ...conflictResponse, ...errorResponses },
  });
  const cancel = defineOperation(
    needs(labels.write),
    {
      method: "post",
      path: `/${area}/sessions/{sessionId}/cancel`,
      tags: ["Sessions"],
      summary: "Cancel a session, or it and the following sessions of its series; late inside the workspace's notice period",
      request: { params: sessionParams, body: { required: true, content: jsonContent(sessionCancelSchema) } },
      responses: { 200: batch("Cancelled and audited."), ...notFoundResponse, ...conflictResponse, ...errorResponses },
    },
    { writesMoney: true },
  );
  return new OpenAPIHono<AppEnv>()
    .openapi(create, async (c) => c.json(await createSessions(deps, actorOf(c), area, c.req.valid("json")), 201))
    .openapi(update, async (c) => c.json(await updateSession(deps, actorOf(c), area, c.req.valid("param").sessionId, c.req.valid("json")), 200))
    .openapi(cancel, async (c) => c.json(await cancelSession(deps, actorOf(c), area, c.req.valid("param").sessionId, c.req.valid("json")), 200));
}

const policyReadRoute = defineOperation(needs("admin:settings:read"), {
  method: "get",
  path: "/admin/session-policy",
  tags: ["Sessions"],
  summary: "The workspace's session policies (late-cancellation notice, reminder lead time, summary review, recording retention)",
  responses: {
    200: {
      description: "The policies (defaults: 24-hour notice, reminders 24 hours ahead, no review, recordings kept).",
      content: jsonContent(sessionSettingsSchema),
    },
    ...errorResponses,
  },
});

const policyUpdateRoute = defineOperation(needs("admin:settings:write"), {
  method: "put",
  path: "/admin/session-policy",
  tags: ["Sessions"],
  summary: "Change one or more session policies (audited)",
  request: { body: { required: true, content: jsonContent(sessionSettingsUpdateSchema) } },
  responses: { 200: { description: "Saved.", content: jsonContent(sessionSettingsSchema) }, ...errorResponses },
});

export function sessionRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>()
    .route("/", readRoutes(deps, "admin"))
    .route("/", writeRoutes(deps, "admin"))
    .route("/", readRoutes(deps, "tutor"))
    .route("/", writeRoutes(deps, "tutor"))
    .route("/", readRoutes(deps, "parent"))
    .route("/", readRoutes(deps, "student"))
    .route("/", cancellationRoutes(deps))
    .openapi(policyReadRoute, async (c) => c.json(await viewSettings(deps.db, actorOf(c), "sessions"), 200))
    .openapi(policyUpdateRoute, async (c) => c.json(await changeSettings(deps.db, actorOf(c), "sessions", c.req.valid("json"), deps.clock.now()), 200));
}
