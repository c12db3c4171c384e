import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.ts";

const SECRET = "a-test-secret-that-is-long-enough-0123";
const folders: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "glassroom-env-test-"));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** loadConfig with a throw-away data folder and the given settings. */
function load(env: Record<string, string | undefined>) {
  return loadConfig({ DATA_DIR: tempDir(), ...env });
}

function configErrorOf(env: Record<string, string | undefined>): ConfigError {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe("loadConfig", () => {
  it("has working defaults for development", () => {
    const config = load({ AUTH_SECRET: SECRET });
    expect(config).toMatchObject({
      nodeEnv: "development",
      port: 3000,
      appUrl: "http://localhost:3000",
      databaseUrl: undefined,
      smtpUrl: undefined,
      google: undefined,
      allowWorkspaceSignup: true,
      logLevel: "info",
      rateLimitMultiplier: 1,
      authSecret: SECRET,
    });
  });

  it("reads every setting it is given", () => {
    const dataDir = tempDir();
    const config = loadConfig({
      NODE_ENV: "production",
      PORT: "8080",
      APP_URL: "https://tutor.example.com/",
      DATA_DIR: dataDir,
      DATABASE_URL: "postgresql://u:p@db:5432/glassroom",
      AUTH_SECRET: SECRET,
      SMTP_URL: "smtps://u:p@mail.example.com:465",
      MAIL_FROM: "Tutors <hello@example.com>",
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
      ALLOW_WORKSPACE_SIGNUP: "no",
      LOG_LEVEL: "debug",
      RATE_LIMIT_MULTIPLIER: "5",
    });
    expect(config).toMatchObject({
      nodeEnv: "production",
      port: 8080,
      appUrl: "https://tutor.example.com",
      dataDir,
      databaseUrl: "postgresql://u:p@db:5432/glassroom",
      authSecret: SECRET,
      smtpUrl: "smtps://u:p@mail.example.com:465",
      mailFrom: "Tutors <hello@example.com>",
      google: { clientId: "id", clientSecret: "secret", issuer: "https://accounts.google.com" },
      allowWorkspaceSignup: false,
      logLevel: "debug",
      rateLimitMultiplier: 5,
    });
  });

  it("derives APP_URL from PORT when unset", () => {
    expect(load({ PORT: "4321", AUTH_SECRET: SECRET }).appUrl).toBe("http://localhost:4321");
  });

  it("generates an auth secret once in development and keeps it in DATA_DIR", () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim()).toBe(first.authSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(first.authSecret);
  });

  it("never writes a secret file when one is given", () => {
    const dataDir = tempDir();
    loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET });
    expect(existsSync(path.join(dataDir, "auth-secret"))).toBe(false);
  });

  it.each([
    ["PORT", { PORT: "abc" }],
    ["PORT", { PORT: "70000" }],
    ["PORT", { PORT: "-1" }],
    ["APP_URL", { APP_URL: "nope" }],
    ["APP_URL", { APP_URL: "ftp://example.com" }],
    ["DATABASE_URL", { DATABASE_URL: "http://x" }],
    ["DATABASE_URL", { DATABASE_URL: "not a url" }],
    ["SMTP_URL", { SMTP_URL: "http://mail.example.com" }],
    ["MAIL_FROM", { MAIL_FROM: "nobody" }],
    ["NODE_ENV", { NODE_ENV: "staging" }],
    ["AUTH_SECRET", { NODE_ENV: "production", AUTH_SECRET: undefined }],
    ["AUTH_SECRET", { AUTH_SECRET: "too-short-secret" }],
    ["GOOGLE_CLIENT_SECRET", { GOOGLE_CLIENT_ID: "client-id" }],
    ["GOOGLE_CLIENT_ID", { GOOGLE_CLIENT_SECRET: "client-secret" }],
    ["GOOGLE_ISSUER", { GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s", GOOGLE_ISSUER: "issuer" }],
    ["ALLOW_WORKSPACE_SIGNUP", { ALLOW_WORKSPACE_SIGNUP: "maybe" }],
    ["RATE_LIMIT_MULTIPLIER", { RATE_LIMIT_MULTIPLIER: "0" }],
    ["RATE_LIMIT_MULTIPLIER", { RATE_LIMIT_MULTIPLIER: "lots" }],
  ] as const)("refuses a bad %s (%j) with a ConfigError naming it", (name, env) => {
    const error = configErrorOf({ AUTH_SECRET: SECRET, ...env });
    expect(error.message).toContain(name);
  });

  it("reads the install's Stripe keys (both or neither, in Stripe's shapes) and the Stripe API's origin", () => {
    const keys = { AUTH_SECRET: SECRET, STRIPE_SECRET_KEY: "sk_test_51Habcdefgh", STRIPE_WEBHOOK_SECRET: "whsec_abcdefgh12" };
    expect(load(keys).stripe).toEqual({
      keys: { secretKey: "sk_test_51Habcdefgh", webhookSecret: "whsec_abcdefgh12" },
      apiUrl: "https://api.stripe.com",
    });
    expect(load({ AUTH_SECRET: SECRET, STRIPE_API_URL: "http://127.0.0.1:12111/" }).stripe).toEqual({ keys: undefined, apiUrl: "http://127.0.0.1:12111" });
    expect(configErrorOf({ AUTH_SECRET: SECRET, STRIPE_SECRET_KEY: "sk_test_51Habcdefgh" }).message).toBe(
      "STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set.",
    );
    expect(configErrorOf({ ...keys, STRIPE_SECRET_KEY: "pk_test_51Habcdefgh" }).message).toMatch(
      /^STRIPE_SECRET_KEY must be a Stripe secret or restricted key/,
    );
    expect(configErrorOf({ ...keys, STRIPE_WEBHOOK_SECRET: "secret" }).message).toMatch(/^STRIPE_WEBHOOK_SECRET must be/);
    expect(configErrorOf({ AUTH_SECRET: SECRET, STRIPE_API_URL: "ftp://stripe" }).message).toMatch(/^STRIPE_API_URL must be a http:\/\/ or https:\/\/ URL/);
  });

  it("names both Google settings when only the id is set", () => {
    expect(configErrorOf({ AUTH_SECRET: SECRET, GOOGLE_CLIENT_ID: "client-id" }).message).toBe(
      "GOOGLE_CLIENT_SECRET is required when GOOGLE_CLIENT_ID is set.",
    );
  });

  it("requires AUTH_SECRET in production even though development would generate one", () => {
    expect(configErrorOf({ NODE_ENV: "production" }).message).toBe("AUTH_SECRET is required when NODE_ENV=production.");
  });

  it("accepts the usual spellings of true and false", () => {
    for (const value of ["true", "1", "yes", "TRUE"]) expect(load({ AUTH_SECRET: SECRET, ALLOW_WORKSPACE_SIGNUP: value }).allowWorkspaceSignup).toBe(true);
    for (const value of ["false", "0", "no", "No"]) expect(load({ AUTH_SECRET: SECRET, ALLOW_WORKSPACE_SIGNUP: value }).allowWorkspaceSignup).toBe(false);
  });
});
