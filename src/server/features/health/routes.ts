import { randomUUID } from "node:crypto";
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
  return async () =>
    (await probeDatabase())
      ? { status: 200, body: { status: "ok", version: APP_VERSION, database: "ok" } }
      : { status: 503, body: { status: "degraded", version: APP_VERSION, database: "unavailable" } };
}

/**
 * GET /api/health as the app answers it, ahead of every middleware: a load balancer's or a
 * monitor's probe needs no session, logger or compression (only an X-Request-Id, as every
 * answer has), and is not access-logged (probes every few seconds would drown the log; a failing database is logged
 * where it fails). Its answer carries the same security headers as every other answer, in one
 * plain object that the Node adapter writes as it is.
 */
export function healthFastPath(check: () => Promise<HealthAnswer>, securityHeaders: () => Readonly<Record<string, string>>) {
  return async () => {
    const answer = await check();
    const text = JSON.stringify(answer.body);
    return new Response(text, {
      status: answer.status,
      headers: { ...securityHeaders(), "x-request-id": randomUUID(), "content-type": "application/json", "content-length": String(Buffer.byteLength(text)) },
    });
  };
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
