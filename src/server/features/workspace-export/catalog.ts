/**
 * Which tables the workspace export reads, found in PostgreSQL's catalog rather than listed by
 * hand: every table of schema public with an organization_id column that the app's role may
 * read, so that a table added by a later migration is exported without a change here. Its
 * columns come in their declared order, less the secrets (secrets.ts), with each column's type
 * (numbers are written as numbers in the CSV) and the primary key the rows are read in order of.
 *
 * Run inside withWorkspace: the catalog is readable by every role, and has_table_privilege
 * answers for the app's role, which the transaction has switched to.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Transaction } from "../../db/tenant.ts";
import { EXCLUDED_COLUMNS, EXCLUDED_TABLES } from "./secrets.ts";

export interface ExportColumn {
  name: string;
  /** The type as SQL writes it ("uuid", "timestamp with time zone"), to cast a key back. */
  type: string;
  /** A number (PostgreSQL's numeric category): written unquoted in the CSV. */
  numeric: boolean;
}

export interface ExportTable {
  name: string;
  /** The columns exported, in the table's order. */
  columns: ExportColumn[];
  /** The primary key's columns in key order: rows are read in batches in this order. Empty: no primary key (read by ctid). */
  key: ExportColumn[];
}

type CatalogRow = {
  table: string;
  column: string;
  type: string;
  numeric: boolean;
  key_position: number | null;
};

/** The tables that hold an organization_id and that the app's role may read: the workspace's tables. */
const HOLDS_WORKSPACE_ROWS = sql`exists (select 1 from pg_attribute o where o.attrelid = c.oid and o.attname = 'organization_id' and not o.attisdropped)
  and has_table_privilege(c.oid, 'SELECT')`;

async function describeTables(tx: Transaction, which: SQL): Promise<ExportTable[]> {
  const { rows } = await tx.execute<CatalogRow>(sql`
    select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as "type",
           t.typcategory = 'N' as "numeric", array_position(i.indkey::int2[], a.attnum) as key_position
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    join pg_type t on t.oid = a.atttypid
    left join pg_index i on i.indrelid = c.oid and i.indisprimary
    where n.nspname = 'public' and c.relkind in ('r', 'p') and ${which}
    order by c.relname, a.attnum`);
  const tables = new Map<string, { columns: ExportColumn[]; key: { position: number; column: ExportColumn }[] }>();
  for (const row of rows) {
    if (Object.hasOwn(EXCLUDED_TABLES, row.table)) continue;
    const table = tables.get(row.table) ?? { columns: [], key: [] };
    tables.set(row.table, table);
    const column = { name: row.column, type: row.type, numeric: row.numeric };
    if (row.key_position !== null) table.key.push({ position: row.key_position, column });
    if (!Object.hasOwn(EXCLUDED_COLUMNS[row.table] ?? {}, row.column)) table.columns.push(column);
  }
  return [...tables].map(([name, table]) => ({
    name,
    columns: table.columns,
    key: table.key.sort((a, b) => a.position - b.position).map((entry) => entry.column),
  }));
}

/** The workspace's tables (see the file's comment), by name. */
export const workspaceTables = (tx: Transaction) => describeTables(tx, HOLDS_WORKSPACE_ROWS);

/** One table by name (organization, user: tables without an organization_id whose rows of the workspace are exported too). */
export async function describeTable(tx: Transaction, name: string): Promise<ExportTable> {
  const [table] = await describeTables(tx, sql`c.relname = ${name}`);
  if (!table) throw new Error(`The table ${name} is not in the catalog.`);
  return table;
}
