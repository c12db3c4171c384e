import { and, eq, gt, isNull } from "drizzle-orm";
import type { InvitationPreview } from "../../../shared/schemas/members.ts";
import { isMemberRole, type MemberRole } from "../../../shared/roles.ts";
import type { AppDeps, Viewer } from "../../core/context.ts";
import type { Database } from "../../db/client.ts";
import { member, organization, session, student, studentGuardian, user, workspaceInvitation } from "../../db/schema.ts";
import { enterWorkspace, withLookup, withWorkspace, type Transaction } from "../../db/tenant.ts";
import { conflict, forbidden, notFound } from "../../lib/app-error.ts";
import { writeAudit } from "../../core/audit.ts";
import { invitationRows, invitationState, type InvitationRow } from "./service.ts";
import { hashInvitationToken } from "./tokens.ts";

export type TokenInvitation = InvitationRow & { role: MemberRole; workspaceName: string };

/**
 * The invitation a mailed token opens, from any workspace, or undefined. This is the one read
 * of a business table that cannot start inside a workspace: the token is all the visitor has.
 * It reads only the workspace id, by the token's hash (unique index), on the owner connection
 * naming that hash (withLookup: no other invitation is visible to it); everything else is read
 * inside that workspace as usual.
 */
export async function findInvitationByToken(db: Database, token: string): Promise<TokenInvitation | undefined> {
  const tokenHash = hashInvitationToken(token);
  const [located] = await withLookup(db, "app.invitation_token_hash", tokenHash, (tx) =>
    tx.select({ organizationId: workspaceInvitation.organizationId }).from(workspaceInvitation).where(eq(workspaceInvitation.tokenHash, tokenHash)),
  );
  if (!located) return undefined;
  const [row] = await withWorkspace(db, located.organizationId, (tx) =>
    invitationRows(tx).where(and(eq(workspaceInvitation.organizationId, located.organizationId), eq(workspaceInvitation.tokenHash, tokenHash))),
  );
  if (!row || !isMemberRole(row.role)) return undefined;
  const [workspace] = await db.select({ name: organization.name }).from(organization).where(eq(organization.id, row.organizationId));
  return { ...row, role: row.role, workspaceName: workspace?.name ?? "" };
}

/** Why an invitation can no longer be used, in words for the person holding the link; null if it can. */
export function unusableReason(invitation: TokenInvitation, now: Date): string | null {
  switch (invitationState(invitation.status, invitation.expiresAt, now)) {
    case "accepted":
      return "This invitation was already accepted. Sign in to continue.";
    case "revoked":
      return `This invitation was withdrawn by ${invitation.workspaceName}. Ask them for a new one if you still need access.`;
    case "expired":
      return `This invitation expired on ${invitation.expiresAt.toUTCString()}. Ask ${invitation.invitedByName ?? invitation.workspaceName} to send it again.`;
    default:
      return null;
  }
}

/**
 * What the invitation page shows. Only this invitation's own facts: the student's name only
 * while the invitation can still be accepted (a withdrawn link must not keep showing a child's
 * name), and whether its own email already has an account (sign in, or sign up).
 */
export async function previewInvitation(db: Database, token: string, now: Date): Promise<InvitationPreview> {
  const invitation = await findInvitationByToken(db, token);
  if (!invitation) throw notFound("This invitation");
  const state = invitationState(invitation.status, invitation.expiresAt, now);
  const [account] = await db.select({ id: user.id }).from(user).where(eq(user.email, invitation.email.toLowerCase()));
  return {
    workspaceName: invitation.workspaceName,
    email: invitation.email,
    role: invitation.role,
    studentName: state === "pending" ? invitation.studentName : null,
    invitedByName: invitation.invitedByName,
    state,
    expiresAt: invitation.expiresAt.toISOString(),
    accountExists: Boolean(account),
  };
}

/**
 * Marks the invitation accepted and makes its link, inside the invitation's workspace (after
 * enterWorkspace), in the caller's transaction with the membership: acceptance on sign-in and
 * sign-up with an invitation share it. The update re-checks that it is still pending and not
 * expired, so that a revocation or a second acceptance racing this one wins or loses whole.
 */
