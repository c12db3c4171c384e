/**
 * The CPU time processes have used, read from Linux's /proc: a benchmark on a shared machine
 * divides it by the requests it made, a figure that other work on the machine does not move
 * as much as requests per second.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Linux counts a process's time in clock ticks of 1/100 s (USER_HZ). */
const MS_PER_TICK = 10;

interface ProcessStat {
  parent: number;
  cpuMs: number;
}

/** A process's parent and the user + system time it has used, or undefined once it is gone. */
function readStat(pid: number): ProcessStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // The command name, in parentheses, may hold spaces: the fields are counted after its end.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return { parent: Number(fields[1]), cpuMs: (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK };
}

/** The CPU milliseconds one process has used so far (0 once it is gone). */
export function processCpuMs(pid: number): number {
  return readStat(pid)?.cpuMs ?? 0;
}

/**
 * The CPU milliseconds each process of a PostgreSQL server has used so far, by process id: its
 * postmaster (named by the first line of postmaster.pid in its data folder) and every backend
 * and worker under it.
 */
export function postgresCpuMs(dataDir: string): Map<number, number> {
  const postmaster = Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  const byProcess = new Map<number, number>([[postmaster, processCpuMs(postmaster)]]);
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat?.parent === postmaster) byProcess.set(Number(entry), stat.cpuMs);
  }
  return byProcess;
}

/**
 * The time PostgreSQL used between two readings: what each process running at the second one
 * used since the first (a backend that ended between them, a pool's idle connection closed,
 * takes its time with it and would otherwise count as negative).
 */
export function postgresCpuMsBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, cpuMs] of after) total += cpuMs - (before.get(pid) ?? 0);
  return total;
}
