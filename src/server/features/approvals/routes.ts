import { OpenAPIHono, z } from "@hono/zod-openapi";
import { approveRequestSchema, pendingMemberSchema, rejectRequestSchema } from "../../../shared/schemas/workspace.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { approveMember, listPendingMembers, rejectMember } from "./service.ts";

const memberParams = z.object({ memberId: z.string().min(1).max(64) });
const done = z.object({ ok: z.literal(true) });

const listRoute = defineOperation(needs("admin:approvals:read"), {
  method: "get",
  path: "/admin/approvals",
  tags: ["Approvals"],
  summary: "Pending registrations of the active workspace",
  responses: {
    200: { description: "Pending members, oldest first.", content: jsonContent(z.object({ items: z.array(pendingMemberSchema) })) },
    ...errorResponses,
  },
});

const approveRoute = defineOperation(needs("admin:approvals:write"), {
  method: "post",
  path: "/admin/approvals/{memberId}/approve",
  tags: ["Approvals"],
  summary: "Approve a pending member with a role",
  request: { params: memberParams, body: { required: true, content: jsonContent(approveRequestSchema) } },
  responses: {
    200: { description: "Approved and mailed.", content: jsonContent(done) },
    404: { description: "No such pending registration in this workspace." },
    ...errorResponses,
  },
});

const rejectRoute = defineOperation(needs("admin:approvals:write"), {
  method: "post",
  path: "/admin/approvals/{memberId}/reject",
  tags: ["Approvals"],
  summary: "Reject a pending member, with an optional reason that is mailed to them",
  request: { params: memberParams, body: { required: true, content: jsonContent(rejectRequestSchema) } },
  responses: {
    200: { description: "Rejected and mailed.", content: jsonContent(done) },
    404: { description: "No such pending registration in this workspace." },
    ...errorResponses,
  },
});

export function approvalRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>()
    .openapi(listRoute, async (c) => c.json({ items: await listPendingMembers(deps.db, c.var.member.organizationId) }, 200))
    .openapi(approveRoute, async (c) => {
      await approveMember(deps, c.var.member, c.req.valid("param").memberId, c.req.valid("json").role, c.var.clientIp);
      return c.json({ ok: true as const }, 200);
    })
    .openapi(rejectRoute, async (c) => {
      await rejectMember(deps, c.var.member, c.req.valid("param").memberId, c.req.valid("json").reason || undefined, c.var.clientIp);
      return c.json({ ok: true as const }, 200);
    });
}
