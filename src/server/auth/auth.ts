import { betterAuth } from "better-auth";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { genericOAuth, organization, twoFactor } from "better-auth/plugins";
import { MESSAGES } from "../../shared/messages.ts";
import { fullNameField } from "../../shared/schemas/fields.ts";
import { notify } from "../core/notify.ts";
import type { Clock } from "../core/clock.ts";
import type { Config } from "../env.ts";
import type { Database } from "../db/client.ts";
import type { JobQueue } from "../jobs/runner.ts";
import * as schema from "../db/schema.ts";
import { concurrencyLimit } from "../lib/concurrency.ts";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "../lib/passwords.ts";
import { mails } from "../mail/templates.ts";
import { decideSessionStart } from "./session-gate.ts";
import { refuseTotpReplay } from "./totp-replay.ts";

export const GOOGLE_PROVIDER_ID = "google";
/** The request header our server sets from the socket address; any incoming one is dropped. */
export const CLIENT_IP_HEADER = "x-glassroom-client-ip";
/** The prefix of Better Auth's cookie names (glassroom.session_token…). */
export const AUTH_COOKIE_PREFIX = "glassroom";

/** At most two password hashes at a time, leaving the rest of the thread pool to requests. */
const passwordWork = concurrencyLimit(2);

export interface AuthDeps {
  config: Config;
  db: Database;
  /** "Now" for the session gate's invitation expiry (AppDeps.clock). */
  clock: Clock;
  jobs: JobQueue;
}

const PASSWORD_FIELDS_BY_PATH: Record<string, string> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
};

/**
 * Better Auth writes the reset and confirmation tokens on its own connection and then calls
 * these mail callbacks outside any transaction of ours: the mail is queued at once, on the
 * database, and sent by the mail job as every other mail is.
 */
export function createAuth({ config, db, clock, jobs }: AuthDeps) {
  return betterAuth({
    appName: "Glassroom",
    // Better Auth logs to the console itself; LOG_LEVEL=silent (the tests) silences it too.
    logger: { disabled: config.logLevel === "silent" },
    baseURL: config.appUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: [config.appUrl],
    database: drizzleAdapter(db, { provider: "pg", schema }),
    // Our own Postgres-backed limiter (middleware/rate-limit.ts) covers the auth routes.
    rateLimit: { enabled: false },
    advanced: {
      // The whole IPv6 address, so that the sessions list shows where each one is.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER], ipv6Subnet: 128 },
      useSecureCookies: config.appUrl.startsWith("https://"),
      cookiePrefix: AUTH_COOKIE_PREFIX,
      database: { generateId: () => crypto.randomUUID() },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 14,
      updateAge: 60 * 60 * 24,
      // Listing and revoking one's own sessions must work on a session older than a day;
      // sensitive changes ask for the password anyway.
      freshAge: 0,
      additionalFields: {
        roleOverride: { type: "string", required: false, input: false },
      },
    },
    user: {
      additionalFields: {
        devops: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 10,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // Password hashing (scrypt) and every request's cookie signature share libuv's small
      // thread pool: a wave of sign-ins must not starve everyone else's requests.
      password: {
        hash: (password) => passwordWork(() => hashPassword(password)),
        verify: (data) => passwordWork(() => verifyPassword(data)),
      },
      sendResetPassword: async ({ user, url }) => {
        await notify(jobs, db, mails.resetPassword({ to: user.email, name: user.name, url }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        await notify(jobs, db, mails.confirmEmail({ to: user.email, name: user.name, url }));
      },
    },
    databaseHooks: {
      session: {
        create: {
          before: async (session, ctx) => {
            const decision = await decideSessionStart(db, session.userId, ctx?.path ?? "", clock.now());
            if (decision.refuse) {
              throw new APIError("FORBIDDEN", { message: MESSAGES.pendingApproval, code: "ACCOUNT_PENDING" });
            }
            return { data: { ...session, activeOrganizationId: decision.activeOrganizationId } };
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/two-factor/verify-totp") await refuseTotpReplay(ctx, db);
        if (ctx.path === "/update-user") {
          const name = (ctx.body as Record<string, unknown> | undefined)?.name;
          const parsed = name === undefined ? undefined : fullNameField.safeParse(name);
          if (parsed && !parsed.success) {
            throw new APIError("BAD_REQUEST", { message: parsed.error.issues[0]?.message ?? "Full name is not valid.", code: "INVALID_NAME" });
          }
        }
        const field = PASSWORD_FIELDS_BY_PATH[ctx.path];
        const password = field ? (ctx.body as Record<string, unknown> | undefined)?.[field] : undefined;
        if (typeof password === "string" && isCommonPassword(password)) {
          throw new APIError("BAD_REQUEST", { message: COMMON_PASSWORD_MESSAGE, code: "PASSWORD_TOO_COMMON" });
        }
        // A new password ends every other session, whatever the client asked: whoever knew
        // the old one must not stay signed in elsewhere. Only that field is given: Better Auth
        // merges it into the body, and merging the body's other (unchecked, maybe deeply
        // nested) values into themselves recursed until the stack ran out.
        if (ctx.path === "/change-password" && ctx.body && typeof ctx.body === "object") {
          return { context: { body: { revokeOtherSessions: true } } };
        }
        return undefined;
      }),
    },
    plugins: [
      organization({
        allowUserToCreateOrganization: false,
        schema: {
          organization: {
            additionalFields: {
              timeZone: { type: "string", required: true, defaultValue: "UTC", input: false },
              currency: { type: "string", required: true, defaultValue: "USD", input: false },
              locale: { type: "string", required: true, defaultValue: "en", input: false },
              joinCode: { type: "string", required: true, unique: true, input: false },
              joiningOpen: { type: "boolean", required: true, defaultValue: true, input: false },
            },
          },
          member: {
            additionalFields: {
              status: { type: "string", required: true, defaultValue: "pending", input: false },
            },
          },
        },
      }),
      twoFactor({
        issuer: "Glassroom",
        backupCodeOptions: { amount: 10, length: 10 },
      }),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: GOOGLE_PROVIDER_ID,
                  name: "Google",
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  ...googleEndpoints(config.google.issuer),
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

/**
 * Google's OpenID Connect endpoints. Written out rather than discovered so that no request
 * to Google is needed before the browser is sent there; GOOGLE_ISSUER (tests only) points
 * them at a local OpenID Connect test double that serves the same paths.
 */
export function googleEndpoints(issuer: string) {
  if (issuer === "https://accounts.google.com") {
    return {
      authorizationUrl: "https://accounts.google.com/o/oauth2/v2/auth",
      tokenUrl: "https://oauth2.googleapis.com/token",
      userInfoUrl: "https://openidconnect.googleapis.com/v1/userinfo",
    };
  }
  return {
    authorizationUrl: `${issuer}/auth`,
    tokenUrl: `${issuer}/token`,
    userInfoUrl: `${issuer}/me`,
  };
}

export type Auth = ReturnType<typeof createAuth>;
