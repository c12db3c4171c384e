import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { STRIPE_SECRET_KEY_PATTERN, STRIPE_WEBHOOK_SECRET_PATTERN } from "../shared/schemas/online-payments.ts";

/**
 * The one reader of process.env. Every setting is parsed here; a missing or malformed one
 * stops the start with a sentence naming it (ConfigError, exit code 1 in index.ts).
 */
export class ConfigError extends Error {}

export interface StripeSettings {
  /** The install's keys (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, both or neither). */
  keys: { secretKey: string; webhookSecret: string } | undefined;
  /** STRIPE_API_URL (test-only): the Stripe API's origin, https://api.stripe.com unless a test double stands in. */
  apiUrl: string;
}

export interface Config {
  nodeEnv: "development" | "production" | "test";
  port: number;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Who gets what the marketing site's forms send (contact, affiliate application); unset: stored only. */
  operatorEmail: string | undefined;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  /** Stripe for every workspace that has not set its own keys; and where the API is (a test double in tests). */
  stripe: StripeSettings;
  allowWorkspaceSignup: boolean;
  logLevel: string;
  /** Rate limits can be raised for load tests; never off by default. */
  rateLimitMultiplier: number;
  /** Interface to listen on; unset: all interfaces. */
  host: string | undefined;
  /** False under `npm run dev`, where Vite serves the web app and proxies /api here. */
  serveWebBuild: boolean;
  /**
   * A development server on this machine (not production, APP_URL on a loopback host): the
   * "local development host", where everyone may switch role and mail is kept in the
   * outbox page. A development server reachable under another name gets neither.
   */
  localDevelopment: boolean;
  /** Where uploaded files (recordings, the library, exports) are kept: folders of DATA_DIR, or an S3-compatible bucket. */
  storage: StorageSettings;
  /** The largest recording upload, in bytes. */
  recordingMaxBytes: number;
  /** The largest file of the library, in bytes. */
  resourceMaxBytes: number;
}

export type StorageSettings =
  { kind: "local" } | { kind: "s3"; endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean };

type Env = Record<string, string | undefined>;

function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (/^(true|1|yes)$/i.test(raw)) return true;
  if (/^(false|0|no)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false, not "${raw}".`);
}

function readUrl(env: Env, name: string, fallback: string | undefined, protocols: string[]): string | undefined {
  const raw = env[name] || fallback;
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL, not "${raw}".`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must be a ${protocols.map((protocol) => `${protocol}//`).join(" or ")} URL, not "${raw}".`);
  }
  return raw;
}

function readAuthSecret(env: Env, nodeEnv: Config["nodeEnv"], dataDir: string): string {
  const given = env.AUTH_SECRET;
  if (given) {
    if (given.length < 32) throw new ConfigError("AUTH_SECRET must be at least 32 characters long.");
    return given;
  }
  if (nodeEnv === "production") throw new ConfigError("AUTH_SECRET is required when NODE_ENV=production.");
  // Development: generated once and kept with the data, so sessions survive restarts.
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function readStorage(env: Env): StorageSettings {
  const kind = env.STORAGE || "local";
  if (kind === "local") return { kind };
  if (kind !== "s3") throw new ConfigError(`STORAGE must be local or s3, not "${kind}".`);
  const missing = ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"].filter((name) => !env[name]);
  if (missing.length > 0) throw new ConfigError(`${missing.join(", ")} ${missing.length > 1 ? "are" : "is"} required when STORAGE=s3.`);
  const region = env.S3_REGION || "us-east-1";
  if (!/^[a-z0-9-]{1,40}$/.test(region)) throw new ConfigError(`S3_REGION must be a region name such as eu-west-1, not "${region}".`);
  const endpoint = readUrl(env, "S3_ENDPOINT", `https://s3.${region}.amazonaws.com`, ["http:", "https:"])!.replace(/\/+$/, "");
  const bucket = env.S3_BUCKET!;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new ConfigError(`S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, dots and dashes), not "${bucket}".`);
  return {
    kind,
    endpoint,
    bucket,
    region,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: readBoolean(env, "S3_FORCE_PATH_STYLE", false),
  };
}

