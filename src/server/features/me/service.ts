import { and, eq } from "drizzle-orm";
import { isMemberRole, type SwitchableRole } from "../../../shared/roles.ts";
import type { MeResponse, WorkspaceSummary } from "../../../shared/schemas/me.ts";
import type { AccountWorkspace, Viewer } from "../../core/context.ts";
import type { Database } from "../../db/client.ts";
import { member, organization, session } from "../../db/schema.ts";
import { AppError, forbidden } from "../../lib/app-error.ts";
import { writeAudit } from "../../core/audit.ts";

/** Every membership of the account with its workspace, by workspace name. */
async function readAccountWorkspaces(db: Database, userId: string): Promise<AccountWorkspace[]> {
  return db
    .select({
      id: organization.id,
      name: organization.name,
      slug: organization.slug,
      timeZone: organization.timeZone,
      currency: organization.currency,
      role: member.role,
      status: member.status,
    })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(member.userId, userId))
    .orderBy(organization.name);
}

function toWorkspaceSummaries(rows: AccountWorkspace[]): WorkspaceSummary[] {
  return rows
    .filter((row) => isMemberRole(row.role) || row.status === "pending")
    .map((row) => ({
      ...row,
      role: isMemberRole(row.role) ? row.role : "student",
      status: row.status as WorkspaceSummary["status"],
    }));
}

/**
 * The /api/me answer. `accountWorkspaces`: the account's memberships when the session read
 * brought them (middleware/viewer.ts); otherwise they are read here.
 */
export async function describeViewer(db: Database, viewer: Viewer, accountWorkspaces?: AccountWorkspace[]): Promise<MeResponse> {
  const workspaces = toWorkspaceSummaries(accountWorkspaces ?? (await readAccountWorkspaces(db, viewer.user.id))).filter(
    (workspace) => workspace.status !== "pending" || workspace.id === viewer.organizationId,
  );
  const activeWorkspace = workspaces.find((workspace) => workspace.id === viewer.organizationId) ?? null;
  const membershipRole = viewer.membership && isMemberRole(viewer.membership.role) ? viewer.membership.role : null;
  const override = (viewer.session as { roleOverride?: string | null }).roleOverride ?? null;
  return {
    user: {
      id: viewer.user.id,
      email: viewer.user.email,
      name: viewer.user.name,
      emailVerified: viewer.user.emailVerified,
      twoFactorEnabled: Boolean((viewer.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled),
      devops: Boolean((viewer.user as { devops?: boolean | null }).devops),
    },
    role: viewer.role,
    membershipRole,
    membershipStatus: (viewer.membership?.status as MeResponse["membershipStatus"]) ?? null,
    roleOverride: viewer.canSwitchRole ? (override as SwitchableRole | null) : null,
    canSwitchRole: viewer.canSwitchRole,
    activeWorkspace,
    workspaces: workspaces.filter((workspace) => workspace.status === "active"),
  };
}

/** Stores the role override on the session (honoured only for those allowed) and audits it. */
export async function setRoleOverride(db: Database, viewer: Viewer, role: SwitchableRole | null, ipAddress: string): Promise<void> {
  if (!viewer.canSwitchRole) throw forbidden("Only devops accounts can switch role on this server.");
  await db.transaction(async (tx) => {
    await tx.update(session).set({ roleOverride: role }).where(eq(session.id, viewer.session.id));
    await writeAudit(tx, {
      organizationId: viewer.organizationId,
      userId: viewer.user.id,
      actorRole: viewer.role,
      action: "ROLE_SWITCH",
      description: role ? `${viewer.user.name} switched the displayed role to ${role}` : `${viewer.user.name} cleared the role switch`,
      ipAddress,
    });
  });
}

export async function setActiveWorkspace(db: Database, viewer: Viewer, workspaceId: string): Promise<void> {
  const [membership] = await db
    .select({ status: member.status })
    .from(member)
    .where(and(eq(member.organizationId, workspaceId), eq(member.userId, viewer.user.id)));
  if (!membership || membership.status !== "active") {
    throw new AppError("FORBIDDEN", 403, "You are not an active member of that workspace.");
  }
  await db.update(session).set({ activeOrganizationId: workspaceId }).where(eq(session.id, viewer.session.id));
}
