/**
 * Reads a V8 CPU profile (`node --cpu-prof` writes one at exit) and sums its self time by
 * where the code lives (an npm package, a file of ours, Node's internals, the garbage
 * collector, idle) and by function: where a server spends its main thread.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "./paths.ts";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface SelfTime {
  name: string;
  ms: number;
  share: number;
}

export interface ProfileSummary {
  totalMs: number;
  /** Time not idle: what the process worked. */
  busyMs: number;
  byPlace: SelfTime[];
  byFunction: SelfTime[];
}

/** "pino", "src/server/middleware/viewer.ts", "node:internal/crypto/util", "(garbage collector)"… */
function placeOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  if (url.startsWith("node:") || url.startsWith("wasm:")) return url;
  const file = url.startsWith("file://") ? new URL(url).pathname : url;
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (packageMatch) return packageMatch[1]!;
  return path.relative(PROJECT_ROOT, file);
}

function rank(times: Map<string, number>, busyMs: number, limit: number): SelfTime[] {
  return [...times.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, microseconds]) => ({ name, ms: Math.round(microseconds / 1000), share: busyMs > 0 ? microseconds / 1000 / busyMs : 0 }));
}

/**
 * `sinceMs`: only the samples taken from that many milliseconds after the profile began (to
 * leave the start-up out); `untilMs`: and before that many.
 */
export function summariseCpuProfile(file: string, window: { sinceMs?: number; untilMs?: number } = {}, limit = 15): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const since = (window.sinceMs ?? 0) * 1000;
  const until = (window.untilMs ?? Infinity) * 1000;
  let elapsed = 0;
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  let idle = 0;
  profile.samples.forEach((nodeId, index) => {
    const microseconds = profile.timeDeltas[index] ?? 0;
    elapsed += microseconds;
    if (elapsed < since || elapsed > until) return;
    const frame = nodes.get(nodeId)?.callFrame;
    if (!frame) return;
    total += microseconds;
    if (frame.functionName === "(idle)") {
      idle += microseconds;
      return;
    }
    const place = placeOf(frame.url, frame.functionName);
    byPlace.set(place, (byPlace.get(place) ?? 0) + microseconds);
    const name = `${frame.functionName || "(anonymous)"} ${place}${frame.url ? `:${frame.lineNumber + 1}` : ""}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + microseconds);
  });
  const busyMs = (total - idle) / 1000;
  return { totalMs: Math.round(total / 1000), busyMs: Math.round(busyMs), byPlace: rank(byPlace, busyMs, limit), byFunction: rank(byFunction, busyMs, limit) };
}
