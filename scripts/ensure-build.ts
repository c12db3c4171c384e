/**
 * Run before `npm start`: builds the web app when there is no build yet or when a source
 * file is newer than it, so that `npm ci && npm start` works on a fresh clone.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const marker = path.join(root, "build/client/__spa-fallback.html");
const sources = ["src/web", "src/shared", "content", "public", "react-router.config.ts", "vite.config.ts", "scripts/compress-build.ts", "package-lock.json"];

function newestMtime(target: string): number {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((entry) => newestMtime(path.join(target, entry))));
}

const builtAt = existsSync(marker) ? statSync(marker).mtimeMs : 0;
if (builtAt === 0 || sources.some((source) => newestMtime(source) > builtAt)) {
  process.stdout.write(builtAt === 0 ? "No web build yet: building it once.\n" : "Sources changed since the last build: rebuilding.\n");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  process.exit(result.status ?? 1);
}
