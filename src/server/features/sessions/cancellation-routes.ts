/**
 * Cancellation requests: parents and students ask (POST …/sessions/{id}/cancellation-requests),
 * every area reads the requests on a session it sees (a family its own), and the tutor (their
 * sessions) and admins (every session) list the open ones and accept or decline them.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { actorOf } from "../../core/audit.ts";
import {
  cancellationDeclineSchema,
  cancellationRequestListQuerySchema,
  cancellationRequestListSchema,
  cancellationRequestViewSchema,
} from "../../../shared/schemas/cancellation-requests.ts";
import { cancellationRequestSchema } from "../../../shared/schemas/sessions.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { SESSION_PERMISSIONS } from "./areas.ts";
import { listOpenRequests, listSessionRequests } from "./cancellation-request-reads.ts";
import { acceptRequest, declineRequest } from "./decide-cancellation.ts";
import { requestCancellation } from "./request-cancellation.ts";
import type { Area } from "../../../shared/roles.ts";

const sessionParams = z.object({ sessionId: z.string().min(1).max(100) });
const requestParams = z.object({ requestId: z.string().min(1).max(100) });
const sessionNotFound = { 404: { description: "No such session among the viewer's own." } };
const requestNotFound = { 404: { description: "No such request on the viewer's sessions." } };
const view = (description: string) => ({ description, content: jsonContent(cancellationRequestViewSchema) });

function sessionRequestsRoute(deps: AppDeps, area: Area) {
  const route = defineOperation(needs(SESSION_PERMISSIONS[area].read), {
    method: "get",
    path: `/${area}/sessions/{sessionId}/cancellation-requests`,
    tags: ["Sessions"],
    summary:
      area === "parent" || area === "student"
        ? "The viewer's own cancellation requests on a session, newest first"
        : "Every cancellation request on a session, newest first",
    request: { params: sessionParams, query: cancellationRequestListQuerySchema },
    responses: {
      200: { description: "The requests, with their state and decision.", content: jsonContent(cancellationRequestListSchema) },
      ...sessionNotFound,
      ...errorResponses,
    },
  });
  return new OpenAPIHono<AppEnv>().openapi(route, async (c) =>
    c.json(await listSessionRequests(deps.db, actorOf(c), area, c.req.valid("param").sessionId, c.req.valid("query").timeZone), 200),
  );
}

function askRoute(deps: AppDeps, area: "parent" | "student") {
  const route = defineOperation(needs(SESSION_PERMISSIONS[area].write), {
    method: "post",
    path: `/${area}/sessions/{sessionId}/cancellation-requests`,
    tags: ["Sessions"],
    summary: "Ask the tutor and the admins to cancel a session (audited and mailed; the session stays scheduled until they decide)",
    request: { params: sessionParams, body: { required: true, content: jsonContent(cancellationRequestSchema) } },
    responses: {
      201: view("Requested."),
      ...sessionNotFound,
      409: { description: "The session is not scheduled or is over, or the viewer's earlier request on it is still open." },
      ...errorResponses,
    },
  });
  return new OpenAPIHono<AppEnv>().openapi(route, async (c) =>
    c.json(await requestCancellation(deps, actorOf(c), area, c.req.valid("param").sessionId, c.req.valid("json")), 201),
  );
}

function decideRoutes(deps: AppDeps, area: "admin" | "tutor") {
  const labels = SESSION_PERMISSIONS[area];
  const decided = { 409: { description: "The request is already decided, or (accepting) the session can no longer be cancelled." } };
  const list = defineOperation(needs(labels.read), {
    method: "get",
    path: `/${area}/cancellation-requests`,
    tags: ["Sessions"],
    summary: `Open cancellation requests on ${labels.who}, the soonest session first`,
    request: { query: cancellationRequestListQuerySchema },
    responses: { 200: { description: "The open requests (at most 200).", content: jsonContent(cancellationRequestListSchema) }, ...errorResponses },
  });
  const accept = defineOperation(needs(labels.write), {
    method: "post",
    path: `/${area}/cancellation-requests/{requestId}/accept`,
    tags: ["Sessions"],
    summary: "Accept a cancellation request: the session is cancelled (late inside the workspace's notice period), audited and mailed",
    request: { params: requestParams, query: cancellationRequestListQuerySchema },
    responses: { 200: view("Accepted; the session is cancelled."), ...requestNotFound, ...decided, ...errorResponses },
  });
  const decline = defineOperation(needs(labels.write), {
    method: "post",
    path: `/${area}/cancellation-requests/{requestId}/decline`,
    tags: ["Sessions"],
    summary: "Decline a cancellation request with a reason (audited; the requester is mailed); the session stays scheduled",
    request: { params: requestParams, query: cancellationRequestListQuerySchema, body: { required: true, content: jsonContent(cancellationDeclineSchema) } },
    responses: { 200: view("Declined."), ...requestNotFound, ...decided, ...errorResponses },
  });
  return new OpenAPIHono<AppEnv>()
    .openapi(list, async (c) => c.json(await listOpenRequests(deps.db, actorOf(c), area, c.req.valid("query").timeZone), 200))
    .openapi(accept, async (c) => c.json(await acceptRequest(deps, actorOf(c), area, c.req.valid("param").requestId, c.req.valid("query").timeZone), 200))
    .openapi(decline, async (c) =>
      c.json(await declineRequest(deps, actorOf(c), area, c.req.valid("param").requestId, c.req.valid("json"), c.req.valid("query").timeZone), 200),
    );
}

export function cancellationRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>()
    .route("/", sessionRequestsRoute(deps, "admin"))
    .route("/", sessionRequestsRoute(deps, "tutor"))
    .route("/", sessionRequestsRoute(deps, "parent"))
    .route("/", sessionRequestsRoute(deps, "student"))
    .route("/", askRoute(deps, "parent"))
    .route("/", askRoute(deps, "student"))
    .route("/", decideRoutes(deps, "admin"))
    .route("/", decideRoutes(deps, "tutor"));
}
