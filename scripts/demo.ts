/**
 * `npm run demo`: Glassroom as `npm start` runs it, on a data folder of its own (./data-demo)
 * that holds a demo workspace. The first run seeds it through the API (scripts/demo-seed.ts,
 * the tests' factories) while the server runs; later runs reuse it. Prints the accounts.
 *
 * The server is the real one (the server bundle in a child process, as `npm start` execs
 * it). The seed drives an in-process app on the same database rather than the server over
 * HTTP: forty sign-ups from one address would hit the sign-up rate limit, and in-process each
 * factory client has an address of its own, as in the tests.
 *
 * Card payments run against the Stripe test double (tests/stripe-double/), started here on
 * STRIPE_DOUBLE_PORT (12111 unless told) and given to the server as the install's Stripe keys:
 * a family can pay on its page in the browser. Its objects are kept in data-demo between runs,
 * as saved cards there refer to them. No real Stripe key is ever used by the demo.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { bootApp } from "../src/server/boot.ts";
import { runningEmbeddedDatabaseUrl } from "../src/server/db/embedded.ts";
import { user } from "../src/server/db/schema.ts";
import { runAutopay } from "../src/server/features/online-payments/index.ts";
import { ConfigError, loadConfig, type Config } from "../src/server/env.ts";
import { createLogger } from "../src/server/lib/logger.ts";
import { DEFAULT_APP_URL, type AppLike } from "../tests/client.ts";
import { loadStore, startStripeDouble, storeToJson } from "../tests/stripe-double/index.ts";
import { PRODUCTION_SERVER } from "./build-outputs.ts";
import { DEMO_ADMIN } from "./demo-data.ts";
import { demoClock } from "./demo-clock.ts";
import { seedDemoWorkspace, type DemoSummary } from "./demo-seed.ts";

const root = path.resolve(import.meta.dirname, "..");
const DATA_DIR = path.join(root, "data-demo");
/** Written when the seed has finished: its summary, printed again on later runs. */
const MARKER = path.join(DATA_DIR, "demo-seeded.json");
/** The Stripe double's objects (customers, saved cards, payments), written when the demo stops. */
const STRIPE_STATE = path.join(DATA_DIR, "stripe-double.json");

function stop(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

if (process.env.NODE_ENV === "production") {
  stop("npm run demo refuses to run with NODE_ENV=production: its accounts share a published password; start a real install with npm start.");
}

let stripeDouble: Awaited<ReturnType<typeof startStripeDouble>>;
try {
  stripeDouble = await startStripeDouble({ port: Number(process.env.STRIPE_DOUBLE_PORT ?? 12111) });
} catch (error) {
  stop(
    `Glassroom demo cannot start its Stripe test double: ${error instanceof Error ? error.message : String(error)} (set STRIPE_DOUBLE_PORT to a free port).`,
  );
}
if (existsSync(STRIPE_STATE)) loadStore(stripeDouble.store, readFileSync(STRIPE_STATE, "utf8"));
// Written on the way out, however the demo stops short of a kill.
process.on("exit", () => {
  if (existsSync(DATA_DIR)) writeFileSync(STRIPE_STATE, storeToJson(stripeDouble.store));
});

// The demo's own database, no real mail (the seed mails forty made-up addresses) and the double's Stripe.
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR,
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  STRIPE_SECRET_KEY: stripeDouble.secretKey,
  STRIPE_WEBHOOK_SECRET: stripeDouble.webhookSecret,
  STRIPE_API_URL: stripeDouble.url,
};
delete env.DATABASE_URL;
delete env.SMTP_URL;

let config: Config;
try {
  config = loadConfig(env);
} catch (error) {
  stop(error instanceof ConfigError ? `Glassroom demo cannot start: ${error.message}` : String(error));
}

