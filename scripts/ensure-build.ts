/**
 * Run before `npm start`: builds what is missing or older than its sources, so that
 * `npm ci && npm start` works on a fresh clone and never runs an old server. The web app and
 * the server bundle are checked apart: a change to the server alone bundles it again (seconds)
 * without building the web app (a minute).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { withBuildLock } from "./build-lock.ts";
import { isBuilt, isStale, SERVER_BUNDLE, WEB_BUILD } from "./build-outputs.ts";

const root = path.resolve(import.meta.dirname, "..");

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    process.exitCode = result.status ?? 1;
    throw new Error(`${command} ${args.join(" ")} failed`);
  }
}

withBuildLock(() => {
  if (isStale(WEB_BUILD)) {
    process.stdout.write(isBuilt(WEB_BUILD) ? "Sources changed since the last build: rebuilding.\n" : "No web build yet: building it once.\n");
    // npm run build also bundles the server.
    run("npm", ["run", "build"]);
  } else if (isStale(SERVER_BUNDLE)) {
    process.stdout.write(
      isBuilt(SERVER_BUNDLE) ? "Server sources changed since the last bundle: bundling again.\n" : "No server bundle yet: bundling it once.\n",
    );
    run(process.execPath, [path.join(root, "scripts/build-server.ts")]);
  }
});