function readMaxBytes(env: Env, name: "RECORDING_MAX_BYTES" | "RESOURCE_MAX_BYTES", fallback: number): number {
  const raw = env[name] || String(fallback);
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < 1)
    throw new ConfigError(`${name} must be a whole number of bytes of at least 1, not "${raw}".`);
  return value;
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnvRaw = env.NODE_ENV || "development";
  if (!["development", "production", "test"].includes(nodeEnvRaw)) {
    throw new ConfigError(`NODE_ENV must be development, production or test, not "${nodeEnvRaw}".`);
  }
  const nodeEnv = nodeEnvRaw as Config["nodeEnv"];

  const portRaw = env.PORT || "3000";
  const port = Number(portRaw);
  if (!/^\d+$/.test(portRaw) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a number from 0 to 65535, not "${portRaw}".`);
  }

  const appUrl = readUrl(env, "APP_URL", `http://localhost:${port}`, ["http:", "https:"])!.replace(/\/+$/, "");
  const dataDir = path.resolve(env.DATA_DIR || "./data");
  const databaseUrl = readUrl(env, "DATABASE_URL", undefined, ["postgres:", "postgresql:"]);
  const smtpUrl = readUrl(env, "SMTP_URL", undefined, ["smtp:", "smtps:"]);

  const mailFrom = env.MAIL_FROM || "Glassroom <no-reply@glassroom.local>";
  if (!/^[^<>@\s]+@[^<>@\s]+$|<[^<>@\s]+@[^<>@\s]+>$/.test(mailFrom)) {
    throw new ConfigError(`MAIL_FROM must be an email address such as "Glassroom <no-reply@example.com>", not "${mailFrom}".`);
  }

  const operatorEmail = env.OPERATOR_EMAIL?.trim() || undefined;
  if (operatorEmail && !/^[^<>@\s,;]+@[^<>@\s,;]+\.[^<>@\s,;]+$/.test(operatorEmail)) {
    throw new ConfigError(`OPERATOR_EMAIL must be one email address such as hello@example.com, not "${operatorEmail}".`);
  }

  const clientId = env.GOOGLE_CLIENT_ID;
  const clientSecret = env.GOOGLE_CLIENT_SECRET;
  if (Boolean(clientId) !== Boolean(clientSecret)) {
    throw new ConfigError(
      `${clientId ? "GOOGLE_CLIENT_SECRET" : "GOOGLE_CLIENT_ID"} is required when ${clientId ? "GOOGLE_CLIENT_ID" : "GOOGLE_CLIENT_SECRET"} is set.`,
    );
  }
  // GOOGLE_ISSUER points the Google sign-in at an OpenID Connect test double in tests.
  const issuer = readUrl(env, "GOOGLE_ISSUER", "https://accounts.google.com", ["http:", "https:"])!.replace(/\/+$/, "");
  const google = clientId && clientSecret ? { clientId, clientSecret, issuer } : undefined;

  const stripeSecretKey = env.STRIPE_SECRET_KEY?.trim() || undefined;
  const stripeWebhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() || undefined;
  if (Boolean(stripeSecretKey) !== Boolean(stripeWebhookSecret)) {
    throw new ConfigError(
      `${stripeSecretKey ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY"} is required when ${stripeSecretKey ? "STRIPE_SECRET_KEY" : "STRIPE_WEBHOOK_SECRET"} is set.`,
    );
  }
  if (stripeSecretKey && !STRIPE_SECRET_KEY_PATTERN.test(stripeSecretKey))
    throw new ConfigError("STRIPE_SECRET_KEY must be a Stripe secret or restricted key (sk_test_…, sk_live_…, rk_test_… or rk_live_…).");
  if (stripeWebhookSecret && !STRIPE_WEBHOOK_SECRET_PATTERN.test(stripeWebhookSecret))
    throw new ConfigError("STRIPE_WEBHOOK_SECRET must be a Stripe webhook signing secret (whsec_…).");
  const stripe: StripeSettings = {
    keys: stripeSecretKey && stripeWebhookSecret ? { secretKey: stripeSecretKey, webhookSecret: stripeWebhookSecret } : undefined,
    // STRIPE_API_URL points the Stripe library at a test double in tests and the demo.
    apiUrl: readUrl(env, "STRIPE_API_URL", "https://api.stripe.com", ["http:", "https:"])!.replace(/\/+$/, ""),
  };

  const multiplierRaw = env.RATE_LIMIT_MULTIPLIER || "1";
  const rateLimitMultiplier = Number(multiplierRaw);
  if (!Number.isFinite(rateLimitMultiplier) || rateLimitMultiplier < 1) {
    throw new ConfigError(`RATE_LIMIT_MULTIPLIER must be a number of at least 1, not "${multiplierRaw}".`);
  }

  return {
    nodeEnv,
    port,
    appUrl,
    dataDir,
    databaseUrl,
    authSecret: readAuthSecret(env, nodeEnv, dataDir),
    smtpUrl,
    mailFrom,
    operatorEmail: operatorEmail?.toLowerCase(),
    google,
    stripe,
    allowWorkspaceSignup: readBoolean(env, "ALLOW_WORKSPACE_SIGNUP", true),
    logLevel: env.LOG_LEVEL || (nodeEnv === "test" ? "warn" : "info"),
    rateLimitMultiplier,
    host: env.HOST || undefined,
    serveWebBuild: env.GLASSROOM_API_ONLY !== "true",
    localDevelopment: nodeEnv !== "production" && ["localhost", "127.0.0.1", "[::1]"].includes(new URL(appUrl).hostname),
    storage: readStorage(env),
    recordingMaxBytes: readMaxBytes(env, "RECORDING_MAX_BYTES", 2 * 1024 ** 3),
    resourceMaxBytes: readMaxBytes(env, "RESOURCE_MAX_BYTES", 50 * 1024 ** 2),
  };
}
