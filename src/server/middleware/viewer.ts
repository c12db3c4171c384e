import { and, eq, sql } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { isMemberRole, type Role, SWITCHABLE_ROLES } from "../../shared/roles.ts";
import type { AppDeps, AppEnv, Viewer } from "../context.ts";
import { member } from "../db/schema.ts";

/** Reads the session (if any) once per request and works out the viewer's role. */
export function loadViewer(deps: Pick<AppDeps, "auth" | "db" | "config">) {
  return createMiddleware<AppEnv>(async (c, next) => {
    let result;
    try {
      result = await deps.auth.api.getSession({ headers: c.req.raw.headers });
    } catch (error) {
      // Better Auth turns a failed session read into a bare 500 and drops the cause; when the
      // database is down this probe throws the connection error, which answers 503.
      await deps.db.execute(sql`select 1`);
      throw error;
    }
    if (result) c.set("viewer", await buildViewer(deps, result.user, result.session));
    await next();
  });
}

export async function buildViewer(
  deps: Pick<AppDeps, "db" | "config">,
  user: Viewer["user"],
  session: Viewer["session"],
): Promise<Viewer> {
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