// As `npm start` does first (its prestart): build the web app and the server bundle if missing or stale.
const build = spawnSync(process.execPath, [path.join(root, "scripts/ensure-build.ts")], { cwd: root, stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn(process.execPath, PRODUCTION_SERVER.args, { cwd: root, env: { ...env, ...PRODUCTION_SERVER.env }, stdio: "inherit" });
let failed = false;
server.on("exit", (code, signal) => process.exit(failed ? 1 : (code ?? (signal ? 1 : 0))));
// Ctrl+C reaches the server too (same process group); a SIGTERM to this script is passed on.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => server.kill(signal === "SIGHUP" ? "SIGTERM" : signal));

/** The server as this machine reaches it. */
const serverUrl = `http://${config.host && config.host !== "0.0.0.0" && config.host !== "::" ? config.host : "127.0.0.1"}:${config.port}`;

async function waitForHealth(): Promise<void> {
  const url = `${serverUrl}/api/health`;
  for (let waited = 0; waited < 120_000; waited += 250) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`The demo server did not answer ${url} within two minutes.`);
}

/**
 * The factories' clients address http://localhost:3000, the tests' APP_URL; the demo's may be
 * another (PORT, APP_URL), and the app refuses writes from any other origin.
 */
function onAppOrigin(app: AppLike): AppLike {
  const origin = new URL(config.appUrl).origin;
  return {
    request(input, init) {
      const headers = new Headers(init?.headers);
      if (headers.get("origin") === DEFAULT_APP_URL) headers.set("origin", origin);
      const url = input.startsWith(DEFAULT_APP_URL) ? origin + input.slice(DEFAULT_APP_URL.length) : input;
      return app.request(url, { ...init, headers });
    },
  };
}

async function seedOnce(databaseUrl: string): Promise<DemoSummary> {
  if (existsSync(MARKER)) return JSON.parse(readFileSync(MARKER, "utf8")) as DemoSummary;
  // The seed walks through the term on this clock (scripts/demo-clock.ts); the server started afterwards runs on the real time.
  const clock = demoClock();
  const { deps, app } = await bootApp(config, databaseUrl, createLogger("warn"), undefined, { poolMax: 4, clock });
  try {
    const [existing] = await deps.db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_ADMIN.email));
    if (existing) {
      throw new Error(
        `${DATA_DIR} holds a demo that was not finished (an earlier seed stopped half-way): stop this (Ctrl+C), delete ${DATA_DIR} and run npm run demo again.`,
      );
    }
    process.stdout.write("Seeding the demo workspace through the API (a minute or two)…\n");
    // Stripe's webhooks of the seed reach the seeding app, on the demo clock, over HTTP.
    const webhooks = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => webhooks.once("listening", resolve));
    try {
      const webhookBase = `http://127.0.0.1:${(webhooks.address() as AddressInfo).port}/api/webhooks/stripe`;
      const summary = await seedDemoWorkspace({ app: onAppOrigin(app), db: deps.db }, clock, {
        double: stripeDouble,
        webhookBase,
        runAutopay: () => runAutopay(deps),
      });
      writeFileSync(MARKER, JSON.stringify(summary, null, 2));
      writeFileSync(STRIPE_STATE, storeToJson(stripeDouble.store));
      return summary;
    } finally {
      await new Promise((resolve) => webhooks.close(resolve));
    }
  } finally {
    await deps.jobs.stop();
    await deps.db.$client.end();
  }
}

/** The CRM's pipeline in a line (a demo seeded before the CRM was has none). */
function crmLine(crm: DemoSummary["crm"]): string {
  const stages = Object.entries(crm.byStage)
    .map(([stage, total]) => `${total} ${stage.toLowerCase()}`)
    .join(", ");
  return `CRM (/admin/crm): ${crm.leads} leads (${stages}), ${crm.tasksOpen} open tasks (${crm.tasksOverdue} overdue), ${crm.trialsBooked - crm.trialsWithFeedback} trials to come and ${crm.trialsWithFeedback} with feedback, ${crm.converted} families converted.`;
}

function printAccounts(summary: DemoSummary): void {
  const shown = [
    ...summary.accounts.filter((account) => account.role !== "parent"),
    ...summary.accounts.filter((account) => account.role === "parent").slice(0, 4),
  ];
  const parentsLeft = summary.accounts.filter((account) => account.role === "parent").length - 4;
  const widths = (["role", "name", "email"] as const).map((key) => Math.max(key.length, ...shown.map((account) => account[key].length)));
  const line = (cells: string[]) => cells.map((cell, index) => (index < 3 ? cell.padEnd(widths[index]!) : cell)).join("  ");
  const out = [
    "",
    `Glassroom demo: ${summary.workspaceName}, ${summary.students} students, ${summary.accounts.length} accounts. Data in ${path.relative(process.cwd(), DATA_DIR) || DATA_DIR}.`,
    "",
    line(["role", "name", "email", "who"]),
    line(widths.map((width) => "-".repeat(width)).concat("---")),
    ...shown.map((account) => line([account.role, account.name, account.email, account.note])),
    `…and ${parentsLeft} more parents (firstname.lastname@example.com; all in Members).`,
    "",
    ...(summary.crm ? [crmLine(summary.crm), ""] : []),
    ...(summary.library
      ? [
          `Resources (/admin/resources): ${summary.library.resources} in the library; the cancellation policy acknowledged by ${summary.library.familiesAcknowledged} of ${summary.library.familiesAsked} parents.`,
          "",
        ]
      : []),
    `Password of every account: ${summary.password}`,
    `Open ${config.appUrl}/login — mail (confirmations, invitations) is in ${config.appUrl}/api/dev/outbox`,
    `Card payments go to the Stripe test double on ${stripeDouble.url}: its page takes no card number, only a choice of outcome.`,
    "Waiting in Approvals: a join request; in Members: an invitation not yet accepted. Stop with Ctrl+C.",
    "",
  ];
  process.stdout.write(out.join("\n"));
}

try {
  await waitForHealth();
  const databaseUrl = runningEmbeddedDatabaseUrl(DATA_DIR);
  if (!databaseUrl) throw new Error(`The demo server runs, but its database in ${DATA_DIR} cannot be found.`);
  const summary = await seedOnce(databaseUrl);
  stripeDouble.control.setWebhookEndpoint(`${serverUrl}/api/webhooks/stripe/${summary.organizationId}`);
  printAccounts(summary);
} catch (error) {
  process.stderr.write(`Glassroom demo: ${error instanceof Error ? error.message : String(error)}\n`);
  failed = true;
  server.kill("SIGTERM");
}
