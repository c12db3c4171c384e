/**
 * `npm run dev`: the API with reload on change (node --watch) on API_PORT, and the web app
 * with hot reload on 5173 (the usual Vite development port), which proxies /api to it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const apiPort = process.env.API_PORT ?? "3001";
const env = { ...process.env, PORT: apiPort, API_PORT: apiPort, APP_URL: process.env.APP_URL ?? "http://localhost:5173", GLASSROOM_API_ONLY: "true" };

// Each child leads its own process group, so that stopping it stops everything it started.
const start = (args: string[]) => spawn(process.execPath, args, { cwd: root, env, stdio: "inherit", detached: true });
const children: ChildProcess[] = [
  start(["--watch-path=src/server", "--watch-path=src/shared", "src/server/index.ts"]),
  start([path.join(root, "node_modules/@react-router/dev/bin.cjs"), "dev", "--port", "5173", "--strictPort"]),
];

let stopping = false;
function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }
}
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGHUP", () => stop("SIGTERM"));
for (const child of children) {
  child.on("exit", (code) => {
    stop("SIGTERM");
    process.exitCode = code ?? 0;
  });
}
