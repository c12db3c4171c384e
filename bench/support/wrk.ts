/**
 * Load from wrk (Debian's package `wrk`), a load generator in C, for the API benchmark: a closed
 * loop of connections, each sending its next request when the last is answered, for a given
 * time. The benchmark's figures are its count of requests, its latency percentiles and its
 * errors, which a Lua script prints as one line of JSON when the run ends.
 *
 * Not autocannon: on two cores shared by the load, the servers and PostgreSQL, autocannon's
 * JavaScript event loop was itself late by 6-13 ms at its p99, and an answer read late is
 * counted as a slow one (docs/decisions/033).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

export interface WrkOptions {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  durationSeconds: number;
  /** A request unanswered this long is counted as timed out. */
  timeoutSeconds: number;
}

export interface WrkResult {
  /** Requests answered (whatever their status). */
  requests: number;
  /** Seconds the run lasted, as wrk measured it. */
  durationSeconds: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers with a status other than 2xx or 3xx. */
  non2xx: number;
  /** Connections that could not connect, read or write. */
  errors: number;
  timeouts: number;
}

/** What the Lua script prints at the end, after this marker. */
const RESULT_MARKER = "WRK_RESULT ";

/** A Lua string literal of any text (a long bracket with enough `=` that the text cannot close it). */
function luaString(text: string): string {
  let level = "";
  while (text.includes(`]${level}]`)) level += "=";
  // A long bracket drops a newline right after its opening: one is added so that the text's own survives.
  return `[${level}[\n${text}]${level}]`;
}

function script(options: WrkOptions): string {
  const lines = [`wrk.method = ${luaString(options.method ?? "GET")}`];
  for (const [name, value] of Object.entries(options.headers ?? {})) lines.push(`wrk.headers[ ${luaString(name)} ] = ${luaString(value)}`);
  if (options.body !== undefined) lines.push(`wrk.body = ${luaString(options.body)}`);
  lines.push(
    "done = function(summary, latency, requests)",
    "  local e = summary.errors",
    `  io.write(string.format('${RESULT_MARKER}{"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}\\n',`,
    "    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), e.connect, e.read, e.write, e.status, e.timeout))",
    "end",
  );
  return `${lines.join("\n")}\n`;
}

/** What wrk printed; a missing wrk is named with how to install it, a failed run with what it printed. */
async function runWrkProcess(args: string[]): Promise<string> {
  try {
    const { stdout, stderr } = await promisify(execFile)("wrk", args);
    return `${stdout}${stderr}`;
  } catch (error) {
    const failed = error as NodeJS.ErrnoException & { stdout?: string; stderr?: string };
    if (failed.code === "ENOENT") throw new Error("The API benchmark drives its load with wrk, which is not installed: apt-get install wrk");
    throw new Error(`wrk failed (${failed.message}):\n${failed.stdout ?? ""}${failed.stderr ?? ""}`);
  }
}

/** Runs wrk with one thread (the load's CPU kept small) and answers its figures. */
export async function runWrk(options: WrkOptions): Promise<WrkResult> {
  const folder = mkdtempSync(path.join(os.tmpdir(), "glassroom-wrk-"));
  const scriptFile = path.join(folder, "run.lua");
  writeFileSync(scriptFile, script(options));
  try {
    const args = ["-t1", `-c${options.connections}`, `-d${options.durationSeconds}s`, `--timeout`, `${options.timeoutSeconds}s`, "-s", scriptFile, options.url];
    const output = await runWrkProcess(args);
    const line = output.split("\n").find((candidate) => candidate.startsWith(RESULT_MARKER));
    if (!line) throw new Error(`wrk printed no result:\n${output}\nIts script:\n${readFileSync(scriptFile, "utf8")}`);
    const figures = JSON.parse(line.slice(RESULT_MARKER.length)) as Record<string, number>;
    return {
      requests: figures.requests!,
      durationSeconds: figures.durationUs! / 1e6,
      p50Ms: figures.p50Us! / 1000,
      p99Ms: figures.p99Us! / 1000,
      non2xx: figures.status!,
      errors: figures.connect! + figures.read! + figures.write!,
      timeouts: figures.timeout!,
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
