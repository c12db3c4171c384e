/**
 * The workspace export in the query-scaling benchmark: a history of exports to list, the two
 * queries of its screen and request, and the export job itself run over the whole generated
 * workspace.
 *
 * Rows: one export per 100 of size N, one every 2 hours going back from the run's date (10 at
 * 1k, 10,000 at 1M: far more than a workspace makes, to see the list stay flat): 1 in 20
 * failed, the others expired with their archive deleted, as the clean-up leaves them.
 *
 * The job: a queued export and the real job (runWorkspaceExport: claim, every table of the
 * workspace as CSV and JSON, the stored files, the archive put in an exports store on local
 * disk, marked ready), with recordings of RECORDING_BYTES on RECORDING_COUNT of the sessions;
 * its time, the archive's size, the rows written and the process's peak memory while it ran.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { Unzip, UnzipInflate } from "fflate";
import { fixedClock } from "../src/server/core/clock.ts";
import type { Database } from "../src/server/db/client.ts";
import { workspaceExport } from "../src/server/db/resources-schema.ts";
import { type Queryable, withWorkspace } from "../src/server/db/tenant.ts";
import type { Config } from "../src/server/env.ts";
import { exportInProgressQuery, recentExportsQuery } from "../src/server/features/workspace-export/exports.ts";
import { runWorkspaceExport } from "../src/server/features/workspace-export/export-job.ts";
import type { JobQueue } from "../src/server/jobs/runner.ts";
import { createLogger } from "../src/server/lib/logger.ts";
import { LocalStorage } from "../src/server/storage/local.ts";

const EXPORT_EVERY = 100;
export const RECORDING_COUNT = 20;
export const RECORDING_BYTES = 10 * 1024 * 1024;

export async function generateExports(db: Database, organizationId: string, now: Date, from: number, to: number): Promise<void> {
  const first = Math.floor((from - 1) / EXPORT_EVERY) + 1;
  const last = Math.floor(to / EXPORT_EVERY);
  if (first > last) return;
  const made = sql.raw(`(timestamptz '${now.toISOString()}' - make_interval(hours => k * 2))`);
  await db.execute(sql`
    insert into workspace_export (organization_id, id, status, requested_by_user_id, storage_key, size_bytes, error, created_at, started_at, finished_at, expires_at)
    select ${organizationId}, md5('bench-export-' || k)::uuid, case when k % 20 = 0 then 'failed' else 'ready' end, 'bench-user-3',
           case when k % 20 = 0 then null else ${organizationId} || '/' || md5('bench-export-' || k) || '.zip' end,
           case when k % 20 = 0 then null else 50000000 + k end,
           case when k % 20 = 0 then 'The export failed: something went wrong while building the archive.' else 'The archive was deleted when its download expired.' end,
           ${made}, ${made} + interval '1 minute', ${made} + interval '4 minutes',
           case when k % 20 = 0 then null else ${made} + interval '4 minutes' + interval '24 hours' end
    from generate_series(${first}::int, ${last}::int) as k`);
}

/** What the query-scaling benchmark times (its KeyQuery). */
interface ExportKeyQuery {
  name: string;
  kind: "list page" | "count";
  source: string;
  index?: string;
  inWorkspace: true;
  run(db: Queryable): Promise<unknown>;
  explain(db: Queryable): { sql: string; params: unknown[] };
}

export function exportKeyQueries(organizationId: string): ExportKeyQuery[] {
  return [
    {
      name: "workspace exports: the recent 20, newest first",
      kind: "list page",
      source: "recentExportsQuery (listExports, GET /admin/system/exports, read every 3 s while one is being made)",
      index: "workspace_export_created_idx",
      inWorkspace: true,
      run: (db) => recentExportsQuery(db, organizationId),
      explain: (db) => recentExportsQuery(db, organizationId).toSQL(),
    },
    {
      name: "workspace exports: one queued or running?",
      kind: "count",
      source: "exportInProgressQuery (requestExport's one-at-a-time check, POST /admin/system/exports)",
      inWorkspace: true,
      run: (db) => exportInProgressQuery(db, organizationId),
      explain: (db) => exportInProgressQuery(db, organizationId).toSQL(),
    },
  ];
}

