import { OpenAPIHono, z } from "@hono/zod-openapi";
import { and, eq } from "drizzle-orm";
import {
  createWorkspaceRequestSchema,
  joinWorkspaceRequestSchema,
  memberCountsSchema,
  workspaceSettingsSchema,
  workspaceSettingsUpdateSchema,
} from "../../../shared/schemas/workspace.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { member, session } from "../../db/schema.ts";
import { invalidField } from "../../lib/app-error.ts";
import { defineOperation, errorResponses, jsonContent, needs, SIGNED_IN } from "../../lib/operation.ts";
import { rateLimit } from "../../middleware/rate-limit.ts";
import { actorOf, writeAudit } from "../../core/audit.ts";
import {
  addPendingMember,
  countMembers,
  createWorkspaceWithAdmin,
  findJoinableWorkspace,
  getWorkspaceSettings,
  regenerateJoinCode,
  changeWorkspaceSettings,
} from "./service.ts";

const onboardingResult = z.object({ next: z.enum(["dashboard", "approval"]) });

const createRoute = defineOperation(SIGNED_IN, {
  method: "post",
  path: "/workspaces",
  tags: ["Workspaces"],
  summary: "Start a new workspace as its admin; it becomes the active workspace",
  request: { body: { required: true, content: jsonContent(createWorkspaceRequestSchema) } },
  responses: { 201: { description: "Workspace created.", content: jsonContent(onboardingResult) }, ...errorResponses },
});

const joinRoute = defineOperation(SIGNED_IN, {
  method: "post",
  path: "/workspaces/join",
  tags: ["Workspaces"],
  summary: "Ask to join another workspace with its join code (pending until an admin approves)",
  request: { body: { required: true, content: jsonContent(joinWorkspaceRequestSchema) } },
  responses: {
    201: { description: "Request recorded.", content: jsonContent(onboardingResult) },
    ...errorResponses,
    429: { description: "Too many tries from this address or this account; Retry-After says when to try again." },
  },
});

const dashboardRoute = defineOperation(needs("admin:read"), {
  method: "get",
  path: "/admin/dashboard",
  tags: ["Workspaces"],
  summary: "Members of the active workspace by role, and pending approvals",
  responses: { 200: { description: "Counts.", content: jsonContent(memberCountsSchema) }, ...errorResponses },
});

const settingsRoute = defineOperation(needs("admin:settings:read"), {
  method: "get",
  path: "/admin/workspace",
  tags: ["Workspaces"],
  summary: "The active workspace's settings",
  responses: { 200: { description: "Settings.", content: jsonContent(workspaceSettingsSchema) }, ...errorResponses },
});

const updateSettingsRoute = defineOperation(needs("admin:settings:write"), {
  method: "patch",
  path: "/admin/workspace",
  tags: ["Workspaces"],
  summary: "Change the active workspace's name, time zone, currency or joining",
  request: { body: { required: true, content: jsonContent(workspaceSettingsUpdateSchema) } },
  responses: { 200: { description: "Settings after the change.", content: jsonContent(workspaceSettingsSchema) }, ...errorResponses },
});

const regenerateRoute = defineOperation(needs("admin:settings:write"), {
  method: "post",
  path: "/admin/workspace/join-code",
  tags: ["Workspaces"],
  summary: "Replace the join code (the old one stops working)",
  responses: { 200: { description: "Settings with the new code.", content: jsonContent(workspaceSettingsSchema) }, ...errorResponses },
});

export function workspaceRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  // Join codes are short: guessing them is limited as on sign-up with a code, per address and per account.
  app.use(
    "/workspaces/join",
    rateLimit(deps.db, "join", { max: 10, windowSeconds: 600 }, deps.config.rateLimitMultiplier, { accountOf: (c) => c.var.viewer?.user.id }),
  );
  return app
    .openapi(createRoute, async (c) => {
      const viewer = c.var.viewer!;
      if (!deps.config.allowWorkspaceSignup) {
        throw invalidField("workspaceName", "Starting a new workspace is turned off on this server. Ask your tutoring business for a join code.");
      }
      const { workspaceName } = c.req.valid("json");
      await deps.db.transaction(async (tx) => {
        const { organizationId } = await createWorkspaceWithAdmin(tx, { name: workspaceName, userId: viewer.user.id }, deps.clock.now());
        await tx.update(session).set({ activeOrganizationId: organizationId }).where(eq(session.id, viewer.session.id));
        await writeAudit(tx, {
          organizationId,
          userId: viewer.user.id,
          actorRole: "admin",
          action: "WORKSPACE_CREATED",
          description: `${viewer.user.name} started the workspace ${workspaceName}`,
          ipAddress: c.var.clientIp,
        });
      });
      return c.json({ next: "dashboard" as const }, 201);
    })
    .openapi(joinRoute, async (c) => {
      const viewer = c.var.viewer!;
      const workspace = await findJoinableWorkspace(deps.db, c.req.valid("json").joinCode);
      await deps.db.transaction(async (tx) => {
        await addPendingMember(tx, { organizationId: workspace.id, userId: viewer.user.id }, deps.clock.now());
        await writeAudit(tx, {
          organizationId: workspace.id,
          userId: viewer.user.id,
          actorRole: "pending",
          action: "JOIN_REQUESTED",
          description: `${viewer.user.name} (${viewer.user.email}) asked to join with the join code`,
          ipAddress: c.var.clientIp,
        });
      });
      // Someone with no active workspace holds no session while pending (decision 003);
      // a member of other workspaces stays signed in there.
      const [active] = await deps.db
        .select({ id: member.id })
        .from(member)
        .where(and(eq(member.userId, viewer.user.id), eq(member.status, "active")))
        .limit(1);
      if (!active) await deps.auth.api.signOut({ headers: c.req.raw.headers });
      return c.json({ next: "approval" as const }, 201);
    })
    .openapi(dashboardRoute, async (c) => c.json(await countMembers(deps.db, c.var.member.organizationId, deps.clock.now()), 200))
    .openapi(settingsRoute, async (c) => c.json(await getWorkspaceSettings(deps.db, c.var.member.organizationId), 200))
    .openapi(updateSettingsRoute, async (c) => c.json(await changeWorkspaceSettings(deps.db, actorOf(c), c.req.valid("json")), 200))
    .openapi(regenerateRoute, async (c) => c.json(await regenerateJoinCode(deps.db, actorOf(c)), 200));
}
