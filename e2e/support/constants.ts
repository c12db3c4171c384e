/**
 * Fixed addresses and secrets of the end-to-end servers (throw-away values: these servers
 * only ever run on the test machine). Shared by playwright.config.ts, the server launchers
 * and the specs; no test-runner imports here.
 */
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export const APP_PORT = 4310;
export const APP_URL = `http://localhost:${APP_PORT}`;

/** The OpenID Connect test double standing in for Google (GOOGLE_ISSUER). */
export const OIDC_PORT = 4311;
export const OIDC_ISSUER = `http://localhost:${OIDC_PORT}`;
export const GOOGLE_CLIENT_ID = "glassroom-e2e.apps.googleusercontent.com";
export const GOOGLE_CLIENT_SECRET = "glassroom-e2e-google-client-secret";
export const GOOGLE_REDIRECT_URI = `${APP_URL}/api/auth/callback/google`;

/** The Stripe test double (tests/stripe-double/) the app takes card payments through: the install's keys point at it. */
export const STRIPE_DOUBLE_PORT = 4313;
export const STRIPE_DOUBLE_URL = `http://127.0.0.1:${STRIPE_DOUBLE_PORT}`;
export const STRIPE_SECRET_KEY = "sk_test_GlassroomStripeDouble";
export const STRIPE_WEBHOOK_SECRET = "whsec_GlassroomStripeDouble";

/**
 * The PostgreSQL the e2e app server uses (DATABASE_URL), started by e2e/support/postgres.ts.
 * The app connects as glassroom_owner, which owns the database and is not a superuser (the
 * server refuses a superuser); the superuser `postgres` (same password) only sets things up.
 */
export const POSTGRES_PORT = 4312;
export const POSTGRES_PASSWORD = "glassroom-e2e-postgres";
export const DATABASE_URL = `postgres://glassroom_owner:${POSTGRES_PASSWORD}@127.0.0.1:${POSTGRES_PORT}/glassroom`;

/** Everything a run writes: deleted when the run's PostgreSQL launcher starts. */
export const E2E_ROOT = path.join(os.tmpdir(), "glassroom-e2e");
export const E2E_POSTGRES_DIR = path.join(E2E_ROOT, "postgres");
export const E2E_DATA_DIR = path.join(E2E_ROOT, "app-data");

/** Rate limits are multiplied by this on the shared server: specs sign in many times from one address. */
export const RATE_LIMIT_MULTIPLIER = 50;

/** Receives what the public site's forms send (OPERATOR_EMAIL); read from the dev outbox. */
export const OPERATOR_EMAIL = "operator@glassroom-e2e.example";

/** Long enough, and not on the common-password list. */
export const TEST_PASSWORD = "Glassroom-E2E-Passphrase-42";

export const PROJECT_ROOT = path.resolve(import.meta.dirname, "../..");
/** The Node 24 of the `node` devDependency (never the machine's own node). */
export const NODE_BIN = path.join(PROJECT_ROOT, "node_modules/.bin/node");

/**
 * The browser of the tests: Debian's headless shell of Chromium (package chromium-headless-shell,
 * the same engine without the desktop browser's windowing, and much less work for the machine),
 * or Debian's full Chromium where only that one is installed.
 */
export const CHROMIUM_EXECUTABLE = existsSync("/usr/lib/chromium/chromium-headless-shell") ? "/usr/lib/chromium/chromium-headless-shell" : "/usr/bin/chromium";
