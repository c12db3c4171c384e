import { OpenAPIHono, z } from "@hono/zod-openapi";
import { authIdField } from "../../../shared/schemas/fields.ts";
import {
  availabilitySchema,
  tutorDetailSchema,
  tutorListQuerySchema,
  tutorOwnProfileUpdateSchema,
  tutorPageSchema,
  tutorProfileUpdateSchema,
} from "../../../shared/schemas/tutors.ts";
import type { AppDeps, AppEnv, MemberContext } from "../../core/context.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { AppError } from "../../lib/app-error.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { listTutors, tutorDetail } from "./service.ts";
import { replaceAvailability, updateTutorProfile } from "./update.ts";

const memberParams = z.object({ memberId: authIdField("Tutor") });
const notATutor = { 404: { description: "No tutor with this member id in this workspace." } };
const detail = { description: "The tutor's profile.", content: jsonContent(tutorDetailSchema) };

const listRoute = defineOperation(needs("admin:tutors:read"), {
  method: "get",
  path: "/admin/tutors",
  tags: ["Tutors"],
  summary: "Tutors of the active workspace, by name, searchable by name or email",
  request: { query: tutorListQuerySchema },
  responses: { 200: { description: "One page of tutors.", content: jsonContent(tutorPageSchema) }, ...errorResponses },
});

const getRoute = defineOperation(needs("admin:tutors:read"), {
  method: "get",
  path: "/admin/tutors/{memberId}",
  tags: ["Tutors"],
  summary: "A tutor's profile, rates, availability and assignments",
  request: { params: memberParams },
  responses: { 200: detail, ...notATutor, ...errorResponses },
});

const patchRoute = defineOperation(needs("admin:tutors:write"), {
  method: "patch",
  path: "/admin/tutors/{memberId}",
  tags: ["Tutors"],
  summary: "Change a tutor's subjects, bio, time zone, rates or status",
  request: { params: memberParams, body: { required: true, content: jsonContent(tutorProfileUpdateSchema) } },
  responses: { 200: detail, ...notATutor, ...errorResponses },
});

const availabilityRoute = defineOperation(needs("admin:tutors:write"), {
  method: "put",
  path: "/admin/tutors/{memberId}/availability",
  tags: ["Tutors"],
  summary: "Replace a tutor's weekly availability",
  request: { params: memberParams, body: { required: true, content: jsonContent(availabilitySchema) } },
  responses: { 200: detail, ...notATutor, ...errorResponses },
});

const ownProfileRoute = defineOperation(needs("tutor:settings:read"), {
  method: "get",
  path: "/tutor/profile",
  tags: ["Tutors"],
  summary: "The signed-in tutor's own profile",
  responses: { 200: detail, 404: { description: "The membership is not a tutor's." }, ...errorResponses },
});

const ownPatchRoute = defineOperation(needs("tutor:settings:write"), {
  method: "patch",
  path: "/tutor/profile",
  tags: ["Tutors"],
  summary: "Change one's own subjects, bio or time zone (rates and status are the admins')",
  request: { body: { required: true, content: jsonContent(tutorOwnProfileUpdateSchema) } },
  responses: { 200: detail, 404: { description: "The membership is not a tutor's." }, ...errorResponses },
});

const ownAvailabilityRoute = defineOperation(needs("tutor:settings:write"), {
  method: "put",
  path: "/tutor/availability",
  tags: ["Tutors"],
  summary: "Replace one's own weekly availability",
  request: { body: { required: true, content: jsonContent(availabilitySchema) } },
  responses: { 200: detail, 404: { description: "The membership is not a tutor's." }, ...errorResponses },
});

/**
 * The viewer's own member id, when their membership is a tutor's. A role shown by Switch Role
 * is not a membership: an admin viewing the tutor area has no tutor profile of their own.
 */
function ownMemberId(viewer: MemberContext): string {
  if (viewer.membership.role !== "tutor")
    throw new AppError("NOT_FOUND", 404, "You have no tutor profile: your membership in this workspace is not a tutor's.");
  return viewer.membership.id;
}

export function tutorRoutes(deps: AppDeps) {
  const read = (viewer: MemberContext, memberId: string) =>
    withWorkspace(deps.db, viewer.organizationId, (tx) => tutorDetail(tx, viewer.organizationId, memberId, deps.clock.now()));
  return new OpenAPIHono<AppEnv>()
    .openapi(listRoute, async (c) => {
      const organizationId = c.var.member.organizationId;
      return c.json(await withWorkspace(deps.db, organizationId, (tx) => listTutors(tx, organizationId, c.req.valid("query"), deps.clock.now())), 200);
    })
    .openapi(getRoute, async (c) => c.json(await read(c.var.member, c.req.valid("param").memberId), 200))
    .openapi(patchRoute, async (c) => {
      const edit = { viewer: c.var.member, memberId: c.req.valid("param").memberId, ipAddress: c.var.clientIp, own: false };
      return c.json(await updateTutorProfile(deps, edit, c.req.valid("json")), 200);
    })
    .openapi(availabilityRoute, async (c) => {
      const edit = { viewer: c.var.member, memberId: c.req.valid("param").memberId, ipAddress: c.var.clientIp, own: false };
      return c.json(await replaceAvailability(deps, edit, c.req.valid("json")), 200);
    })
    .openapi(ownProfileRoute, async (c) => c.json(await read(c.var.member, ownMemberId(c.var.member)), 200))
    .openapi(ownPatchRoute, async (c) => {
      const edit = { viewer: c.var.member, memberId: ownMemberId(c.var.member), ipAddress: c.var.clientIp, own: true };
      return c.json(await updateTutorProfile(deps, edit, c.req.valid("json")), 200);
    })
    .openapi(ownAvailabilityRoute, async (c) => {
      const edit = { viewer: c.var.member, memberId: ownMemberId(c.var.member), ipAddress: c.var.clientIp, own: true };
      return c.json(await replaceAvailability(deps, edit, c.req.valid("json")), 200);
    });
}
