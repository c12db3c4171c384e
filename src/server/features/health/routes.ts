import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type RequestListener, type ServerOptions, type ServerResponse } from "node:http";
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { APP_VERSION } from "../../../shared/version.ts";
import { publicConfigSchema } from "../../../shared/schemas/me.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { pingDatabase } from "../../db/client.ts";
import { defineOperation, PUBLIC } from "../../lib/operation.ts";
import { keptWhileHealthy } from "./database-probe.ts";

const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string(),
  database: z.enum(["ok", "unavailable"]),
});

const healthRoute = defineOperation(PUBLIC, {
  method: "get",
  path: "/health",
  tags: ["System"],
  summary: "Service health",
  responses: {
    200: { description: "The service and its database are up.", content: { "application/json": { schema: healthSchema } } },
    503: { description: "The database cannot be reached.", content: { "application/json": { schema: healthSchema } } },
  },
});

const configRoute = defineOperation(PUBLIC, {
  method: "get",
  path: "/config",
  tags: ["System"],
  summary: "What the web app needs to know about this server",
  responses: { 200: { description: "Public settings.", content: { "application/json": { schema: publicConfigSchema } } } },
});

/** What a health check answers: its status and body. */
export interface HealthAnswer {
  status: 200 | 503;
  body: z.infer<typeof healthSchema>;
}

/** The health check of one app: its database probe, kept for a second while healthy (database-probe.ts). */
export function healthCheck(deps: Pick<AppDeps, "db">): () => Promise<HealthAnswer> {
  const probeDatabase = keptWhileHealthy(
    () => pingDatabase(deps.db),
    () => performance.now(),
  );
  return async () => ((await probeDatabase()) ? HEALTHY : DATABASE_UNAVAILABLE);
}

const HEALTHY: HealthAnswer = { status: 200, body: { status: "ok", version: APP_VERSION, database: "ok" } };
const DATABASE_UNAVAILABLE: HealthAnswer = { status: 503, body: { status: "degraded", version: APP_VERSION, database: "unavailable" } };

/** The health answer as it is written: its security headers and request id, as every answer has. */
function healthAnswerParts(answer: HealthAnswer, securityHeaders: () => Readonly<Record<string, string>>) {
  const text = JSON.stringify(answer.body);
  const headers = { ...securityHeaders(), "x-request-id": randomUUID(), "content-type": "application/json", "content-length": String(Buffer.byteLength(text)) };
  return { status: answer.status, headers, text };
}

/**
 * GET /api/health as the app answers it, ahead of every middleware: a load balancer's or a
 * monitor's probe needs no session, logger or compression (only an X-Request-Id, as every
 * answer has), and is not access-logged (probes every few seconds would drown the log; a
 * failing database is logged where it fails). Its answer carries the same security headers
 * as every other answer, in one plain object that the Node adapter writes as it is.
 */
export function healthFastPath(check: () => Promise<HealthAnswer>, securityHeaders: () => Readonly<Record<string, string>>) {
  return async () => {
    const { status, headers, text } = healthAnswerParts(await check(), securityHeaders);
    return new Response(text, { status, headers });
  };
}

/**
 * The same answer on the server's own request, before the Hono adapter makes a web Request
 * and Response of it (half of a probe's time): the running server answers GET /api/health
 * here (index.ts), and app.fetch (the tests' way in) by healthFastPath. Whether it answered.
 */
export function healthProbeOnNodeRequest(check: () => Promise<HealthAnswer>, securityHeaders: () => Readonly<Record<string, string>>) {
  return (request: IncomingMessage, response: ServerResponse): boolean => {
    const url = request.url ?? "";
    if (request.method !== "GET" || !(url === "/api/health" || url.startsWith("/api/health?"))) return false;
    void check()
      .catch(() => DATABASE_UNAVAILABLE)
      .then((answer) => {
        const { status, headers, text } = healthAnswerParts(answer, securityHeaders);
        response.writeHead(status, headers).end(text);
      });
    return true;
  };
}

/** node:http's createServer, with a health probe answered before the Hono adapter's listener (healthProbeOnNodeRequest). */
export function answeringHealthProbesFirst(answerHealthProbe: (request: IncomingMessage, response: ServerResponse) => boolean): typeof createServer {
  return ((options: ServerOptions, listener: RequestListener) =>
    createServer(options, (request, response) => {
      if (!answerHealthProbe(request, response)) listener(request, response);
    })) as typeof createServer;
}

/** The documented health route (OpenAPI) and the public config. GET /api/health is answered by healthFastPath first. */
export function healthRoutes(deps: AppDeps, check: () => Promise<HealthAnswer>) {
  return new OpenAPIHono<AppEnv>()
    .openapi(healthRoute, async (c) => {
      const answer = await check();
      return c.json(answer.body, answer.status);
    })
    .openapi(configRoute, (c) =>
      c.json(
        {
          version: APP_VERSION,
          environment: deps.config.nodeEnv,
          googleSignIn: Boolean(deps.config.google),
          workspaceSignup: deps.config.allowWorkspaceSignup,
          devOutbox: deps.mailer.transport === "log" && deps.config.localDevelopment,
          roleSwitching: deps.config.localDevelopment,
        },
        200,
      ),
    );
}
