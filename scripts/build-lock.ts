/**
 * One build at a time on this machine, across processes: several test files (and `npm start`)
 * may find the build missing at once, and two `react-router build` or esbuild runs writing the
 * same folders fail or leave a mixed build. Whoever holds the lock file builds; the others
 * wait, then find the build made. A lock left by a process that died is taken over.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
// Outside build/: the web build empties its own folders.
export const BUILD_LOCK_FILE = path.join(root, "node_modules/.cache/glassroom-build.lock");
const WAIT_STEP_MS = 250;
const GIVE_UP_AFTER_MS = 15 * 60_000;

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function holderIsAlive(lockFile: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(lockFile, "utf8"));
  } catch {
    return false; // released between our attempt and this read
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function tryTake(lockFile: string): boolean {
  try {
    const fd = openSync(lockFile, "wx");
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/** Runs `build` while holding the machine's build lock (synchronous: the build steps are spawned synchronously). */
export function withBuildLock<T>(build: () => T, lockFile = BUILD_LOCK_FILE): T {
  mkdirSync(path.dirname(lockFile), { recursive: true });
  const giveUpAt = Date.now() + GIVE_UP_AFTER_MS;
  while (!tryTake(lockFile)) {
    if (!holderIsAlive(lockFile)) {
      rmSync(lockFile, { force: true });
      continue;
    }
    if (Date.now() > giveUpAt) throw new Error(`Another build has held ${lockFile} for ${GIVE_UP_AFTER_MS / 60_000} minutes`);
    sleep(WAIT_STEP_MS);
  }
  try {
    return build();
  } finally {
    rmSync(lockFile, { force: true });
  }
}
