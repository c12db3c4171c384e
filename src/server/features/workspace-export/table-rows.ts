/**
 * A table's rows for the export, read in batches in primary key order (each batch starts after
 * the last key of the one before: an index range, however far into the table), so that a table
 * of a million rows is never in memory at once.
 *
 * PostgreSQL writes each row twice: as JSON (row_to_json: numbers as numbers, times in ISO 8601
 * with their offset, lists and nested values as JSON; the columns in the table's order), and as
 * text cells for the CSV (each value's JSON form as text: the same times and numbers, lists as
 * JSON text). Writing the values in the database keeps them exact (a bigint is never a float
 * here) and one way for every type, including those of tables added later.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Transaction } from "../../db/tenant.ts";
import type { ExportColumn } from "./catalog.ts";

/** Rows per batch: a few megabytes of JSON at most for the widest tables. */
export const ROWS_PER_BATCH = 5_000;

/** Where a table file's rows come from. */
export interface RowSource {
  /** The table read (as `t` in `where`), and the name of its files in tables/. */
  name: string;
  /** Which of its rows: the workspace's (row-level security holds besides). */
  where: SQL;
  columns: ExportColumn[];
  /** The primary key's columns; empty: the rows are read in physical order (ctid). */
  key: ExportColumn[];
}

export interface RowBatch {
  /** Each row as a JSON object's text. */
  json: string[];
  /** Each row's cells, in the columns' order: the value's text, or null. */
  cells: (string | null)[][];
}

const column = (name: string) => sql`t.${sql.identifier(name)}`;

/** The source's rows, a batch at a time, in key order (see the file's comment). */
export async function* readRowBatches(tx: Transaction, source: RowSource, rowsPerBatch = ROWS_PER_BATCH): AsyncGenerator<RowBatch> {
  const keyed = source.key.length > 0;
  const keyColumns = keyed ? source.key.map((key) => column(key.name)) : [sql`t.ctid`];
  const keyTypes = keyed ? source.key.map((key) => key.type) : ["tid"];
  const order = sql.join(keyColumns, sql`, `);
  const json = sql`(select row_to_json(c) from (select ${sql.join(
    source.columns.map((entry) => column(entry.name)),
    sql`, `,
  )}) as c)::text`;
  const cells = sql`array[${sql.join(
    source.columns.map((entry) => sql`to_json(${column(entry.name)}) #>> '{}'`),
    sql`, `,
  )}]::text[]`;
  const keys = sql`array[${sql.join(
    keyColumns.map((key) => sql`${key}::text`),
    sql`, `,
  )}]::text[]`;
  let after: string[] | null = null;
  for (;;) {
    const past: SQL = after
      ? sql`and (${order}) > (${sql.join(
          after.map((value, index) => sql`cast(${value} as ${sql.raw(keyTypes[index]!)})`),
          sql`, `,
        )})`
      : sql``;
    const { rows } = await tx.execute<{ json: string; cells: (string | null)[]; keys: string[] }>(sql`
      select ${json} as json, ${cells} as cells, ${keys} as keys
      from ${sql.identifier(source.name)} as t
      where ${source.where} ${past}
      order by ${order}
      limit ${rowsPerBatch}`);
    if (rows.length === 0) return;
    yield { json: rows.map((row) => row.json), cells: rows.map((row) => row.cells) };
    if (rows.length < rowsPerBatch) return;
    after = rows.at(-1)!.keys;
  }
}
