import { and, eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { MESSAGES } from "../../shared/messages.ts";
import { isMemberRole, type Role, SWITCHABLE_ROLES } from "../../shared/roles.ts";
import type { AppDeps, AppEnv, Viewer } from "../core/context.ts";
import { pingDatabase } from "../db/client.ts";
import { member } from "../db/schema.ts";
import { AppError } from "../lib/app-error.ts";

/** Reads the session (if any) once per request and works out the viewer's role. */
export function loadViewer(deps: Pick<AppDeps, "auth" | "db" | "config">) {
  return createMiddleware<AppEnv>(async (c, next) => {
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
  const devops = Boolean((user as { devops?: boolean | null }).devops);
  const canSwitchRole = devops || deps.config.localDevelopment;
  const override = (session as { roleOverride?: string | null }).roleOverride ?? null;

  let role: Role = membership?.status === "active" && isMemberRole(membership.role) ? membership.role : "pending";
  if (canSwitchRole && override && (SWITCHABLE_ROLES as readonly string[]).includes(override)) role = override as Role;

  return { user, session, role, organizationId, membership: membership ?? null, canSwitchRole };
}
