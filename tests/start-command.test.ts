import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PRODUCTION_SERVER } from "../scripts/build-outputs.ts";
import { PROJECT_ROOT } from "../src/server/project-root.ts";

// The demo, the benchmarks and the browser tests start the production server from
// PRODUCTION_SERVER; `npm start` spells it out in package.json. They must stay the same, or
// what is measured and tested is not what runs.
describe("npm start", () => {
  it("runs the production server as PRODUCTION_SERVER says", () => {
    const start = (JSON.parse(readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts.start;
    const cache = path.relative(PROJECT_ROOT, PRODUCTION_SERVER.env.NODE_COMPILE_CACHE);
    expect(start).toBe(`NODE_COMPILE_CACHE=${cache} exec node ${PRODUCTION_SERVER.args.join(" ")}`);
  });
});
