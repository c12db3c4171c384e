import { OpenAPIHono } from "@hono/zod-openapi";
import { meResponseSchema, roleOverrideRequestSchema, setActiveWorkspaceRequestSchema } from "../../../shared/schemas/me.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { unauthenticated } from "../../lib/app-error.ts";
import { defineOperation, errorResponses, jsonContent, SIGNED_IN } from "../../lib/operation.ts";
import { buildViewer, loadViewer } from "../../middleware/viewer.ts";
import { describeViewer, setActiveWorkspace, setRoleOverride } from "./service.ts";

const meRoute = defineOperation(SIGNED_IN, {
  method: "get",
  path: "/me",
  tags: ["Accounts"],
  summary: "The signed-in user, the active workspace, the role and status, and all workspaces",
  responses: { 200: { description: "The viewer.", content: jsonContent(meResponseSchema) }, 401: errorResponses[401] },
});

const roleOverrideRoute = defineOperation(SIGNED_IN, {
  method: "post",
  path: "/me/role-override",
  tags: ["Accounts"],
  summary: "Switch the displayed role (devops accounts, and everyone on a development server)",
  request: { body: { required: true, content: jsonContent(roleOverrideRequestSchema) } },
  responses: { 200: { description: "The viewer after the switch.", content: jsonContent(meResponseSchema) }, ...errorResponses },
});

const activeWorkspaceRoute = defineOperation(SIGNED_IN, {
  method: "post",
  path: "/me/active-workspace",
  tags: ["Accounts"],
  summary: "Choose the active workspace among the viewer's active memberships",
  request: { body: { required: true, content: jsonContent(setActiveWorkspaceRequestSchema) } },
  responses: { 200: { description: "The viewer in the chosen workspace.", content: jsonContent(meResponseSchema) }, ...errorResponses },
});

export function meRoutes(deps: AppDeps) {
  const reload = async (headers: Headers) => {
    const fresh = await deps.auth.api.getSession({ headers, query: { disableCookieCache: true } });
    if (!fresh) throw unauthenticated();
    return describeViewer(deps.db, await buildViewer(deps, fresh.user, fresh.session));
  };
  const routes = new OpenAPIHono<AppEnv>();
  // Mounted before the app's own session read (app.ts): this one also reads the account's
  // workspaces, which the answer lists, in the same query.
  routes.use("/me", loadViewer(deps, { withWorkspaces: true }));
  routes.use("/me/*", loadViewer(deps));
  return routes
    .openapi(meRoute, async (c) => c.json(await describeViewer(deps.db, c.var.viewer!, c.var.accountWorkspaces), 200))
    .openapi(roleOverrideRoute, async (c) => {
      await setRoleOverride(deps.db, c.var.viewer!, c.req.valid("json").role, c.var.clientIp);
      return c.json(await reload(c.req.raw.headers), 200);
    })
    .openapi(activeWorkspaceRoute, async (c) => {
      await setActiveWorkspace(deps.db, c.var.viewer!, c.req.valid("json").workspaceId);
      return c.json(await reload(c.req.raw.headers), 200);
    });
}
