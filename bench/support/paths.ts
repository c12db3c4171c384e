/** Where things are, for the benchmarks and the budget test. No test-runner imports here. */
import path from "node:path";

export const PROJECT_ROOT = path.resolve(import.meta.dirname, "../..");
/** The Node 24 of the `node` devDependency (never the machine's own node). */
export const NODE_BIN = path.join(PROJECT_ROOT, "node_modules/.bin/node");
/** The production web build the server serves (`npm run build`). */
export const BUILD_CLIENT = path.join(PROJECT_ROOT, "build/client");
export const RESULTS_DIR = path.join(PROJECT_ROOT, "bench/results");

/** Debian's Chromium (no browser can be downloaded on our machines) and the flags it needs here. */
export const CHROMIUM_PATH = "/usr/bin/chromium";
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
