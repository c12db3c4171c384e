/**
 * The two things `npm run build` makes, each with the file that marks it done and what it is
 * made from: `scripts/ensure-build.ts` (before `npm start`) and the benchmarks' `ensureBuild`
 * compare their times to know whether a build is current.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

export interface BuildOutput {
  /** The file the build writes last: its time is the build's. */
  marker: string;
  /** Files and folders (from the project root) the output is made from. */
  sources: string[];
}

/** The web app (`react-router build`, then scripts/compress-build.ts). */
export const WEB_BUILD: BuildOutput = {
  marker: path.join(root, "build/client/__spa-fallback.html"),
  sources: ["src/web", "src/shared", "content", "public", "react-router.config.ts", "vite.config.ts", "scripts/compress-build.ts", "package-lock.json"],
};

/** The server as one ES module (scripts/build-server.ts); `npm start` runs it. */
export const SERVER_BUNDLE: BuildOutput = {
  marker: path.join(root, "build/server-bundle/index.mjs"),
  // content/ holds the code that reads the content files (the files themselves are read at run time).
  sources: ["src/server", "src/shared", "content", "scripts/build-server.ts", "package-lock.json"],
};

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((entry) => newestMtime(path.join(target, entry))));
}

export function isBuilt(output: BuildOutput): boolean {
  return existsSync(output.marker);
}

/** True when the output is missing or one of its sources changed after it was made. */
export function isStale(output: BuildOutput): boolean {
  const builtAt = isBuilt(output) ? statSync(output.marker).mtimeMs : 0;
  return builtAt === 0 || output.sources.some((source) => newestMtime(path.join(root, source)) > builtAt);
}

/**
 * How `npm start` runs the production server (package.json spells the same, start-command.test.ts
 * checks it): the bundle, with Node's compile cache in build/, so that a warm start reuses the
 * bytecode V8 made of the bundle last time instead of compiling its 8 MB again; and without V8's
 * pretenuring by allocation site (decision 031). Whatever else starts the production server as
 * `npm start` does (the demo, the benchmarks, the browser tests) takes it from here.
 */
const ENGINE_FLAGS = ["--no-allocation-site-pretenuring"];
export const PRODUCTION_SERVER = {
  /** Node's arguments, from the project root. */
  args: [...ENGINE_FLAGS, "build/server-bundle/index.mjs"],
  /** V8's switches among them: the API benchmark's profile runs the sources with them too. */
  engineFlags: ENGINE_FLAGS,
  env: { NODE_COMPILE_CACHE: path.join(root, "build/node-compile-cache") },
};
