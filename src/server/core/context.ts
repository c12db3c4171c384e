import type { OpenAPIHono } from "@hono/zod-openapi";
import type { MemberRole, Role } from "../../shared/roles.ts";
import type { Auth } from "../auth/auth.ts";
import type { Database } from "../db/client.ts";
import type { Config } from "../env.ts";
import type { JobQueue } from "../jobs/runner.ts";
import type { Logger } from "../lib/logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { Storage } from "../storage/storage.ts";
import type { Clock } from "./clock.ts";

export interface AppDeps {
  config: Config;
  db: Database;
  auth: Auth;
  mailer: Mailer;
  logger: Logger;
  /** Background jobs (pg-boss): queue one inside a transaction; the server runs the workers. */
  jobs: JobQueue;
  /** Where session recordings are kept (STORAGE: local files or an S3 bucket). */
  recordings: Storage;
  /** Where the library's files are kept (resources and their versions). */
  resources: Storage;
  /** Where workspace export archives are kept until they expire. */
  exports: Storage;
  /** The time business rules read (systemClock; tests pass a fixedClock to pin it). */
  clock: Clock;
  /** Where the built web app lives; absent in API-only tests. */
  webRoot?: string;
}

/** One membership of the signed-in account with its workspace, as GET /api/me lists them. */
export interface AccountWorkspace {
  id: string;
  name: string;
  slug: string;
  timeZone: string;
  currency: string;
  role: string;
  status: string;
}

/** What the app reads of the signed-in account (Better Auth's user has these and more). */
export interface ViewerUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  twoFactorEnabled?: boolean | null;
  devops?: boolean | null;
}

/** What the app reads of the session (Better Auth's session has these and more). */
export interface ViewerSession {
  id: string;
  userId: string;
  expiresAt: Date;
  activeOrganizationId?: string | null;
  roleOverride?: string | null;
}

/** The signed-in person as every operation sees them, after the role rules are applied. */
export interface Viewer {
  user: ViewerUser;
  session: ViewerSession;
  /** The role shown and checked: the honoured override, else the membership role, else pending. */
  role: Role;
  organizationId: string | null;
  membership: { id: string; role: string; status: string } | null;
  canSwitchRole: boolean;
}

/**
 * The viewer once an operation's permission check has admitted them (lib/operation.ts): a
 * member of the active workspace whose role holds the permission. Operations declared with
 * needs(permission) read it as c.var.member, with the workspace and membership known.
 */
export interface MemberContext extends Viewer {
  role: MemberRole;
  organizationId: string;
  membership: NonNullable<Viewer["membership"]>;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    clientIp: string;
    viewer: Viewer | null;
    /** Every membership of the signed-in account, when the session read was asked for them (GET /api/me). */
    accountWorkspaces?: AccountWorkspace[];
    /** The answer was made with all its headers (middleware/json-answers.ts): nothing is added to it. */
    wholeAnswer?: boolean;
  };
}

export type App = OpenAPIHono<AppEnv>;

/** The environment of an operation behind a permission: AppEnv, and the admitted member. */
export interface MemberEnv extends AppEnv {
  Variables: AppEnv["Variables"] & { member: MemberContext };
}
