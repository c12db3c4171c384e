/**
 * The system status: a workspace's (admins, System → Status) and the install's (devops,
 * /platform/system), and sending a failed mail again from either.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { failedMailParams, mailRetriedSchema, systemStatusSchema } from "../../../shared/schemas/system-status.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { defineOperation, DEVOPS, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { unauthenticated } from "../../lib/app-error.ts";
import { retryFailedMail, type StatusActor } from "./retry-mail.ts";
import { readSystemStatus } from "./status.ts";

const TAG = ["System status"];
const status = { description: "The status.", content: jsonContent(systemStatusSchema) };
const retried = { description: "The mail is queued again for one more attempt.", content: jsonContent(mailRetriedSchema) };
const notFailed = { description: "No failed mail of yours has this id (or it was sent again already)." };

const workspaceStatusRoute = defineOperation(needs("admin:system:read"), {
  method: "get",
  path: "/admin/system/status",
  tags: TAG,
  summary: "The workspace's system status: version, database, its mail (failed mails listed), its files' size, the background jobs",
  responses: { 200: status, ...errorResponses },
});
const workspaceRetryRoute = defineOperation(needs("admin:system:write"), {
  method: "post",
  path: "/admin/system/mails/{jobId}/retry",
  tags: TAG,
  summary: "Send again a failed mail of the workspace (one more attempt; audited)",
  request: { params: failedMailParams },
  responses: { 200: retried, 404: notFailed, ...errorResponses },
});
const installStatusRoute = defineOperation(DEVOPS, {
  method: "get",
  path: "/platform/system/status",
  tags: ["Platform"],
  summary: "The install's system status, every workspace's mail and files (devops accounts only)",
  responses: { 200: status, ...errorResponses },
});
const installRetryRoute = defineOperation(DEVOPS, {
  method: "post",
  path: "/platform/system/mails/{jobId}/retry",
  tags: ["Platform"],
  summary: "Send again any failed mail of the install (devops accounts only; audited)",
  request: { params: failedMailParams },
  responses: { 200: retried, 404: notFailed, ...errorResponses },
});

export function systemStatusRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>()
    .openapi(workspaceStatusRoute, async (c) => c.json(await readSystemStatus(deps, { kind: "workspace", organizationId: c.var.member.organizationId }), 200))
    .openapi(workspaceRetryRoute, async (c) => {
      const member = c.var.member;
      const actor: StatusActor = { userId: member.user.id, name: member.user.name, role: member.role, ipAddress: c.var.clientIp };
      return c.json(await retryFailedMail(deps, { kind: "workspace", organizationId: member.organizationId }, actor, c.req.valid("param").jobId), 200);
    })
    .openapi(installStatusRoute, async (c) => c.json(await readSystemStatus(deps, { kind: "install" }), 200))
    .openapi(installRetryRoute, async (c) => {
      const viewer = c.var.viewer;
      if (!viewer) throw unauthenticated();
      const actor: StatusActor = { userId: viewer.user.id, name: viewer.user.name, role: "devops", ipAddress: c.var.clientIp };
      return c.json(await retryFailedMail(deps, { kind: "install" }, actor, c.req.valid("param").jobId), 200);
    });
}
