import { OpenAPIHono, z } from "@hono/zod-openapi";
import { uuidField } from "../../../shared/schemas/fields.ts";
import {
  acceptInvitationResponseSchema,
  invitationCreateSchema,
  invitationListSchema,
  invitationPreviewSchema,
  invitationSchema,
  invitationTokenField,
} from "../../../shared/schemas/members.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { defineOperation, errorResponses, jsonContent, needs, PUBLIC, SIGNED_IN } from "../../lib/operation.ts";
import { acceptInvitation, previewInvitation } from "./accept.ts";
import { createInvitation, listInvitations, resendInvitation, revokeInvitation } from "./service.ts";

const invitationParams = z.object({ invitationId: uuidField("Invitation") });
const tokenParams = z.object({ token: invitationTokenField });
const notFound = { description: "No such invitation in this workspace." };

const listRoute = defineOperation(needs("admin:members:read"), {
  method: "get",
  path: "/admin/invitations",
  tags: ["Invitations"],
  summary: "The workspace's invitations, newest first, with their state (pending, accepted, revoked, expired)",
  responses: { 200: { description: "The invitations.", content: jsonContent(invitationListSchema) }, ...errorResponses },
});

const createRoute = defineOperation(needs("admin:members:write"), {
  method: "post",
  path: "/admin/invitations",
  tags: ["Invitations"],
  summary: "Invite someone by email with a role (and, for a parent or a student, the student record to link); the link is mailed",
  request: { body: { required: true, content: jsonContent(invitationCreateSchema) } },
  responses: { 201: { description: "Invited and mailed.", content: jsonContent(invitationSchema) }, ...errorResponses },
});

const resendRoute = defineOperation(needs("admin:members:write"), {
  method: "post",
  path: "/admin/invitations/{invitationId}/resend",
  tags: ["Invitations"],
  summary: "Mail a new link, valid for 7 days; the previous link stops working",
  request: { params: invitationParams },
  responses: {
    200: { description: "Resent.", content: jsonContent(invitationSchema) },
    404: notFound,
    409: { description: "Already accepted or revoked." },
    ...errorResponses,
  },
});

const revokeRoute = defineOperation(needs("admin:members:write"), {
  method: "post",
  path: "/admin/invitations/{invitationId}/revoke",
  tags: ["Invitations"],
  summary: "Withdraw an invitation: its link stops working",
  request: { params: invitationParams },
  responses: {
    200: { description: "Revoked.", content: jsonContent(invitationSchema) },
    404: notFound,
    409: { description: "Already accepted." },
    ...errorResponses,
  },
});

const previewRoute = defineOperation(PUBLIC, {
  method: "get",
  path: "/invitations/{token}",
  tags: ["Invitations"],
  summary: "What an invitation link offers (workspace, email, role, state), before signing up or signing in",
  request: { params: tokenParams },
  responses: {
    200: { description: "The invitation of this link.", content: jsonContent(invitationPreviewSchema) },
    404: { description: "No invitation has this link." },
    422: errorResponses[422],
  },
});

const acceptRoute = defineOperation(SIGNED_IN, {
  method: "post",
  path: "/invitations/{token}/accept",
  tags: ["Invitations"],
  summary: "Accept an invitation to the signed-in account's email: active membership with the invited role",
  request: { params: tokenParams },
  responses: {
    200: { description: "Accepted; the session's active workspace is the invitation's.", content: jsonContent(acceptInvitationResponseSchema) },
    404: { description: "No invitation has this link." },
    409: { description: "Revoked, accepted, expired, or already a member." },
    ...errorResponses,
  },
});

export function invitationRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>()
    .openapi(listRoute, async (c) => c.json({ items: await listInvitations(deps, c.var.member) }, 200))
    .openapi(createRoute, async (c) => c.json(await createInvitation(deps, c.var.member, c.req.valid("json"), c.var.clientIp), 201))
    .openapi(resendRoute, async (c) => c.json(await resendInvitation(deps, c.var.member, c.req.valid("param").invitationId, c.var.clientIp), 200))
    .openapi(revokeRoute, async (c) => c.json(await revokeInvitation(deps, c.var.member, c.req.valid("param").invitationId, c.var.clientIp), 200))
    .openapi(previewRoute, async (c) => c.json(await previewInvitation(deps.db, c.req.valid("param").token, deps.clock.now()), 200))
    .openapi(acceptRoute, async (c) => c.json(await acceptInvitation(deps, c.var.viewer!, c.req.valid("param").token, c.var.clientIp), 200));
}
