/**
 * README.txt of an export archive: what it holds, when it was made and for whom, how the files
 * are written, and what was left out on purpose (secrets.ts) or could not be found.
 */
import { EXPORT_DOWNLOAD_HOURS } from "../../../shared/schemas/workspace-export.ts";
import { describeInstant } from "./names.ts";
import { EXCLUDED_COLUMNS, EXCLUDED_TABLES, USER_COLUMNS } from "./secrets.ts";

export interface ArchiveFacts {
  workspace: { id: string; name: string; slug: string; timeZone: string };
  exportId: string;
  madeAt: Date;
  requestedBy: { name: string; email: string } | null;
  /** Each table file pair with its rows, by name. */
  tables: { name: string; rows: number }[];
  files: { recordings: number; resources: number };
  /** Paths of files their rows name but storage did not hold. */
  missing: string[];
}

const count = (n: number, what: string) => `${n.toLocaleString("en")} ${what}${n === 1 ? "" : "s"}`;

export function readmeText(facts: ArchiveFacts): string {
  const width = Math.max(...facts.tables.map((table) => table.name.length));
  const lines = [
    "Glassroom workspace export",
    "==========================",
    "",
    `Workspace: ${facts.workspace.name} (${facts.workspace.slug}, id ${facts.workspace.id})`,
    `Made: ${describeInstant(facts.madeAt, facts.workspace.timeZone)}, ${facts.madeAt.toISOString()}`,
    `Asked for by: ${facts.requestedBy ? `${facts.requestedBy.name} <${facts.requestedBy.email}>` : "an admin whose account no longer exists"}`,
    `Export id: ${facts.exportId}`,
    "",
    "What is inside",
    "--------------",
    "",
    "tables/<table>.csv and tables/<table>.json",
    "  Every table of Glassroom's database that holds this workspace's rows, one pair of files per",
    "  table, all read in one consistent snapshot of the database. Nothing of another workspace.",
    "  JSON: an array of objects, one per row, each value as the database holds it (times in",
    "  ISO 8601 with their offset from UTC, amounts of money in minor units such as cents).",
    "  CSV: a header row, then one line per row (RFC 4180: UTF-8 with a byte-order mark, commas,",
    "  CRLF line ends). Lists and nested values are written as JSON text, an empty cell is no",
    "  value. A text cell that starts with = + - or @ has a ' put before it, so that a spreadsheet",
    "  never runs it as a formula: the JSON files have the exact text.",
    "tables/organization.*",
    "  The workspace itself: its name, time zone, currency and other settings.",
    "tables/user.*",
    `  The accounts of the workspace's members: only ${USER_COLUMNS.join(", ")}.`,
    "files/recordings/<session id>/<recording id>-<title>.<extension>",
    "  Every recorded session file kept by Glassroom (recording links are rows of",
    "  tables/session_recording).",
    "files/resources/<resource id>/<version>-<file name>",
    "  Every uploaded version of each file in the library.",
    "",
    "Rows per table",
    "--------------",
    "",
    ...facts.tables.map((table) => `${table.name.padEnd(width)}  ${table.rows.toLocaleString("en")}`),
    "",
    `Files: ${count(facts.files.recordings, "recording")}, ${count(facts.files.resources, "library file")}.`,
    "",
    "Left out on purpose",
    "-------------------",
    "",
    "Credentials are never exported: with them, whoever holds this file could sign in as someone",
    "or act for the workspace.",
    "",
    ...Object.entries(EXCLUDED_TABLES).map(([table, reason]) => `- the table ${table}: ${reason}`),
    ...Object.entries(EXCLUDED_COLUMNS).flatMap(([table, columns]) =>
      Object.entries(columns).map(([column, reason]) => `- the column ${table}.${column}: ${reason}`),
    ),
    `- every column of user but ${USER_COLUMNS.join(", ")}: the rest is about signing in`,
    "",
  ];
  if (facts.missing.length > 0) {
    lines.push(
      "Files not found",
      "---------------",
      "",
      "These files are named by their rows but were missing from storage when the archive was made:",
      "",
      ...facts.missing.map((path) => `- ${path}`),
      "",
    );
  }
  lines.push(`The download link of this archive worked for ${EXPORT_DOWNLOAD_HOURS} hours; Glassroom then deleted its copy.`, "");
  return lines.join("\r\n");
}
