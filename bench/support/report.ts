/**
 * What a benchmark hands back, how it is printed (plain-text tables) and how it is kept
 * (bench/results/latest.json plus a copy named with the date). A run of some benchmarks
 * replaces only their entries in latest.json; the others keep their own date.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { RESULTS_DIR } from "./paths.ts";

export type Cell = string | number | null;

export interface Table {
  title: string;
  columns: string[];
  rows: Cell[][];
  /** Lines printed under the table: how it was measured, caveats. */
  notes?: string[];
}

export interface BenchmarkReport {
  tables: Table[];
  /** The figures in machine-readable form. */
  data: unknown;
}

export interface Benchmark {
  name: string;
  title: string;
  run(): Promise<BenchmarkReport>;
}

export interface StoredBenchmark extends BenchmarkReport {
  title: string;
  measuredAt: string;
  seconds: number;
  /** The machine's 1-minute load average when the benchmark began: other work skews the figures. */
  loadAverageAtStart?: number;
  /** Set when the benchmark could not run: why. */
  error?: string;
}

export interface ResultsFile {
  updatedAt: string;
  machine: ReturnType<typeof describeMachine>;
  benchmarks: Record<string, StoredBenchmark>;
}

export function describeMachine() {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
  };
}

function pad(text: string, width: number, right: boolean): string {
  return right ? text.padStart(width) : text.padEnd(width);
}

/** A table as aligned plain text (numbers right-aligned), with its notes. */
export function formatTable(table: Table): string {
  const cells = table.rows.map((row) => row.map((cell) => (cell === null ? "–" : String(cell))));
  const widths = table.columns.map((column, index) => Math.max(column.length, ...cells.map((row) => row[index]?.length ?? 0)));
  const numeric = table.columns.map(
    (_, index) =>
      table.rows.length > 0 &&
      table.rows.every((row) => row[index] === null || typeof row[index] === "number" || /^[-+]?[\d,.]+[×%x]?$|^–$/.test(String(row[index]))),
  );
  const line = (values: string[]) => `| ${values.map((value, index) => pad(value, widths[index]!, numeric[index]!)).join(" | ")} |`;
  const rule = `|${widths.map((width, index) => (numeric[index] ? `${"-".repeat(width + 1)}:` : "-".repeat(width + 2))).join("|")}|`;
  const out = [`### ${table.title}`, "", line(table.columns), rule, ...cells.map(line)];
  if (table.notes?.length) out.push("", ...table.notes.map((note) => `- ${note}`));
  return `${out.join("\n")}\n`;
}

function readResults(file: string): ResultsFile | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as ResultsFile;
  } catch {
    return undefined;
  }
}

/** Today as YYYY-MM-DD (UTC). */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Stores one benchmark's figures in bench/results/latest.json and bench/results/<date>.json,
 * keeping the other benchmarks' entries. Returns the path of latest.json.
 */
export function saveBenchmark(name: string, stored: StoredBenchmark, directory = RESULTS_DIR): string {
  mkdirSync(directory, { recursive: true });
  const latest = path.join(directory, "latest.json");
  const dated = path.join(directory, `${today()}.json`);
  for (const file of [latest, dated]) {
    const previous = readResults(file);
    const next: ResultsFile = {
      updatedAt: new Date().toISOString(),
      machine: describeMachine(),
      benchmarks: { ...previous?.benchmarks, [name]: stored },
    };
    writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`);
  }
  return latest;
}
