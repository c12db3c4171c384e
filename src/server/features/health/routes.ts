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

export function healthRoutes(deps: AppDeps) {
  const probeDatabase = keptWhileHealthy(
    () => pingDatabase(deps.db),
    () => performance.now(),
  );
  return new OpenAPIHono<AppEnv>()
    .openapi(healthRoute, async (c) => {
      const ok = await probeDatabase();
      return ok
        ? c.json({ status: "ok" as const, version: APP_VERSION, database: "ok" as const }, 200)
        : c.json({ status: "degraded" as const, version: APP_VERSION, database: "unavailable" as const }, 503);
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