export async function completeInvitation(
  tx: Transaction,
  input: { invitation: TokenInvitation; userId: string; memberId: string; name: string; ipAddress: string },
  now: Date,
): Promise<void> {
  const { invitation, userId, memberId } = input;
  const organizationId = invitation.organizationId;
  const [accepted] = await tx
    .update(workspaceInvitation)
    .set({ status: "accepted", acceptedByUserId: userId, acceptedAt: now })
    .where(
      and(
        eq(workspaceInvitation.organizationId, organizationId),
        eq(workspaceInvitation.id, invitation.id),
        eq(workspaceInvitation.status, "pending"),
        gt(workspaceInvitation.expiresAt, now),
      ),
    )
    .returning({ id: workspaceInvitation.id });
  if (!accepted) throw conflict("This invitation is no longer valid: it was withdrawn, used or expired a moment ago.");

  let linked = "";
  if (invitation.studentId && invitation.role === "parent") {
    const [record] = await tx
      .select({ id: student.id })
      .from(student)
      .where(and(eq(student.organizationId, organizationId), eq(student.id, invitation.studentId), isNull(student.erasedAt)));
    if (!record) throw conflict("The student record of this invitation is no longer available. Ask the workspace for a new invitation.");
    await tx.insert(studentGuardian).values({ organizationId, studentId: invitation.studentId, memberId }).onConflictDoNothing();
    linked = " and was linked to the record as a guardian";
  } else if (invitation.studentId && invitation.role === "student") {
    const [record] = await tx
      .update(student)
      .set({ userId, updatedAt: now })
      .where(and(eq(student.organizationId, organizationId), eq(student.id, invitation.studentId), isNull(student.userId), isNull(student.erasedAt)))
      .returning({ id: student.id });
    if (!record)
      throw conflict("The student record of this invitation already has a login (or is no longer available). Ask the workspace for a new invitation.");
    linked = " and became the record's login";
  }
  await writeAudit(tx, {
    organizationId,
    userId,
    actorRole: invitation.role,
    action: "INVITATION_ACCEPTED",
    description: `${input.name} (${invitation.email}) accepted the invitation as ${invitation.role}${linked}`,
    ipAddress: input.ipAddress,
    studentId: invitation.studentId,
    metadata: { invitationId: invitation.id, memberId, role: invitation.role },
  });
}

/**
 * A signed-in account accepts an invitation to its own email: the membership becomes active
 * with the invited role (a pending join request is activated), the student is linked, the
 * email counts as confirmed, and the session moves to the workspace.
 */
export async function acceptInvitation(deps: AppDeps, viewer: Viewer, token: string, ipAddress: string): Promise<{ workspaceId: string; role: MemberRole }> {
  const invitation = await findInvitationByToken(deps.db, token);
  if (!invitation) throw notFound("This invitation");
  const now = deps.clock.now();
  const unusable = unusableReason(invitation, now);
  if (unusable) throw conflict(unusable);
  if (viewer.user.email.toLowerCase() !== invitation.email.toLowerCase()) {
    throw forbidden(
      `This invitation is for ${invitation.email}, and you are signed in as ${viewer.user.email}. Sign out, then sign in (or sign up) as ${invitation.email} to accept it.`,
    );
  }
  const organizationId = invitation.organizationId;
  await deps.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: member.id, status: member.status })
      .from(member)
      .where(and(eq(member.organizationId, organizationId), eq(member.userId, viewer.user.id)))
      .for("update");
    if (existing?.status === "active") throw conflict(`You are already a member of ${invitation.workspaceName}.`);
    if (existing?.status === "suspended") throw conflict(`Your membership of ${invitation.workspaceName} is suspended: ask an admin to reactivate it.`);
    const memberId = existing?.id ?? crypto.randomUUID();
    if (existing) {
      await tx
        .update(member)
        .set({ role: invitation.role, status: "active" })
        .where(and(eq(member.id, memberId), eq(member.organizationId, organizationId)));
    } else {
      // A second click racing this one waits on the unique (workspace, user) index, then finds the membership.
      const inserted = await tx
        .insert(member)
        .values({ id: memberId, organizationId, userId: viewer.user.id, role: invitation.role, status: "active", createdAt: now })
        .onConflictDoNothing()
        .returning({ id: member.id });
      if (inserted.length === 0) throw conflict(`You are already a member of ${invitation.workspaceName}.`);
    }
    await tx.update(session).set({ activeOrganizationId: organizationId }).where(eq(session.id, viewer.session.id));
    // The invitation link was mailed to this address: opening it proved the address.
    await tx
      .update(user)
      .set({ emailVerified: true, updatedAt: now })
      .where(and(eq(user.id, viewer.user.id), eq(user.emailVerified, false)));

    await enterWorkspace(tx, organizationId);
    await completeInvitation(tx, { invitation, userId: viewer.user.id, memberId, name: viewer.user.name, ipAddress }, now);
  });
  return { workspaceId: organizationId, role: invitation.role };
}
