/**
 * One table's two files in the archive: tables/<name>.csv (a header, then a row per row, as
 * RFC 4180 writes it, UTF-8 with a byte-order mark, a text cell that a spreadsheet would run as
 * a formula with a leading apostrophe: core/csv.ts) and tables/<name>.json (an array of row
 * objects, exactly as PostgreSQL wrote them).
 *
 * The rows are read once: the CSV goes into the archive as they come, the JSON to a file of its
 * own beside the archive, copied in after (an archive's entries are written one at a time).
 */
import { closeSync, createReadStream, openSync, rmSync } from "node:fs";
import { BYTE_ORDER_MARK, csvNumber, csvRow, type CsvCell } from "../../core/csv.ts";
import type { Transaction } from "../../db/tenant.ts";
import { readRowBatches, type RowSource } from "./table-rows.ts";
import { writeFully, type ZipEntryWriter, type ZipFileWriter } from "./zip-writer.ts";

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A number column's value unquoted as it is; anything else (and a number PostgreSQL writes with an exponent) as text. */
function csvCell(value: string | null, numeric: boolean): CsvCell {
  return numeric && value !== null && DECIMAL.test(value) ? csvNumber(value) : value;
}

/** Copies a file into an open entry, chunk by chunk, and ends the entry. */
export async function copyFileInto(entry: ZipEntryWriter, path: string): Promise<void> {
  for await (const chunk of createReadStream(path)) entry.write(chunk as Buffer);
  entry.end();
}

/**
 * Writes the source's CSV and JSON files into the archive; its number of rows. `scratch` is a
 * path for the JSON while the CSV is written (removed after).
 */
export async function writeTableFiles(tx: Transaction, zip: ZipFileWriter, source: RowSource, scratch: string): Promise<number> {
  const csv = zip.entry(`tables/${source.name}.csv`, { compress: true });
  csv.write(Buffer.from(BYTE_ORDER_MARK + csvRow(source.columns.map((column) => column.name)), "utf8"));
  const json = openSync(scratch, "w", 0o600);
  let rows = 0;
  try {
    writeFully(json, Buffer.from("["));
    for await (const batch of readRowBatches(tx, source)) {
      const lines = batch.cells.map((cells) => csvRow(cells.map((value, index) => csvCell(value, source.columns[index]!.numeric))));
      csv.write(Buffer.from(lines.join(""), "utf8"));
      writeFully(json, Buffer.from(`${rows === 0 ? "\n" : ",\n"}${batch.json.join(",\n")}`, "utf8"));
      rows += batch.json.length;
    }
    writeFully(json, Buffer.from(rows === 0 ? "]\n" : "\n]\n"));
  } finally {
    closeSync(json);
  }
  csv.end();
  try {
    await copyFileInto(zip.entry(`tables/${source.name}.json`, { compress: true }), scratch);
  } finally {
    rmSync(scratch, { force: true });
  }
  return rows;
}
