/**
 * The production web build: built once if missing (`npm run build`), otherwise used as it
 * is, read-only (other people may be serving it). A build older than its sources is named in
 * a warning, since its figures are then those of the older code.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { BUILD_CLIENT, PROJECT_ROOT } from "./paths.ts";

const MARKER = path.join(BUILD_CLIENT, "__spa-fallback.html");
/** What the web build is made from (as in scripts/ensure-build.ts). */
const SOURCES = ["src/web", "src/shared", "content", "public", "react-router.config.ts", "vite.config.ts", "scripts/compress-build.ts", "package-lock.json"];

export function hasBuild(): boolean {
  return existsSync(MARKER);
}

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((entry) => newestMtime(path.join(target, entry))));
}

/** True when a source of the web build changed after the build was made. */
export function buildIsStale(): boolean {
  const builtAt = hasBuild() ? statSync(MARKER).mtimeMs : 0;
  return SOURCES.some((source) => newestMtime(path.join(PROJECT_ROOT, source)) > builtAt);
}

let warned = false;

export function ensureBuild(): void {
  if (hasBuild()) {
    if (!warned && buildIsStale())
      process.stderr.write("Note: build/client is older than its sources; measuring it as it is (run `npm run build` for current figures).\n");
    warned = true;
    return;
  }
  process.stdout.write("No web build in build/client: running `npm run build` once.\n");
  const result = spawnSync("npm", ["run", "build"], { cwd: PROJECT_ROOT, stdio: "inherit" });
  if (result.status !== 0 || !hasBuild()) throw new Error(`npm run build failed (exit ${result.status ?? "signal"})`);
}