/** Recorded files on the first sessions (md5('t' || k), as the sessions' generator makes them), in `store`. */
export async function generateRecordings(db: Database, store: LocalStorage, organizationId: string): Promise<void> {
  const bytes = new Uint8Array(RECORDING_BYTES).map((_, index) => (index * 2_654_435_761) >>> 24);
  for (let k = 1; k <= RECORDING_COUNT; k++) {
    const key = `${organizationId}/bench-recording-${k}`;
    await store.put(key, new Blob([bytes]).stream(), { length: bytes.byteLength, maxBytes: bytes.byteLength, contentType: "audio/mpeg" });
    await db.execute(sql`
      insert into session_recording (organization_id, id, session_id, kind, title, storage_key, content_type, size_bytes, created_at)
      values (${organizationId}, md5(${`bench-recording-${k}`})::uuid, md5(${`t${k}`})::uuid, 'file', ${`Lesson ${k}`}, ${key}, 'audio/mpeg', ${bytes.byteLength}, now())`);
  }
}

export interface ExportFigures {
  seconds: number;
  archiveBytes: number;
  tables: number;
  rows: number;
  files: number;
  /** The process's largest resident set while the job ran, and before it. */
  peakRssMiB: number;
  rssBeforeMiB: number;
}

/** Runs the export job once over the workspace (see the file's comment). */
export async function measureExportJob(db: Database, store: LocalStorage, organizationId: string, now: Date, folder: string): Promise<ExportFigures> {
  const exports = await new LocalStorage(path.join(folder, "exports")).open();
  const exportId = randomUUID();
  await withWorkspace(db, organizationId, (tx) => tx.insert(workspaceExport).values({ organizationId, id: exportId, status: "queued", createdAt: now }));
  const unused = () => {
    throw new Error("the benchmark's export has no requester to mail");
  };
  const deps = {
    db,
    jobs: { send: unused, startWorkers: unused, stop: unused, retry: unused } as JobQueue,
    clock: fixedClock(now),
    logger: createLogger("warn"),
    config: { appUrl: "http://localhost" } as Config,
    exports,
    recordings: store,
    resources: store,
  };
  const mib = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const started = performance.now();
  try {
    await runWorkspaceExport(deps, { organizationId, exportId });
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const [row] = await withWorkspace(db, organizationId, (tx) => tx.select().from(workspaceExport).where(eq(workspaceExport.id, exportId)));
  if (row?.status !== "ready") throw new Error(`The benchmark's export ended ${row?.status}: ${row?.error}`);
  const readme = await readmeOf(exports, row.storageKey!);
  await exports.delete(row.storageKey!);
  return { seconds, archiveBytes: row.sizeBytes!, ...readme, peakRssMiB: mib(peak), rssBeforeMiB: mib(rssBefore) };
}

/** The tables, rows and files README.txt counts: the archive streamed through fflate's Unzip, only README.txt inflated. */
async function readmeOf(store: LocalStorage, key: string): Promise<{ tables: number; rows: number; files: number }> {
  const chunks: Uint8Array[] = [];
  const unzip = new Unzip((file) => {
    if (file.name !== "README.txt") return;
    file.ondata = (error, chunk) => {
      if (error) throw error;
      chunks.push(chunk);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  const reader = (await store.get(key)).body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) unzip.push(next.value);
  unzip.push(new Uint8Array(0), true);
  const text = Buffer.concat(chunks).toString("utf8");
  const number = (digits: string) => Number(digits.replace(/,/g, ""));
  const section = text.split("Rows per table")[1]!.split("Files:")[0]!;
  const counts = [...section.matchAll(/^\S+ +([\d,]+)\r?$/gm)].map((match) => number(match[1]!));
  const files = text.match(/Files: ([\d,]+) recordings?, ([\d,]+) library files?/)!;
  return { tables: counts.length, rows: counts.reduce((sum, value) => sum + value, 0), files: number(files[1]!) + number(files[2]!) };
}
