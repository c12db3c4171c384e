/**
 * Erasure of a student's personal data on request. The row stays (assignments and history
 * point at it) but is anonymised; guardian links go, pending invitations for the record are
 * revoked, and the student's login is unlinked, all in one transaction with the audit entry.
 * Session data that can name or show the student goes too: their family summaries (written
 * with their name), and for the sessions they attended alone the report's private notes and
 * the recordings (a group's recording stays with the group; the erased row no longer names
 * them). Stored recording files are deleted after the commit, so a failed erasure deletes none.
 * The people who were linked are told by mail, queued in the same transaction.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { StudentDetail } from "../../../shared/schemas/students.ts";
import type { AppDeps } from "../../core/context.ts";
import { notify } from "../../core/notify.ts";
import { familyOf } from "../../core/recipients.ts";
import {
  organization,
  sessionRecording,
  sessionReport,
  sessionStudent,
  sessionSummary,
  student,
  studentGuardian,
  workspaceInvitation,
} from "../../db/schema.ts";
import { type Transaction, withWorkspace } from "../../db/tenant.ts";
import { conflict, invalidField } from "../../lib/app-error.ts";
import { mails } from "../../mail/templates.ts";
import { qualified } from "../../core/sql.ts";
import { type Actor, actorLabel, auditStudent } from "../../core/audit.ts";
import { detailOf, requireVisibleStudent } from "./service.ts";

export const ERASED_NAME = "Erased student";

/** The sessions this student attended with no other student. */
async function soloSessionsOf(tx: Transaction, organizationId: string, studentId: string): Promise<string[]> {
  const rows = await tx
    .select({ sessionId: sessionStudent.sessionId })
    .from(sessionStudent)
    .where(
      and(
        eq(sessionStudent.organizationId, organizationId),
        eq(sessionStudent.studentId, studentId),
        sql`not exists (select 1 from ${sessionStudent} other where other.organization_id = ${qualified("session_student", "organization_id")} and other.session_id = ${qualified("session_student", "session_id")} and other.student_id <> ${studentId})`,
      ),
    );
  return rows.map((row) => row.sessionId);
}

/** Removes the session data that can name or show the student; the stored files' keys, to delete after the commit. */
async function eraseSessionData(tx: Transaction, organizationId: string, studentId: string) {
  const summaries = await tx
    .delete(sessionSummary)
    .where(and(eq(sessionSummary.organizationId, organizationId), eq(sessionSummary.studentId, studentId)))
    .returning({ sessionId: sessionSummary.sessionId });
  const solo = await soloSessionsOf(tx, organizationId, studentId);
  if (solo.length === 0) return { summaries: summaries.length, privateNotes: 0, recordings: [] as string[], storageKeys: [] as string[] };
  const notes = await tx
    .update(sessionReport)
    .set({ privateNotes: "" })
    .where(and(eq(sessionReport.organizationId, organizationId), inArray(sessionReport.sessionId, solo), sql`${sessionReport.privateNotes} <> ''`))
    .returning({ sessionId: sessionReport.sessionId });
  const recordings = await tx
    .delete(sessionRecording)
    .where(and(eq(sessionRecording.organizationId, organizationId), inArray(sessionRecording.sessionId, solo)))
    .returning({ id: sessionRecording.id, storageKey: sessionRecording.storageKey });
  return {
    summaries: summaries.length,
    privateNotes: notes.length,
    recordings: recordings.map((row) => row.id),
    storageKeys: recordings.flatMap((row) => (row.storageKey ? [row.storageKey] : [])),
  };
}

export async function eraseStudent(
  deps: Pick<AppDeps, "db" | "jobs" | "logger" | "recordings" | "clock">,
  actor: Actor,
  studentId: string,
  confirmName: string,
): Promise<StudentDetail> {
  const organizationId = actor.viewer.organizationId;
  const now = deps.clock.now();
  const { detail, storageKeys } = await withWorkspace(deps.db, organizationId, async (tx) => {
    const record = await requireVisibleStudent(tx, actor, "admin", studentId, now, { forUpdate: true });
    if (record.erasedAt) throw conflict("This student's personal data was already erased.");
    if (confirmName !== record.name) throw invalidField("confirmName", "Type the student's name exactly as it appears on the record to confirm the erasure.");

    // Read before the links go: everyone linked to the record is told, whatever their membership now.
    const family = await familyOf(tx, organizationId, [studentId], "everyone linked");
    const [workspaceRow] = await tx.select({ name: organization.name }).from(organization).where(eq(organization.id, organizationId));

    await tx
      .update(student)
      .set({
        name: ERASED_NAME,
        preferredName: null,
        grade: null,
        school: null,
        subjects: [],
        goals: "",
        notes: "",
        status: "former",
        userId: null,
        erasedAt: now,
        updatedAt: now,
      })
      .where(and(eq(student.organizationId, organizationId), eq(student.id, studentId)));
    const unlinked = await tx
      .delete(studentGuardian)
      .where(and(eq(studentGuardian.organizationId, organizationId), eq(studentGuardian.studentId, studentId)))
      .returning({ memberId: studentGuardian.memberId });
    const revoked = await tx
      .update(workspaceInvitation)
      .set({ status: "revoked" })
      .where(
        and(eq(workspaceInvitation.organizationId, organizationId), eq(workspaceInvitation.studentId, studentId), eq(workspaceInvitation.status, "pending")),
      )
      .returning({ id: workspaceInvitation.id });
    const sessionData = await eraseSessionData(tx, organizationId, studentId);
    await auditStudent(tx, actor, {
      action: "STUDENT_ERASED",
      studentId,
      description: `${actorLabel(actor)} erased the record's personal data`,
      metadata: {
        guardiansUnlinked: unlinked.map((row) => row.memberId),
        invitationsRevoked: revoked.length,
        loginUnlinked: Boolean(record.userId),
        summariesDeleted: sessionData.summaries,
        privateNotesCleared: sessionData.privateNotes,
        recordingsDeleted: sessionData.recordings,
      },
    });
    const workspace = workspaceRow?.name ?? "your workspace";
    await notify(
      deps.jobs,
      tx,
      ...family.map((person) => mails.studentErased({ to: person.email, name: person.name, studentName: record.name, workspace, recipient: person.relation })),
    );
    return { detail: await detailOf(tx, organizationId, studentId, now), storageKeys: sessionData.storageKeys };
  });

  // The rows are gone; a file left by a failed delete is unreachable, and logged for the operator.
  for (const key of storageKeys) {
    try {
      await deps.recordings.delete(key);
    } catch (error) {
      deps.logger.warn({ err: error, key }, "an erased student's recording file was not deleted");
    }
  }
  return detail;
}
