import { and, eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { MESSAGES } from "../../shared/messages.ts";
import { isMemberRole, type Role, SWITCHABLE_ROLES } from "../../shared/roles.ts";
import type { AppDeps, AppEnv, Viewer } from "../core/context.ts";
import { createSessionReader } from "../auth/session-read.ts";
import { pingDatabase } from "../db/client.ts";
import { member } from "../db/schema.ts";
import { AppError } from "../lib/app-error.ts";

/**
 * Reads the session (if any) once per request and works out the viewer's role: in one query
 * (auth/session-read.ts), or through Better Auth when the session must be written (refreshed
 * or deleted). `withWorkspaces`: the same query also reads every membership of the account
 * (c.var.accountWorkspaces), for GET /api/me.
 */
export function loadViewer(deps: Pick<AppDeps, "auth" | "db" | "config">, options: { withWorkspaces?: boolean } = {}) {
  const readSession = createSessionReader(deps.auth, deps.db);
  return createMiddleware<AppEnv>(async (c, next) => {
    // A database error of the fast read reaches the error handler, which answers 503 for one
    // that cannot be reached.
    const fast = await readSession(c.req.header("cookie"), options);
    if (fast === "better-auth") {
      let result;
      try {
        result = await deps.auth.api.getSession({ headers: c.req.raw.headers });
      } catch (error) {
        // Better Auth turns a failed session read into a bare 500 and drops the cause: a
        // database that does not answer the probe (in two seconds at most) answers 503.
        if (!(await pingDatabase(deps.db))) throw new AppError("DATABASE_UNAVAILABLE", 503, MESSAGES.databaseDown);
        throw error;
      }
      if (result) c.set("viewer", await buildViewer(deps, result.user, result.session));
    } else if (fast) {
      c.set("viewer", viewerOf(deps.config, fast.user, fast.session, fast.membership));
      if (fast.workspaces) c.set("accountWorkspaces", fast.workspaces);
    }
    await next();
  });
}

export async function buildViewer(deps: Pick<AppDeps, "db" | "config">, user: Viewer["user"], session: Viewer["session"]): Promise<Viewer> {
  const organizationId = (session as { activeOrganizationId?: string | null }).activeOrganizationId ?? null;
  const [membership] = organizationId
    ? await deps.db
        .select({ id: member.id, role: member.role, status: member.status })
        .from(member)
        .where(and(eq(member.organizationId, organizationId), eq(member.userId, user.id)))
    : [];
  return viewerOf(deps.config, user, session, membership ?? null);
}

/** The viewer of a session, its user and the membership in the session's workspace (if any). */
export function viewerOf(config: AppDeps["config"], user: Viewer["user"], session: Viewer["session"], membership: Viewer["membership"]): Viewer {
  const organizationId = (session as { activeOrganizationId?: string | null }).activeOrganizationId ?? null;
  const devops = Boolean((user as { devops?: boolean | null }).devops);
  const canSwitchRole = devops || config.localDevelopment;
  const override = (session as { roleOverride?: string | null }).roleOverride ?? null;

  let role: Role = membership?.status === "active" && isMemberRole(membership.role) ? membership.role : "pending";
  if (canSwitchRole && override && (SWITCHABLE_ROLES as readonly string[]).includes(override)) role = override as Role;

  return { user, session, role, organizationId, membership: membership ?? null, canSwitchRole };
}
