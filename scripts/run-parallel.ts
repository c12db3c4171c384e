/**
 * `node scripts/run-parallel.ts typecheck lint`: runs npm scripts at the same time and fails when
 * any of them fails. `npm test` runs the type check and the lint this way: each is one Node
 * process on one core (about 70 and 90 s on CI's two cores), and neither reads what the other
 * writes (ESLint and Prettier ignore .react-router/, where the type generation writes), so
 * together they take the time of the longer one instead of the sum.
 *
 * Each script's output is held and printed whole when it ends, so that the two logs do not
 * interleave; every script runs to its end, so that one run reports every problem.
 */
import { spawn } from "node:child_process";

const names = process.argv.slice(2);
if (names.length === 0) {
  process.stderr.write("usage: node scripts/run-parallel.ts <npm script>...\n");
  process.exit(2);
}

const run = (name: string) =>
  new Promise<{ name: string; code: number }>((resolve) => {
    const started = performance.now();
    const child = spawn("npm", ["run", "--silent", name], { stdio: ["ignore", "pipe", "pipe"] });
    const output: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (code, signal) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      const outcome = code === 0 ? "passed" : `failed (${signal ?? `exit ${code}`})`;
      process.stdout.write(`\n> npm run ${name}: ${outcome} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(output));
      resolve({ name, code: code ?? 1 });
    });
  });

const results = await Promise.all(names.map(run));
const failed = results.filter((result) => result.code !== 0).map((result) => result.name);
if (failed.length > 0) {
  process.stderr.write(`\nFailed: ${failed.join(", ")}\n`);
  process.exit(1);
}
