/**
 * The audit log as CSV (core/csv.ts: RFC 4180, formulas neutralised), with a header row.
 * Streamed page by page: a log of a million entries never sits in memory, each page is its
 * own short withWorkspace transaction (a slow download holds no connection), and the next page
 * is read only when the client has taken the last one.
 */
import { AUDIT_ACTIONS, type AuditAction } from "../../../shared/schemas/audit.ts";
import type { Database } from "../../db/client.ts";
import { csvRow } from "../../core/csv.ts";
import { withWorkspace } from "../../db/tenant.ts";
import type { Logger } from "../../lib/logger.ts";
import { auditRows, type AuditCursor, type AuditFilters, type AuditRowsPage } from "./query.ts";

export const CSV_PAGE_SIZE = 1000;

/** "2026-11-21 14:05:09" in the zone: a time a spreadsheet reads, as the workspace's clocks show it. */
function localTimeFormatter(timeZone: string): (iso: string) => string {
  const format = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
  return (iso) => {
    const parts = Object.fromEntries(format.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
  };
}

export function auditCsvHeader(timeZone: string): string {
  return csvRow([
    "Time (UTC)",
    `Time (${timeZone})`,
    "Actor",
    "Actor role",
    "Action",
    "Action code",
    "Description",
    "Student",
    "Student id",
    "IP address",
    "Entry id",
  ]);
}

export function auditCsvLines(page: AuditRowsPage, timeZone: string): string {
  const local = localTimeFormatter(timeZone);
  return page.items
    .map((entry) =>
      csvRow([
        entry.at,
        local(entry.at),
        entry.actorName,
        entry.actorRole,
        AUDIT_ACTIONS[entry.action as AuditAction] ?? entry.action,
        entry.action,
        entry.description,
        entry.studentName,
        entry.studentId,
        entry.ipAddress,
        entry.id,
      ]),
    )
    .join("");
}

export interface AuditExport {
  organizationId: string;
  timeZone: string;
  filters: AuditFilters;
}

/**
 * The whole export as a byte stream. The first page is read before the answer starts (by the
 * caller, `firstPage`), so that a database that fails at once gets an ordinary error answer;
 * a failure on a later page aborts the download, which the client sees as broken rather
 * than as a complete file.
 */
export function auditCsvStream(db: Database, logger: Logger, job: AuditExport, firstPage: AuditRowsPage): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next: AuditCursor | null = firstPage.next;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      // A byte-order mark first: without it Excel reads UTF-8 names (Zoë, Łukasz) as Latin-1.
      controller.enqueue(encoder.encode(`\uFEFF${auditCsvHeader(job.timeZone)}${auditCsvLines(firstPage, job.timeZone)}`));
      if (!next) controller.close();
    },
    async pull(controller) {
      if (!next) return;
      try {
        const after: AuditCursor = next;
        const page = await withWorkspace(db, job.organizationId, (tx) => auditRows(tx, job.organizationId, job.timeZone, job.filters, after, CSV_PAGE_SIZE));
        controller.enqueue(encoder.encode(auditCsvLines(page, job.timeZone)));
        next = page.next;
        if (!next) controller.close();
      } catch (error) {
        logger.error({ err: error }, "audit log export failed after it started: the download was cut off");
        controller.error(error);
      }
    },
  });
}
