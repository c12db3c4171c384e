import { OpenAPIHono, z } from "@hono/zod-openapi";
import { actorOf } from "../../core/audit.ts";
import { assignmentSchema } from "../../../shared/schemas/students.ts";
import { assignmentCreateSchema, assignmentUpdateSchema } from "../../../shared/schemas/tutors.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { createAssignment, endAssignment, updateAssignment } from "./service.ts";

/** Any id is accepted here: one that is not an assignment's answers 404 (see isRecordId). */
const assignmentParams = z.object({ assignmentId: z.string().min(1).max(100) });
const notFoundResponse = { 404: { description: "No such assignment in this workspace." } };

const createRoute = defineOperation(needs("admin:students:write"), {
  method: "post",
  path: "/admin/assignments",
  tags: ["Assignments"],
  summary: "Assign a tutor to a student for a subject",
  request: { body: { required: true, content: jsonContent(assignmentCreateSchema) } },
  responses: {
    201: { description: "Created and audited on the student's record.", content: jsonContent(assignmentSchema) },
    409: { description: "The same tutor already teaches the student this subject over some of these dates." },
    ...errorResponses,
  },
});

const updateRoute = defineOperation(needs("admin:students:write"), {
  method: "patch",
  path: "/admin/assignments/{assignmentId}",
  tags: ["Assignments"],
  summary: "Change an assignment's subject, charge rate, pay rate or dates",
  request: { params: assignmentParams, body: { required: true, content: jsonContent(assignmentUpdateSchema) } },
  responses: {
    200: { description: "The changed assignment.", content: jsonContent(assignmentSchema) },
    ...notFoundResponse,
    409: { description: "Overlaps another assignment." },
    ...errorResponses,
  },
});

const endRoute = defineOperation(needs("admin:students:write"), {
  method: "delete",
  path: "/admin/assignments/{assignmentId}",
  tags: ["Assignments"],
  summary: "End an assignment now (kept as history if it already ran; removed if it had not started)",
  request: { params: assignmentParams },
  responses: {
    200: { description: "Ended.", content: jsonContent(z.object({ ok: z.literal(true) })) },
    ...notFoundResponse,
    409: { description: "It already ended." },
    ...errorResponses,
  },
});

export function assignmentRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>()
    .openapi(createRoute, async (c) => c.json(await createAssignment(deps.db, actorOf(c), c.req.valid("json"), deps.clock.now()), 201))
    .openapi(updateRoute, async (c) =>
      c.json(await updateAssignment(deps.db, actorOf(c), c.req.valid("param").assignmentId, c.req.valid("json"), deps.clock.now()), 200),
    )
    .openapi(endRoute, async (c) => {
      await endAssignment(deps.db, actorOf(c), c.req.valid("param").assignmentId, deps.clock.now());
      return c.json({ ok: true as const }, 200);
    });
}
