/**
 * Builds a workspace's export archive into a file: every table of the workspace as CSV and JSON
 * (catalog.ts finds them), the workspace's own row and its members' accounts (safe columns
 * only), then every stored file, then README.txt.
 *
 * The tables are read in one read-only REPEATABLE READ transaction inside the workspace: one
 * snapshot, so that every file of the archive agrees with every other (an invoice and its
 * lines, a session and its students) however long the reading takes, and row-level security
 * keeps every other workspace's rows out whatever a query says. The files' bytes are copied
 * after that transaction: a file of gigabytes must not hold a database connection.
 */
import path from "node:path";
import { sql } from "drizzle-orm";
import type { AppDeps } from "../../core/context.ts";
import { enterWorkspace, type Transaction } from "../../db/tenant.ts";
import { listArchiveFiles, writeArchiveFiles } from "./archive-files.ts";
import { describeTable, type ExportTable, workspaceTables } from "./catalog.ts";
import { type ArchiveFacts, readmeText } from "./readme.ts";
import { USER_COLUMNS } from "./secrets.ts";
import { writeTableFiles } from "./table-files.ts";
import type { RowSource } from "./table-rows.ts";
import { ZipFileWriter } from "./zip-writer.ts";

export interface ArchiveRequest {
  organizationId: string;
  exportId: string;
  madeAt: Date;
  requestedBy: ArchiveFacts["requestedBy"];
  /** The archive's path; a folder of the caller's for working files beside it. */
  file: string;
  /** The largest archive allowed (bytes). */
  maxBytes: number;
}

export interface BuiltArchive {
  size: number;
  facts: ArchiveFacts;
}

const workspaceRows = (table: ExportTable, organizationId: string): RowSource => ({
  ...table,
  where: sql`t.organization_id = ${organizationId}`,
});

/** The workspace's own row (less its join code: secrets.ts). */
const organizationRow = (table: ExportTable, organizationId: string): RowSource => ({
  ...table,
  where: sql`t.id = ${organizationId}`,
});

/** The accounts of the workspace's members (of any status), only the columns that say who they are. */
const memberAccounts = (table: ExportTable, organizationId: string): RowSource => ({
  ...table,
  columns: table.columns.filter((column) => (USER_COLUMNS as readonly string[]).includes(column.name)),
  where: sql`t.id in (select m.user_id from member m where m.organization_id = ${organizationId})`,
});

async function readWorkspace(tx: Transaction, organizationId: string): Promise<ArchiveFacts["workspace"]> {
  const { rows } = await tx.execute<{ name: string; slug: string; time_zone: string }>(
    sql`select name, slug, time_zone from organization where id = ${organizationId}`,
  );
  if (!rows[0]) throw new Error(`The workspace ${organizationId} does not exist.`);
  return { id: organizationId, name: rows[0].name, slug: rows[0].slug, timeZone: rows[0].time_zone };
}

/** Writes the archive to request.file (see the file's comment); its size and what README.txt says of it. */
export async function buildArchive(deps: Pick<AppDeps, "db" | "recordings" | "resources">, request: ArchiveRequest): Promise<BuiltArchive> {
  const { organizationId } = request;
  const scratch = path.join(path.dirname(request.file), "table.json");
  const zip = new ZipFileWriter(request.file, { mtime: request.madeAt, maxBytes: request.maxBytes });
  try {
    const snapshot = await deps.db.transaction(
      async (tx) => {
        await enterWorkspace(tx, organizationId);
        const workspace = await readWorkspace(tx, organizationId);
        const sources = [
          ...(await workspaceTables(tx)).map((table) => workspaceRows(table, organizationId)),
          organizationRow(await describeTable(tx, "organization"), organizationId),
          memberAccounts(await describeTable(tx, "user"), organizationId),
        ].sort((a, b) => a.name.localeCompare(b.name));
        const tables: ArchiveFacts["tables"] = [];
        for (const source of sources) tables.push({ name: source.name, rows: await writeTableFiles(tx, zip, source, scratch) });
        return { workspace, tables, files: await listArchiveFiles(tx, organizationId) };
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    const missing = await writeArchiveFiles(deps, zip, snapshot.files);
    const facts: ArchiveFacts = {
      workspace: snapshot.workspace,
      exportId: request.exportId,
      madeAt: request.madeAt,
      requestedBy: request.requestedBy,
      tables: snapshot.tables,
      files: {
        recordings: snapshot.files.filter((file) => file.store === "recordings").length,
        resources: snapshot.files.filter((file) => file.store === "resources").length,
      },
      missing,
    };
    zip.text("README.txt", readmeText(facts));
    return { size: zip.finish(), facts };
  } catch (error) {
    zip.abandon();
    throw error;
  }
}
