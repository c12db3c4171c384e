/**
 * The project's root folder, for the files the server reads at run time (the migrations, the
 * web build, git's HEAD). This file is in `src/server/` and the production bundle is
 * `build/server-bundle/index.mjs` (scripts/build-server.ts): both two folders below the root, so the
 * same `../..` holds whether the server runs from its TypeScript or from the bundle. Every
 * other module takes its paths from here, never from its own `import.meta.dirname`, which in
 * the bundle is the bundle's folder.
 */
import path from "node:path";

export const PROJECT_ROOT = path.resolve(import.meta.dirname, "../..");
