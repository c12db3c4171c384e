/**
 * The build lock: processes that build at once take turns (the test files that need the
 * production build start together on a clean clone), and a lock left by a dead process is
 * taken over instead of blocking every later build.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { withBuildLock } from "../scripts/build-lock.ts";
import { NODE_BIN, PROJECT_ROOT } from "../bench/support/paths.ts";

const LOCK_MODULE = path.join(PROJECT_ROOT, "scripts/build-lock.ts");

/** A process that holds the lock for `holdMs`, writing "start" and "end" lines to the log. */
function builder(lockFile: string, log: string, name: string, holdMs: number): Promise<number | null> {
  const program = `
    import { appendFileSync } from "node:fs";
    import { withBuildLock } from ${JSON.stringify(LOCK_MODULE)};
    withBuildLock(() => {
      appendFileSync(${JSON.stringify(log)}, "start ${name}\\n");
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${holdMs});
      appendFileSync(${JSON.stringify(log)}, "end ${name}\\n");
    }, ${JSON.stringify(lockFile)});
  `;
  const child = spawn(NODE_BIN, ["--input-type=module", "-e", program], { stdio: "inherit" });
  return new Promise((resolve) => child.on("exit", resolve));
}

describe("the build lock", () => {
  it("lets one process build at a time", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "build-lock-"));
    const lockFile = path.join(folder, "build.lock");
    const log = path.join(folder, "log");
    writeFileSync(log, "");
    const exits = await Promise.all(["a", "b", "c"].map((name) => builder(lockFile, log, name, 300)));
    expect(exits).toEqual([0, 0, 0]);
    const lines = readFileSync(log, "utf8").trim().split("\n");
    expect(lines).toHaveLength(6);
    // Every start is followed by the same builder's end: no two builds overlapped.
    for (let index = 0; index < lines.length; index += 2) {
      expect(lines[index + 1]).toBe(lines[index]!.replace("start", "end"));
    }
  });

  it("takes over a lock left by a process that died, and releases it after a failed build", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "build-lock-"));
    const lockFile = path.join(folder, "build.lock");
    // No process has this id: pids are below 2^22 on Linux.
    writeFileSync(lockFile, String(2 ** 22 + 1));
    expect(withBuildLock(() => "built", lockFile)).toBe("built");
    expect(() =>
      withBuildLock(() => {
        throw new Error("the build failed");
      }, lockFile),
    ).toThrow("the build failed");
    expect(withBuildLock(() => "built again", lockFile)).toBe("built again");
  });
});
