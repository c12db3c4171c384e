import { OpenAPIHono, z } from "@hono/zod-openapi";
import { actorOf } from "../../core/audit.ts";
import {
  accessLogSchema,
  eraseStudentSchema,
  linkGuardianSchema,
  studentCreateSchema,
  studentDetailSchema,
  studentListQuerySchema,
  studentPageSchema,
  studentUpdateSchema,
} from "../../../shared/schemas/students.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { accessLogQuerySchema, readAccessLog } from "./access-log.ts";
import { eraseStudent } from "./erase.ts";
import { linkGuardian, unlinkGuardian } from "./guardians.ts";
import { createStudent, listStudents, updateStudent, viewStudent } from "./service.ts";

/** Any id is accepted here: one that is not a student's answers 404 (see isRecordId). */
export const studentParams = z.object({ studentId: z.string().min(1).max(100) });
const guardianParams = studentParams.extend({ memberId: z.string().min(1).max(64) });
const notFoundResponse = { 404: { description: "No such student in this workspace." } };
const detail = (description: string) => ({ description, content: jsonContent(studentDetailSchema) });

const listRoute = defineOperation(needs("admin:students:read"), {
  method: "get",
  path: "/admin/students",
  tags: ["Students"],
  summary: "Students of the workspace: search by name, filter by status, a page at a time",
  request: { query: studentListQuerySchema },
  responses: { 200: { description: "One page, ordered by name.", content: jsonContent(studentPageSchema) }, ...errorResponses },
});

const createRoute = defineOperation(needs("admin:students:write"), {
  method: "post",
  path: "/admin/students",
  tags: ["Students"],
  summary: "Create a student record",
  request: { body: { required: true, content: jsonContent(studentCreateSchema) } },
  responses: { 201: detail("Created and audited."), ...errorResponses },
});

const readRoute = defineOperation(needs("admin:students:read"), {
  method: "get",
  path: "/admin/students/{studentId}",
  tags: ["Students"],
  summary: "A student record (the read is audited)",
  request: { params: studentParams },
  responses: { 200: detail("The record."), ...notFoundResponse, ...errorResponses },
});

const updateRoute = defineOperation(needs("admin:students:write"), {
  method: "patch",
  path: "/admin/students/{studentId}",
  tags: ["Students"],
  summary: "Change a student record; pause (status paused) or archive (status former) it",
  request: { params: studentParams, body: { required: true, content: jsonContent(studentUpdateSchema) } },
  responses: { 200: detail("The changed record."), ...notFoundResponse, 409: { description: "The record was erased." }, ...errorResponses },
});

const linkRoute = defineOperation(needs("admin:students:write"), {
  method: "post",
  path: "/admin/students/{studentId}/guardians",
  tags: ["Students"],
  summary: "Link a parent member of the workspace as a guardian",
  request: { params: studentParams, body: { required: true, content: jsonContent(linkGuardianSchema) } },
  responses: {
    200: detail("The record with the new guardian."),
    ...notFoundResponse,
    409: { description: "Already a guardian, or the record was erased." },
    ...errorResponses,
  },
});

const unlinkRoute = defineOperation(needs("admin:students:write"), {
  method: "delete",
  path: "/admin/students/{studentId}/guardians/{memberId}",
  tags: ["Students"],
  summary: "Unlink a guardian",
  request: { params: guardianParams },
  responses: {
    200: detail("The record without that guardian."),
    404: { description: "No such student, or that member is not its guardian." },
    ...errorResponses,
  },
});

const eraseRoute = defineOperation(needs("admin:students:write"), {
  method: "post",
  path: "/admin/students/{studentId}/erase",
  tags: ["Students"],
  summary: "Erase a student's personal data on request (anonymise the record, unlink and inform guardians and login)",
  request: { params: studentParams, body: { required: true, content: jsonContent(eraseStudentSchema) } },
  responses: { 200: detail("The anonymised record."), ...notFoundResponse, 409: { description: "Already erased." }, ...errorResponses },
});

const accessLogRoute = defineOperation(needs("admin:students:read"), {
  method: "get",
  path: "/admin/students/{studentId}/access-log",
  tags: ["Students"],
  summary: "Who read or changed the record, newest first",
  request: { params: studentParams, query: accessLogQuerySchema },
  responses: {
    200: { description: "One page of entries and the next page's cursor.", content: jsonContent(accessLogSchema) },
    ...notFoundResponse,
    ...errorResponses,
  },
});

export function adminStudentRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>()
    .openapi(listRoute, async (c) => c.json(await listStudents(deps.db, actorOf(c), c.req.valid("query"), deps.clock.now()), 200))
    .openapi(createRoute, async (c) => c.json(await createStudent(deps.db, actorOf(c), c.req.valid("json"), deps.clock.now()), 201))
    .openapi(readRoute, async (c) => c.json(await viewStudent(deps.db, actorOf(c), "admin", c.req.valid("param").studentId, deps.clock.now()), 200))
    .openapi(updateRoute, async (c) =>
      c.json(await updateStudent(deps.db, actorOf(c), c.req.valid("param").studentId, c.req.valid("json"), deps.clock.now()), 200),
    )
    .openapi(linkRoute, async (c) =>
      c.json(await linkGuardian(deps.db, actorOf(c), c.req.valid("param").studentId, c.req.valid("json").memberId, deps.clock.now()), 200),
    )
    .openapi(unlinkRoute, async (c) => {
      const { studentId, memberId } = c.req.valid("param");
      return c.json(await unlinkGuardian(deps.db, actorOf(c), studentId, memberId, deps.clock.now()), 200);
    })
    .openapi(eraseRoute, async (c) => c.json(await eraseStudent(deps, actorOf(c), c.req.valid("param").studentId, c.req.valid("json").confirmName), 200))
    .openapi(accessLogRoute, async (c) =>
      c.json(await readAccessLog(deps.db, actorOf(c), "admin", c.req.valid("param").studentId, c.req.valid("query"), deps.clock.now()), 200),
    );
}
