/**
 * `npm run dev`: the API with reload on change (node --watch) on API_PORT, and the web app
 * with hot reload on 5173 (the seed's development port), which proxies /api to it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const apiPort = process.env.API_PORT ?? "3001";
const env = { ...process.env, PORT: apiPort, API_PORT: apiPort, APP_URL: process.env.APP_URL ?? "http://localhost:5173", GLASSROOM_API_ONLY: "true" };

const children: ChildProcess[] = [
  spawn(process.execPath, ["--watch-path=src/server", "--watch-path=src/shared", "src/server/index.ts"], { cwd: root, env, stdio: "inherit" }),
  spawn("npx", ["react-router", "dev", "--port", "5173", "--strictPort"], { cwd: root, env, stdio: "inherit" }),
];

let stopping = false;
function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill(signal);
}
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
for (const child of children) child.on("exit", (code) => { stop("SIGTERM"); process.exitCode = code ?? 0; });
