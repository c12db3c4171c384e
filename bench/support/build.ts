/**
 * The production build: the web app built once if missing (`npm run build`), otherwise used as
 * it is, read-only (other people may be serving it): a web build older than its sources is named
 * in a warning, since its figures are then those of the older code. The server bundle is made
 * again whenever it is missing or older than its sources (scripts/build-server.ts, seconds).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { isBuilt, isStale, SERVER_BUNDLE, WEB_BUILD } from "../../scripts/build-outputs.ts";
import { withBuildLock } from "../../scripts/build-lock.ts";
import { NODE_BIN, PROJECT_ROOT } from "./paths.ts";

function hasBuild(): boolean {
  return isBuilt(WEB_BUILD);
}

/** True when a source of the web build changed after the build was made. */
function buildIsStale(): boolean {
  return isStale(WEB_BUILD);
}

let warned = false;

/** Runs a build step; when it fails, its error names the step and ends with what the step printed last. */
function run(command: string, args: string[], what: string): void {
  const result = spawnSync(command, args, { cwd: PROJECT_ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  process.stdout.write(result.stdout ?? "");
  process.stderr.write(result.stderr ?? "");
  if (result.status !== 0) {
    const printed = `${result.stdout ?? ""}\n${result.stderr ?? ""}`.trim().split("\n").slice(-40).join("\n");
    throw new Error(`${what} failed (exit ${result.status ?? result.signal ?? "unknown"}); it printed last:\n${printed}`);
  }
}

/** Builds what is missing; several test files may call it at once (one builds, the others wait). */
export function ensureBuild(): void {
  withBuildLock(buildWhatIsMissing);
}

function buildWhatIsMissing(): void {
  if (!hasBuild()) {
    process.stdout.write("No web build in build/client: running `npm run build` once.\n");
    run("npm", ["run", "build"], "npm run build");
    if (!hasBuild()) throw new Error("npm run build made no build/client");
  }
  // The server bundle takes seconds: made again when a server source changed, so that a
  // benchmark never measures older server code (a running server keeps the file it loaded).
  if (!isBuilt(SERVER_BUNDLE) || isStale(SERVER_BUNDLE)) {
    process.stdout.write(
      `${isBuilt(SERVER_BUNDLE) ? "The server bundle is older than its sources" : "No server bundle in build/server-bundle"}: bundling it.\n`,
    );
    run(NODE_BIN, [path.join(PROJECT_ROOT, "scripts/build-server.ts")], "scripts/build-server.ts");
  }
  if (!warned) {
    if (buildIsStale())
      process.stderr.write("Note: build/client is older than its sources; measuring it as it is (run `npm run build` for current figures).\n");
  }
  warned = true;
}
