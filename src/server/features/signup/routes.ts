import { requestLogger } from "../../middleware/request-context.ts";
import { OpenAPIHono } from "@hono/zod-openapi";
import { signupRequestSchema, signupResponseSchema } from "../../../shared/schemas/auth.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { defineOperation, errorResponses, PUBLIC } from "../../lib/operation.ts";
import { rateLimit } from "../../middleware/rate-limit.ts";
import { signUp } from "./service.ts";

const signupRoute = defineOperation(PUBLIC, {
  method: "post",
  path: "/signup",
  tags: ["Accounts"],
  summary: "Create an account: start a workspace, ask to join one with a join code, or join with an invitation link",
  request: { body: { required: true, content: { "application/json": { schema: signupRequestSchema } } } },
  responses: {
    201: { description: "Account created; a confirmation link was mailed.", content: { "application/json": { schema: signupResponseSchema } } },
    422: errorResponses[422],
    429: { description: "Too many sign-ups from this address." },
  },
});

export function signupRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  app.use("/signup", rateLimit(deps.db, "signup", { max: 10, windowSeconds: 600 }, deps.config.rateLimitMultiplier));
  return app.openapi(signupRoute, async (c) => {
    const result = await signUp(deps, c.req.valid("json"), { headers: c.req.raw.headers, clientIp: c.var.clientIp, logger: requestLogger(c) });
    return c.json(result, 201);
  });
}
