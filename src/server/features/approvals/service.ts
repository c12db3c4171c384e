import { and, asc, eq } from "drizzle-orm";
import type { MemberRole } from "../../../shared/roles.ts";
import type { PendingMember } from "../../../shared/schemas/workspace.ts";
import type { AppDeps, MemberContext } from "../../core/context.ts";
import { notify } from "../../core/notify.ts";
import type { Database } from "../../db/client.ts";
import { member, organization, user } from "../../db/schema.ts";
import { enterWorkspace, withWorkspace, type Queryable } from "../../db/tenant.ts";
import { notFound } from "../../lib/app-error.ts";
import { mails } from "../../mail/templates.ts";
import { writeAudit } from "../../core/audit.ts";

/** The approvals list's query, oldest request first (also EXPLAINed by the query-scaling bench). */
export function pendingMembersQuery(db: Queryable, organizationId: string) {
  return db
    .select({ memberId: member.id, userId: user.id, name: user.name, email: user.email, emailVerified: user.emailVerified, requestedAt: member.createdAt })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, organizationId), eq(member.status, "pending")))
    .orderBy(asc(member.createdAt))
    .limit(500);
}

/** Read inside the workspace (row-level security); approving and rejecting are identity writes, on the owner connection. */
export async function listPendingMembers(db: Database, organizationId: string): Promise<PendingMember[]> {
  const rows = await withWorkspace(db, organizationId, (tx) => pendingMembersQuery(tx, organizationId));
  return rows.map((row) => ({ ...row, requestedAt: row.requestedAt.toISOString() }));
}

/** The pending membership, only if it belongs to the viewer's workspace (same-workspace rule). */
async function findPending(deps: AppDeps, organizationId: string, memberId: string) {
  const [row] = await withWorkspace(deps.db, organizationId, (tx) =>
    tx
      .select({ memberId: member.id, userId: user.id, name: user.name, email: user.email, workspace: organization.name })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .innerJoin(organization, eq(organization.id, member.organizationId))
      .where(and(eq(member.id, memberId), eq(member.organizationId, organizationId), eq(member.status, "pending"))),
  );
  if (!row) throw notFound("The pending registration");
  return row;
}

export async function approveMember(deps: AppDeps, viewer: MemberContext, memberId: string, role: MemberRole, ipAddress: string): Promise<void> {
  const organizationId = viewer.organizationId;
  const pending = await findPending(deps, organizationId, memberId);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(member)
      .set({ role, status: "active" })
      .where(and(eq(member.id, memberId), eq(member.organizationId, organizationId)));
    await writeAudit(tx, {
      organizationId,
      userId: viewer.user.id,
      actorRole: viewer.role,
      action: "MEMBER_APPROVED",
      description: `${viewer.user.name} approved ${pending.name} (${pending.email}) as ${role}`,
      ipAddress,
      metadata: { memberId, subjectUserId: pending.userId, role },
    });
    // After the identity writes: the mail is then stamped with the workspace (core/notify.ts).
    await enterWorkspace(tx, organizationId);
    await notify(
      deps.jobs,
      tx,
      mails.approved({ to: pending.email, name: pending.name, workspace: pending.workspace, role, url: `${deps.config.appUrl}/login` }),
    );
  });
}

export async function rejectMember(deps: AppDeps, viewer: MemberContext, memberId: string, reason: string | undefined, ipAddress: string): Promise<void> {
  const organizationId = viewer.organizationId;
  const pending = await findPending(deps, organizationId, memberId);
  await deps.db.transaction(async (tx) => {
    await tx.delete(member).where(and(eq(member.id, memberId), eq(member.organizationId, organizationId)));
    await writeAudit(tx, {
      organizationId,
      userId: viewer.user.id,
      actorRole: viewer.role,
      action: "MEMBER_REJECTED",
      description: `${viewer.user.name} rejected ${pending.name} (${pending.email})${reason ? `: ${reason}` : ""}`,
      ipAddress,
      metadata: { memberId, subjectUserId: pending.userId, reason: reason ?? null },
    });
    await enterWorkspace(tx, organizationId);
    await notify(deps.jobs, tx, mails.rejected({ to: pending.email, name: pending.name, workspace: pending.workspace, reason }));
  });
}
