/**
 * A family's download of everything held about their child: one zip with student.json (the
 * record, guardians, assignments, sessions with the child's part of each report and the shared
 * summaries, and the whole access log) and the same as CSV files for spreadsheets. The download is audited (STUDENT_EXPORTED) before the log is read, so the
 * archive shows its own download too.
 */
import { strToU8, zipSync } from "fflate";
import type { AccessLogEntry, StudentDetail } from "../../../shared/schemas/students.ts";
import type { Database } from "../../db/client.ts";
import { type CsvCell, csvNumber, csvRow } from "../../core/csv.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { workspaceTimeZone } from "../audit/index.ts";
import { type SessionHistoryEntry, sessionHistoryOf } from "../session-reports/index.ts";
import { fullAccessLog } from "./access-log.ts";
import { type Actor, actorLabel, auditStudent } from "../../core/audit.ts";
import { withVisibleContacts } from "./policy.ts";
import { detailOf, requireVisibleStudent } from "./service.ts";
import { asciiSlug } from "../../lib/content-disposition.ts";
import type { Area } from "../../../shared/roles.ts";

type Cell = string | number | boolean | null | undefined;

/** RFC 4180 with formulas neutralised (core/csv.ts): the export must not become a way to run code on the family's computer. */
function csv(header: string[], rows: Cell[][]): string {
  const cell = (value: Cell): CsvCell => (typeof value === "number" ? csvNumber(value) : typeof value === "boolean" ? String(value) : value);
  return [header, ...rows].map((row) => csvRow(row.map(cell))).join("");
}

export function exportFiles(detail: StudentDetail, sessions: SessionHistoryEntry[], accessLog: AccessLogEntry[], exportedAt: Date): Record<string, string> {
  const json = { exportedAt: exportedAt.toISOString(), student: detail, sessions, accessLog };
  return {
    "student.json": JSON.stringify(json, null, 2) + "\n",
    "student.csv": csv(
      [
        "id",
        "name",
        "preferredName",
        "grade",
        "school",
        "subjects",
        "goals",
        "notes",
        "status",
        "loginName",
        "loginEmail",
        "createdAt",
        "updatedAt",
        "erasedAt",
      ],
      [
        [
          detail.id,
          detail.name,
          detail.preferredName,
          detail.grade,
          detail.school,
          detail.subjects.join("; "),
          detail.goals,
          detail.notes,
          detail.status,
          detail.login?.name,
          detail.login?.email,
          detail.createdAt,
          detail.updatedAt,
          detail.erasedAt,
        ],
      ],
    ),
    "guardians.csv": csv(
      ["memberId", "name", "email"],
      detail.guardians.map((guardian) => [guardian.memberId, guardian.name, guardian.email]),
    ),
    "assignments.csv": csv(
      ["id", "tutorName", "subject", "rateOverrideMinor", "startsOn", "endsOn", "current"],
      detail.assignments.map((item) => [item.id, item.tutorName, item.subject, item.rateOverrideMinor, item.startsOn, item.endsOn, item.current]),
    ),
    "sessions.csv": csv(
      [
        "sessionId",
        "subject",
        "tutorName",
        "startsAt",
        "endsAt",
        "timeZone",
        "status",
        "attendance",
        "previousHomework",
        "understanding",
        "engagement",
        "scorePercent",
        "topics",
        "homeworkSet",
        "summary",
        "summarySharedAt",
      ],
      sessions.map((item) => [
        item.sessionId,
        item.subject,
        item.tutorName,
        item.startsAt,
        item.endsAt,
        item.timeZone,
        item.status,
        item.attendance,
        item.previousHomework,
        item.understanding,
        item.engagement,
        item.scorePercent,
        item.topics,
        item.homeworkSet,
        item.summary,
        item.summarySharedAt,
      ]),
    ),
    "access-log.csv": csv(
      ["at", "actorName", "actorRole", "action", "description"],
      accessLog.map((entry) => [entry.at, entry.actorName, entry.actorRole, entry.action, entry.description]),
    ),
  };
}

/** "Zoë Ørsted" → "zoë-ørsted": letters and digits of any script, for the UTF-8 file name. */
function unicodeSlug(name: string): string {
  return [
    ...name
      .normalize("NFC")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, "-")
      .replace(/^-+|-+$/g, ""),
  ]
    .slice(0, 60)
    .join("")
    .replace(/-+$/, "");
}

/** The day as YYYY-MM-DD in the workspace's zone (UTC if that zone is unusable). */
function dayIn(date: Date, timeZone: string): string {
  const format = (zone: string) => new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
  try {
    return format(timeZone);
  } catch {
    return format("UTC");
  }
}

/**
 * The download's Content-Disposition, named after the child and the day (in the workspace's
 * zone): glassroom-ada-lovelace-2026-11-25.zip, with the name in UTF-8 too (RFC 6266 / 8187)
 * where it has letters outside ASCII.
 */
export function exportDisposition(studentName: string, exportedAt: Date, timeZone: string): { fileName: string; disposition: string } {
  const day = dayIn(exportedAt, timeZone);
  const fileName = `glassroom-${asciiSlug(studentName) || "student"}-${day}.zip`;
  const unicodeName = `glassroom-${unicodeSlug(studentName) || "student"}-${day}.zip`;
  if (unicodeName === fileName) return { fileName, disposition: `attachment; filename="${fileName}"` };
  const encoded = encodeURIComponent(unicodeName).replace(/['()*!]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return { fileName, disposition: `attachment; filename="${fileName}"; filename*=UTF-8''${encoded}` };
}

/** The archive's bytes and its Content-Disposition (see exportDisposition). */
export async function exportStudent(
  db: Database,
  actor: Actor,
  area: Area,
  studentId: string,
  now: Date,
): Promise<{ zip: Uint8Array; fileName: string; disposition: string }> {
  const organizationId = actor.viewer.organizationId;
  const exportedAt = now;
  const { files, name, timeZone } = await withWorkspace(db, organizationId, async (tx) => {
    await requireVisibleStudent(tx, actor, area, studentId, now);
    await auditStudent(tx, actor, { action: "STUDENT_EXPORTED", studentId, description: `${actorLabel(actor, area)} downloaded the record's data` });
    const detail = withVisibleContacts(await detailOf(tx, organizationId, studentId, now), actor.viewer, area);
    const files = exportFiles(detail, await sessionHistoryOf(tx, organizationId, studentId), await fullAccessLog(tx, organizationId, studentId), exportedAt);
    return { files, name: detail.name, timeZone: await workspaceTimeZone(tx, organizationId) };
  });
  const zip = zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, [strToU8(text), { mtime: exportedAt }]])));
  return { zip, ...exportDisposition(name, exportedAt, timeZone) };
}
