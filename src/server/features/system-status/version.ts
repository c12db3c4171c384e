/**
 * What the server runs: the app's version, the git commit and the web build's time, read once
 * when the server starts (the code and the build it serves are the ones it loaded then), never
 * per request and without running git.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { SystemStatus } from "../../../shared/schemas/system-status.ts";
import { APP_VERSION } from "../../../shared/version.ts";
import { PROJECT_ROOT } from "../../project-root.ts";

/** The file every web build writes (the server's loadWebBuild requires it). */
const WEB_BUILD_MARK = path.join(PROJECT_ROOT, "build/client/__spa-fallback.html");
const COMMIT = /^[0-9a-f]{40}$/;

const read = (file: string) => readFileSync(file, "utf8").trim();

/**
 * HEAD's commit from the repository's files: a detached HEAD holds it, a branch names a ref
 * that is a file (in a worktree, of the common folder) or a line of packed-refs. Null without a
 * repository (an install from an archive) or for anything unexpected.
 */
export function gitCommitOf(root: string): string | null {
  try {
    let gitDir = path.join(root, ".git");
    // A worktree's .git is a file naming its folder.
    if (statSync(gitDir).isFile()) gitDir = path.resolve(root, read(gitDir).replace(/^gitdir:\s*/, ""));
    const head = read(path.join(gitDir, "HEAD"));
    if (!head.startsWith("ref: ")) return COMMIT.test(head) ? head : null;
    const ref = head.slice("ref: ".length);
    const commonFile = path.join(gitDir, "commondir");
    const commonDir = existsSync(commonFile) ? path.resolve(gitDir, read(commonFile)) : gitDir;
    for (const folder of [gitDir, commonDir]) {
      const file = path.join(folder, ref);
      if (existsSync(file)) {
        const commit = read(file);
        return COMMIT.test(commit) ? commit : null;
      }
    }
    const packed = path.join(commonDir, "packed-refs");
    if (!existsSync(packed)) return null;
    const line = read(packed)
      .split("\n")
      .find((entry) => entry.endsWith(` ${ref}`));
    const commit = line?.split(" ")[0];
    return commit && COMMIT.test(commit) ? commit : null;
  } catch {
    return null;
  }
}

function builtAt(): string | null {
  try {
    return statSync(WEB_BUILD_MARK).mtime.toISOString();
  } catch {
    return null;
  }
}

const RUNNING: SystemStatus["version"] = {
  version: APP_VERSION,
  commit: gitCommitOf(PROJECT_ROOT),
  builtAt: builtAt(),
  node: process.version,
  startedAt: new Date(performance.timeOrigin).toISOString(),
};

export const versionStatus = (): SystemStatus["version"] => RUNNING;
