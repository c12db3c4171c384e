/**
 * Run after `react-router build`: writes a gzip (.gz) and a Brotli (.br) copy beside each
 * compressible static file of the web build, at the highest levels, once. The server then sends
 * these copies as they are (serveStatic's `precompressed`) instead of compressing the same
 * scripts again for every page load.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = path.resolve(import.meta.dirname, "../build/client");
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|data)$/;
// Smaller files gain nothing worth a second file (the server's own compression skips them too).
const MIN_BYTES = 1024;

function files(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? files(full) : [full];
  });
}

let written = 0;
let before = 0;
let after = 0;
for (const file of files(root)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const content = readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  const gzip = gzipSync(content, { level: 9 });
  const brotli = brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
  writeFileSync(`${file}.gz`, gzip);
  writeFileSync(`${file}.br`, brotli);
  written++;
  before += content.length;
  after += brotli.length;
}
process.stdout.write(`Compressed ${written} files of the web build: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB with Brotli.\n`);
