/**
 * The scope of a viewer's figures, settled on the server from their area: an admin's is the
 * workspace narrowed by the filters they ask for; a tutor's is their own sessions, earnings and
 * students (narrowed by subject or one of their students); a parent's is one child they are a
 * guardian of; a student's is themself. A child or a record the viewer may not see is answered
 * 404, like one that does not exist.
 */
import { and, eq } from "drizzle-orm";
import type { MemberContext } from "../../core/context.ts";
import { isRecordId } from "../../core/ids.ts";
import { student } from "../../db/schema.ts";
import type { Transaction } from "../../db/tenant.ts";
import { notFound } from "../../lib/app-error.ts";
import { visibleStudents } from "../students/index.ts";
import type { AnalyticsArea, MetricScope } from "./metric.ts";

export interface ScopeRequest {
  tutorId?: string | undefined;
  subject?: string | undefined;
  studentId?: string | undefined;
}

export async function scopeOf(tx: Transaction, viewer: MemberContext, area: AnalyticsArea, request: ScopeRequest, now: Date): Promise<MetricScope> {
  const base = { area, organizationId: viewer.organizationId, subject: request.subject ?? null };
  switch (area) {
    case "admin":
      return { ...base, tutorMemberId: request.tutorId ?? null, studentId: request.studentId ?? null };
    case "tutor":
      return { ...base, tutorMemberId: viewer.membership.id, studentId: request.studentId ?? null };
    case "parent":
      return { ...base, tutorMemberId: null, studentId: await visibleStudentId(tx, viewer, area, request.studentId, now) };
    case "student":
      return { ...base, tutorMemberId: null, studentId: await visibleStudentId(tx, viewer, area, undefined, now) };
  }
}

/** The student record the viewer may see: the one asked for (a parent's child) or their own. */
async function visibleStudentId(tx: Transaction, viewer: MemberContext, area: "parent" | "student", studentId: string | undefined, now: Date) {
  if (studentId !== undefined && !isRecordId(studentId)) throw notFound("The student");
  const [row] = await tx
    .select({ id: student.id })
    .from(student)
    .where(and(visibleStudents(viewer, area, now), studentId ? eq(student.id, studentId) : undefined))
    .limit(1);
  if (!row) throw notFound(area === "parent" ? "The student" : "Your student record");
  return row.id;
}
