/**
 * `npm run bench [-- NAME...]`: runs the benchmarks (all six, or those named), prints each
 * one's figures as tables and stores them in bench/results/latest.json and
 * bench/results/<date>.json. Benchmarks never fail on a time; the run fails only when a
 * benchmark could not run at all.
 */
import os from "node:os";
import { apiThroughput } from "./api-throughput.ts";
import { healthRecompute } from "./health-recompute.ts";
import { lighthouse } from "./lighthouse.ts";
import { pageWeight } from "./page-weight.ts";
import { queryScaling } from "./query-scaling.ts";
import { formatTable, saveBenchmark, describeMachine, type Benchmark } from "./support/report.ts";
import { startup } from "./startup.ts";

const BENCHMARKS: Benchmark[] = [apiThroughput, pageWeight, lighthouse, queryScaling, healthRecompute, startup];

const asked = process.argv.slice(2).filter((arg) => !arg.startsWith("-"));
const unknown = asked.filter((name) => !BENCHMARKS.some((benchmark) => benchmark.name === name));
if (unknown.length > 0 || process.argv.includes("--help")) {
  process.stderr.write(
    `${unknown.length ? `Unknown benchmark: ${unknown.join(", ")}\n` : ""}Usage: npm run bench [-- ${BENCHMARKS.map((benchmark) => benchmark.name).join(" | ")} ...]\n`,
  );
  process.exit(unknown.length ? 1 : 0);
}
const chosen = asked.length ? BENCHMARKS.filter((benchmark) => asked.includes(benchmark.name)) : BENCHMARKS;

const machine = describeMachine();
process.stdout.write(`Glassroom benchmarks on ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, ${machine.platform}, Node ${machine.node}\n\n`);

const started = performance.now();
const failed: string[] = [];
for (const benchmark of chosen) {
  const loadAverageAtStart = Math.round(os.loadavg()[0]! * 10) / 10;
  process.stdout.write(`== ${benchmark.title} (${benchmark.name}; load average ${loadAverageAtStart} at start)\n`);
  const benchmarkStarted = performance.now();
  const measuredAt = new Date().toISOString();
  try {
    const report = await benchmark.run();
    const seconds = Math.round((performance.now() - benchmarkStarted) / 100) / 10;
    process.stdout.write(`\n${report.tables.map(formatTable).join("\n")}\n(${seconds} s)\n\n`);
    saveBenchmark(benchmark.name, { title: benchmark.title, measuredAt, seconds, loadAverageAtStart, ...report });
  } catch (error) {
    const seconds = Math.round((performance.now() - benchmarkStarted) / 100) / 10;
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stdout.write(`\n${benchmark.name} could not run: ${message}\n\n`);
    saveBenchmark(benchmark.name, { title: benchmark.title, measuredAt, seconds, loadAverageAtStart, tables: [], data: null, error: message });
    failed.push(benchmark.name);
  }
}
const total = Math.round((performance.now() - started) / 1000);
process.stdout.write(
  `Done in ${Math.floor(total / 60)} min ${total % 60} s; figures in bench/results/latest.json${failed.length ? `; could not run: ${failed.join(", ")}` : ""}.\n`,
);
process.exit(failed.length ? 1 : 0);
