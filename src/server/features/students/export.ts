/**
 * A family's download of everything held about their child: one zip with student.json (the
 * record, guardians, assignments, sessions with the child's part of each report and the shared
 * summaries, and the whole access log) and the same as CSV files for spreadsheets. The download is audited (STUDENT_EXPORTED) before the log is read, so the
 * archive shows its own download too.
 */
import { strToU8, zipSync } from "fflate";
import type { AccessLogEntry, StudentDetail } from "../../../shared/schemas/students.ts";
import type { Database } from "../../db/client.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { type SessionHistoryEntry, sessionHistoryOf } from "../session-reports/history.ts";
import { fullAccessLog } from "./access-log.ts";
import { type Actor, actorLabel, auditStudent } from "./audit.ts";
import { type Relationship, withVisibleContacts } from "./policy.ts";
import { detailOf, requireVisibleStudent } from "./service.ts";

type Cell = string | number | boolean | null | undefined;

/**
 * One CSV cell (RFC 4180 quoting). A cell a spreadsheet would run as a formula (starting with
 * = + - @ or a tab or carriage return) is prefixed with an apostrophe: the export must not
 * become a way to run code on the family's computer.
 */
function csvCell(value: Cell): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csv(header: string[], rows: Cell[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

export function exportFiles(detail: StudentDetail, sessions: SessionHistoryEntry[], accessLog: AccessLogEntry[], exportedAt: Date): Record<string, string> {
  const json = { exportedAt: exportedAt.toISOString(), student: detail, sessions, accessLog };
  return {
    "student.json": JSON.stringify(json, null, 2) + "\n",
    "student.csv": csv(
      ["id", "name", "preferredName", "grade", "school", "subjects", "goals", "notes", "status", "loginName", "loginEmail", "createdAt", "updatedAt", "erasedAt"],
      [[detail.id, detail.name, detail.preferredName, detail.grade, detail.school, detail.subjects.join("; "), detail.goals, detail.notes, detail.status, detail.login?.name, detail.login?.email, detail.createdAt, detail.updatedAt, detail.erasedAt]],
    ),
    "guardians.csv": csv(["memberId", "name", "email"], detail.guardians.map((guardian) => [guardian.memberId, guardian.name, guardian.email])),
    "assignments.csv": csv(
      ["id", "tutorName", "subject", "rateOverrideMinor", "startsOn", "endsOn", "current"],
      detail.assignments.map((item) => [item.id, item.tutorName, item.subject, item.rateOverrideMinor, item.startsOn, item.endsOn, item.current]),
    ),
    "sessions.csv": csv(
      ["sessionId", "subject", "tutorName", "startsAt", "endsAt", "timeZone", "status", "attendance", "previousHomework", "understanding", "engagement", "scorePercent", "topics", "homeworkSet", "summary", "summarySharedAt"],
      sessions.map((item) => [item.sessionId, item.subject, item.tutorName, item.startsAt, item.endsAt, item.timeZone, item.status, item.attendance, item.previousHomework, item.understanding, item.engagement, item.scorePercent, item.topics, item.homeworkSet, item.summary, item.summarySharedAt]),
    ),
    "access-log.csv": csv(["at", "actorName", "actorRole", "action", "description"], accessLog.map((entry) => [entry.at, entry.actorName, entry.actorRole, entry.action, entry.description])),
  };
}

/** The archive's bytes and a file name that carries no personal data. */
export async function exportStudent(db: Database, actor: Actor, relationship: Relationship, studentId: string): Promise<{ zip: Uint8Array; fileName: string }> {
  const organizationId = actor.viewer.organizationId!;
  const exportedAt = new Date();
  const files = await withWorkspace(db, organizationId, async (tx) => {
    await requireVisibleStudent(tx, actor, relationship, studentId);
    await auditStudent(tx, actor, { action: "STUDENT_EXPORTED", studentId, description: `${actorLabel(actor, relationship)} downloaded the record's data` });
    const detail = withVisibleContacts(await detailOf(tx, organizationId, studentId), actor.viewer, relationship);
    return exportFiles(detail, await sessionHistoryOf(tx, organizationId, studentId), await fullAccessLog(tx, organizationId, studentId), exportedAt);
  });
  const zip = zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, [strToU8(text), { mtime: exportedAt }]])));
  return { zip, fileName: `glassroom-student-${studentId}-${exportedAt.toISOString().slice(0, 10)}.zip` };
}
