/** The record as the people around a student see it: parents, tutors, the student. */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { actorOf } from "../../core/audit.ts";
import { accessLogSchema, studentDetailSchema, studentSummarySchema } from "../../../shared/schemas/students.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { accessLogQuerySchema, readAccessLog, readOwnAccessLog } from "./access-log.ts";
import { studentParams } from "./admin-routes.ts";
import { exportStudent } from "./export.ts";
import { listRelatedStudents, viewOwnRecord, viewStudent } from "./service.ts";

const summaries = z.object({ items: z.array(studentSummarySchema) });
const notFoundResponse = { 404: { description: "No such student among the viewer's own." } };
const detail = (description: string) => ({ description, content: jsonContent(studentDetailSchema) });
const accessLog = { description: "One page of entries, newest first, and the next page's cursor.", content: jsonContent(accessLogSchema) };

const parentListRoute = defineOperation(needs("parent:students:read"), {
  method: "get",
  path: "/parent/students",
  tags: ["Students"],
  summary: "The viewer's children (students they are a guardian of)",
  responses: { 200: { description: "Ordered by name.", content: jsonContent(summaries) }, ...errorResponses },
});

const parentReadRoute = defineOperation(needs("parent:students:read"), {
  method: "get",
  path: "/parent/students/{studentId}",
  tags: ["Students"],
  summary: "A child's record (the read is audited)",
  request: { params: studentParams },
  responses: { 200: detail("The record."), ...notFoundResponse, ...errorResponses },
});

const parentAccessLogRoute = defineOperation(needs("parent:students:read"), {
  method: "get",
  path: "/parent/students/{studentId}/access-log",
  tags: ["Students"],
  summary: "Who read or changed the child's record, newest first",
  request: { params: studentParams, query: accessLogQuerySchema },
  responses: { 200: accessLog, ...notFoundResponse, ...errorResponses },
});

const parentExportRoute = defineOperation(needs("parent:students:read"), {
  method: "get",
  path: "/parent/students/{studentId}/export",
  tags: ["Students"],
  summary: "Download everything held about the child: JSON and CSV files in one zip archive",
  request: { params: studentParams },
  responses: {
    200: {
      description: "The archive (student.json, student.csv, guardians.csv, assignments.csv, access-log.csv).",
      content: { "application/zip": { schema: z.string().openapi({ format: "binary" }) } },
    },
    ...notFoundResponse,
    ...errorResponses,
  },
});

const tutorListRoute = defineOperation(needs("tutor:students:read"), {
  method: "get",
  path: "/tutor/students",
  tags: ["Students"],
  summary: "The viewer's students (a not-ended assignment to the viewer)",
  responses: { 200: { description: "Ordered by name.", content: jsonContent(summaries) }, ...errorResponses },
});

const tutorReadRoute = defineOperation(needs("tutor:students:read"), {
  method: "get",
  path: "/tutor/students/{studentId}",
  tags: ["Students"],
  summary: "An assigned student's record (the read is audited)",
  request: { params: studentParams },
  responses: { 200: detail("The record."), ...notFoundResponse, ...errorResponses },
});

const ownRecordRoute = defineOperation(needs("student:read"), {
  method: "get",
  path: "/student/profile",
  tags: ["Students"],
  summary: "The student's own record (the read is audited)",
  responses: { 200: detail("The record."), 404: { description: "No record is linked to the account." }, ...errorResponses },
});

const ownAccessLogRoute = defineOperation(needs("student:read"), {
  method: "get",
  path: "/student/profile/access-log",
  tags: ["Students"],
  summary: "Who read or changed the student's own record, newest first",
  request: { query: accessLogQuerySchema },
  responses: { 200: accessLog, 404: { description: "No record is linked to the account." }, ...errorResponses },
});

export function familyStudentRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>()
    .openapi(parentListRoute, async (c) => c.json({ items: await listRelatedStudents(deps.db, actorOf(c), "parent", deps.clock.now()) }, 200))
    .openapi(parentReadRoute, async (c) => c.json(await viewStudent(deps.db, actorOf(c), "parent", c.req.valid("param").studentId, deps.clock.now()), 200))
    .openapi(parentAccessLogRoute, async (c) =>
      c.json(await readAccessLog(deps.db, actorOf(c), "parent", c.req.valid("param").studentId, c.req.valid("query"), deps.clock.now()), 200),
    )
    .openapi(parentExportRoute, async (c) => {
      const { zip, disposition } = await exportStudent(deps.db, actorOf(c), "parent", c.req.valid("param").studentId, deps.clock.now());
      return c.body(zip as Uint8Array<ArrayBuffer>, 200, {
        "content-type": "application/zip",
        "content-disposition": disposition,
        "cache-control": "no-store",
      });
    })
    .openapi(tutorListRoute, async (c) => c.json({ items: await listRelatedStudents(deps.db, actorOf(c), "tutor", deps.clock.now()) }, 200))
    .openapi(tutorReadRoute, async (c) => c.json(await viewStudent(deps.db, actorOf(c), "tutor", c.req.valid("param").studentId, deps.clock.now()), 200))
    .openapi(ownRecordRoute, async (c) => c.json(await viewOwnRecord(deps.db, actorOf(c), deps.clock.now()), 200))
    .openapi(ownAccessLogRoute, async (c) => c.json(await readOwnAccessLog(deps.db, actorOf(c), c.req.valid("query"), deps.clock.now()), 200));
}
