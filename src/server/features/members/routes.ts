import { OpenAPIHono, z } from "@hono/zod-openapi";
import { authIdField } from "../../../shared/schemas/fields.ts";
import { changeMemberRoleSchema, memberListQuerySchema, memberPageSchema, memberSummarySchema } from "../../../shared/schemas/members.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { changeMemberRole, listMembers, reactivateMember, removeMember, suspendMember } from "./service.ts";

const memberParams = z.object({ memberId: authIdField("Member") });
const done = z.object({ ok: z.literal(true) });
const notFound = { description: "No such member in this workspace." };
const refused = { description: "A pending registration (handled in Approvals), or the last admin of the workspace." };

const listRoute = defineOperation(needs("admin:members:read"), {
  method: "get",
  path: "/admin/members",
  tags: ["Members"],
  summary: "Active and suspended members of the workspace, searchable by name or email, one page at a time",
  request: { query: memberListQuerySchema },
  responses: { 200: { description: "One page of members, by name.", content: jsonContent(memberPageSchema) }, ...errorResponses },
});

const changeRoleRoute = defineOperation(needs("admin:members:write"), {
  method: "patch",
  path: "/admin/members/{memberId}",
  tags: ["Members"],
  summary: "Change a member's role (the last admin cannot be demoted)",
  request: { params: memberParams, body: { required: true, content: jsonContent(changeMemberRoleSchema) } },
  responses: {
    200: { description: "The member after the change.", content: jsonContent(memberSummarySchema) },
    404: notFound,
    409: refused,
    ...errorResponses,
  },
});

const suspendRoute = defineOperation(needs("admin:members:write"), {
  method: "post",
  path: "/admin/members/{memberId}/suspend",
  tags: ["Members"],
  summary: "Suspend a member: their sessions in this workspace end at once",
  request: { params: memberParams },
  responses: { 200: { description: "The suspended member.", content: jsonContent(memberSummarySchema) }, 404: notFound, 409: refused, ...errorResponses },
});

const reactivateRoute = defineOperation(needs("admin:members:write"), {
  method: "post",
  path: "/admin/members/{memberId}/reactivate",
  tags: ["Members"],
  summary: "Give a suspended member their access back",
  request: { params: memberParams },
  responses: { 200: { description: "The active member.", content: jsonContent(memberSummarySchema) }, 404: notFound, 409: refused, ...errorResponses },
});

const removeRoute = defineOperation(needs("admin:members:write"), {
  method: "delete",
  path: "/admin/members/{memberId}",
  tags: ["Members"],
  summary: "Remove a member from the workspace (their links to students go with them)",
  request: { params: memberParams },
  responses: { 200: { description: "Removed.", content: jsonContent(done) }, 404: notFound, 409: refused, ...errorResponses },
});

export function memberRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>()
    .openapi(listRoute, async (c) => c.json(await listMembers(deps.db, c.var.member, c.req.valid("query")), 200))
    .openapi(changeRoleRoute, async (c) =>
      c.json(await changeMemberRole(deps, c.var.member, c.req.valid("param").memberId, c.req.valid("json").role, c.var.clientIp), 200),
    )
    .openapi(suspendRoute, async (c) => c.json(await suspendMember(deps, c.var.member, c.req.valid("param").memberId, c.var.clientIp), 200))
    .openapi(reactivateRoute, async (c) => c.json(await reactivateMember(deps, c.var.member, c.req.valid("param").memberId, c.var.clientIp), 200))
    .openapi(removeRoute, async (c) => {
      await removeMember(deps, c.var.member, c.req.valid("param").memberId, c.var.clientIp);
      return c.json({ ok: true as const }, 200);
    });
}
