import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { adminStudentRoutes } from "./admin-routes.ts";
import { familyStudentRoutes } from "./family-routes.ts";

/** Student records: the admin area's operations, and the parent, tutor and student areas'. */
export function studentRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>().route("/", adminStudentRoutes(deps)).route("/", familyStudentRoutes(deps));
}
