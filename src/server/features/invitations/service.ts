import { and, desc, eq, sql } from "drizzle-orm";
import { INVITATION_LIFETIME_DAYS, type Invitation, type InvitationCreate, type InvitationState } from "../../../shared/schemas/members.ts";
import { isMemberRole, type MemberRole } from "../../../shared/roles.ts";
import type { AppDeps, MemberContext } from "../../core/context.ts";
import { notify } from "../../core/notify.ts";
import { member, organization, student, user, workspaceInvitation } from "../../db/schema.ts";
import { withWorkspace, type Transaction } from "../../db/tenant.ts";
import { conflict, invalidField, notFound } from "../../lib/app-error.ts";
import { mails } from "../../mail/templates.ts";
import { writeAudit } from "../../core/audit.ts";
import { invitationUrl, newInvitationToken } from "./tokens.ts";

const LIFETIME_MS = INVITATION_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

/** "expired" is not stored: a pending invitation past its expiry is expired. */
export function invitationState(status: string, expiresAt: Date, now: Date): InvitationState {
  if (status === "pending" && expiresAt.getTime() <= now.getTime()) return "expired";
  return status as InvitationState;
}

/** Invitations with the names the screens show (student, inviter); run inside the workspace. */
export function invitationRows(tx: Transaction) {
  return tx
    .select({
      id: workspaceInvitation.id,
      organizationId: workspaceInvitation.organizationId,
      email: workspaceInvitation.email,
      role: workspaceInvitation.role,
      studentId: workspaceInvitation.studentId,
      studentName: student.name,
      status: workspaceInvitation.status,
      invitedByName: user.name,
      sentAt: workspaceInvitation.sentAt,
      expiresAt: workspaceInvitation.expiresAt,
      acceptedAt: workspaceInvitation.acceptedAt,
    })
    .from(workspaceInvitation)
    .leftJoin(student, and(eq(student.organizationId, workspaceInvitation.organizationId), eq(student.id, workspaceInvitation.studentId)))
    .leftJoin(user, eq(user.id, workspaceInvitation.invitedByUserId));
}
export type InvitationRow = Awaited<ReturnType<typeof invitationRows>>[number];

export function toInvitation(row: InvitationRow, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: isMemberRole(row.role) ? row.role : "student",
    studentId: row.studentId,
    studentName: row.studentName,
    state: invitationState(row.status, row.expiresAt, now),
    invitedByName: row.invitedByName,
    sentAt: row.sentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
  };
}

export async function listInvitations(deps: AppDeps, viewer: MemberContext): Promise<Invitation[]> {
  const organizationId = viewer.organizationId;
  const rows = await withWorkspace(deps.db, organizationId, (tx) =>
    invitationRows(tx)
      .where(eq(workspaceInvitation.organizationId, organizationId))
      .orderBy(desc(workspaceInvitation.createdAt), desc(workspaceInvitation.id))
      .limit(500),
  );
  const now = deps.clock.now();
  return rows.map((row) => toInvitation(row, now));
}

/** The membership the invited email already has in this workspace, if any. */
async function membershipOf(tx: Transaction, organizationId: string, email: string) {
  const [row] = await tx
    .select({ status: member.status })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, organizationId), eq(user.email, email)));
  return row?.status ?? null;
}

/**
 * Why this email cannot be invited, or null. A pending joiner is sent to Approvals: without an
 * active membership anywhere they could not sign in to accept (decision 3), and approving
 * gives the same access.
 */
function alreadyMemberMessage(email: string, status: string | null): string | null {
  if (status === "pending") return `${email} has asked to join this workspace: approve the request in Approvals (choosing the role) instead of inviting them.`;
  if (status === "suspended") return `${email} is already a member of this workspace (suspended): reactivate them in Members instead.`;
  if (status) return `${email} is already a member of this workspace.`;
  return null;
}

async function assertLinkableStudent(tx: Transaction, organizationId: string, studentId: string, role: MemberRole): Promise<void> {
  // Row-level security hides another workspace's records: those are "no such student" too.
  const [record] = await tx
    .select({ userId: student.userId, erasedAt: student.erasedAt })
    .from(student)
    .where(and(eq(student.organizationId, organizationId), eq(student.id, studentId)));
  if (!record) throw invalidField("studentId", "No such student in this workspace.");
  if (record.erasedAt) throw invalidField("studentId", "This student's data was erased: the record cannot be linked to anyone.");
  if (role !== "student") return;
  if (record.userId) throw invalidField("studentId", "This student record already has a login.");
  const [pending] = await tx
    .select({ email: workspaceInvitation.email })
    .from(workspaceInvitation)
    .where(
      and(
        eq(workspaceInvitation.organizationId, organizationId),
        eq(workspaceInvitation.studentId, studentId),
        eq(workspaceInvitation.role, "student"),
        eq(workspaceInvitation.status, "pending"),
      ),
    );
  if (pending) throw invalidField("studentId", `A login for this student was already offered to ${pending.email}: revoke that invitation first.`);
}

/** The PostgreSQL error under drizzle's wrapper, if the failure came from the database. */
function constraintOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === "23505" && typeof candidate.constraint === "string") return candidate.constraint;
    current = candidate.cause;
  }
  return undefined;
}

async function workspaceName(tx: Transaction, organizationId: string): Promise<string> {
  const [row] = await tx.select({ name: organization.name }).from(organization).where(eq(organization.id, organizationId));
  return row?.name ?? "a workspace";
}

/** Queued in the transaction that writes the invitation's token: a link is mailed only for an invitation that is there. */
async function mailInvitation(deps: AppDeps, tx: Transaction, viewer: MemberContext, invitation: Invitation, token: string): Promise<void> {
  await notify(
    deps.jobs,
    tx,
    mails.invitation({
      to: invitation.email,
      workspace: await workspaceName(tx, viewer.organizationId),
      invitedBy: viewer.user.name,
      role: invitation.role,
      url: invitationUrl(deps.config.appUrl, token),
      expiresAt: new Date(invitation.expiresAt),
    }),
  );
}

export async function createInvitation(deps: AppDeps, viewer: MemberContext, input: InvitationCreate, ipAddress: string): Promise<Invitation> {
  const organizationId = viewer.organizationId;
  const email = input.email.toLowerCase();
  const studentId = input.studentId ?? null;
  const { token, tokenHash } = newInvitationToken();
  const now = deps.clock.now();
  let created: Invitation;
  try {
    created = await withWorkspace(deps.db, organizationId, async (tx) => {
      const refusal = alreadyMemberMessage(email, await membershipOf(tx, organizationId, email));
      if (refusal) throw invalidField("email", refusal);
      const [open] = await tx
        .select({ expiresAt: workspaceInvitation.expiresAt })
        .from(workspaceInvitation)
        .where(
          and(
            eq(workspaceInvitation.organizationId, organizationId),
            sql`lower(${workspaceInvitation.email}) = ${email}`,
            eq(workspaceInvitation.status, "pending"),
          ),
        );
      if (open) {
        throw invalidField(
          "email",
          invitationState("pending", open.expiresAt, now) === "expired"
            ? `The invitation to ${email} has expired: resend it, or revoke it to invite them with another role.`
            : `An invitation to ${email} is already pending: resend it, or revoke it to invite them with another role.`,
        );
      }
      if (studentId) await assertLinkableStudent(tx, organizationId, studentId, input.role);
      const [inserted] = await tx
        .insert(workspaceInvitation)
        .values({
          organizationId,
          email,
          role: input.role,
          studentId,
          tokenHash,
          invitedByUserId: viewer.user.id,
          sentAt: now,
          expiresAt: new Date(now.getTime() + LIFETIME_MS),
        })
        .returning({ id: workspaceInvitation.id });
      await writeAudit(tx, {
        organizationId,
        userId: viewer.user.id,
        actorRole: viewer.role,
        action: "INVITATION_SENT",
        description: `${viewer.user.name} invited ${email} as ${input.role}`,
        ipAddress,
        studentId,
        metadata: { invitationId: inserted!.id, email, role: input.role },
      });
      const [row] = await invitationRows(tx).where(and(eq(workspaceInvitation.organizationId, organizationId), eq(workspaceInvitation.id, inserted!.id)));
      const invitation = toInvitation(row!, now);
      await mailInvitation(deps, tx, viewer, invitation, token);
      return invitation;
    });
  } catch (error) {
    // Two admins inviting the same address at once: the pending-email index decides.
    if (constraintOf(error) === "workspace_invitation_pending_email_idx") {
      throw invalidField("email", `An invitation to ${email} is already pending: resend it, or revoke it to invite them with another role.`);
    }
    throw error;
  }
  return created;
}

/** The invitation, locked for a change, only if it belongs to the viewer's workspace. */
async function lockInvitation(tx: Transaction, organizationId: string, invitationId: string) {
  const [row] = await tx
    .select({ email: workspaceInvitation.email, role: workspaceInvitation.role, status: workspaceInvitation.status, studentId: workspaceInvitation.studentId })
    .from(workspaceInvitation)
    .where(and(eq(workspaceInvitation.organizationId, organizationId), eq(workspaceInvitation.id, invitationId)))
    .for("update");
  if (!row) throw notFound("The invitation");
  return row;
}

async function readInvitation(tx: Transaction, organizationId: string, invitationId: string, now: Date): Promise<Invitation> {
  const [row] = await invitationRows(tx).where(and(eq(workspaceInvitation.organizationId, organizationId), eq(workspaceInvitation.id, invitationId)));
  return toInvitation(row!, now);
}

/** A new link (the old one stops working) valid for the full lifetime from now. */
export async function resendInvitation(deps: AppDeps, viewer: MemberContext, invitationId: string, ipAddress: string): Promise<Invitation> {
  const organizationId = viewer.organizationId;
  const { token, tokenHash } = newInvitationToken();
  return withWorkspace(deps.db, organizationId, async (tx) => {
    const current = await lockInvitation(tx, organizationId, invitationId);
    if (current.status === "accepted") throw conflict(`The invitation to ${current.email} was already accepted.`);
    if (current.status === "revoked") throw conflict(`The invitation to ${current.email} was revoked: send a new invitation instead.`);
    const refusal = alreadyMemberMessage(current.email, await membershipOf(tx, organizationId, current.email));
    if (refusal) throw conflict(`${refusal} This invitation is no longer needed: revoke it.`);
    const now = deps.clock.now();
    await tx
      .update(workspaceInvitation)
      .set({ tokenHash, sentAt: now, expiresAt: new Date(now.getTime() + LIFETIME_MS) })
      .where(and(eq(workspaceInvitation.organizationId, organizationId), eq(workspaceInvitation.id, invitationId)));
    await writeAudit(tx, {
      organizationId,
      userId: viewer.user.id,
      actorRole: viewer.role,
      action: "INVITATION_RESENT",
      description: `${viewer.user.name} resent the invitation to ${current.email} (${current.role})`,
      ipAddress,
      studentId: current.studentId,
      metadata: { invitationId, email: current.email, role: current.role },
    });
    const invitation = await readInvitation(tx, organizationId, invitationId, now);
    await mailInvitation(deps, tx, viewer, invitation, token);
    return invitation;
  });
}

export async function revokeInvitation(deps: AppDeps, viewer: MemberContext, invitationId: string, ipAddress: string): Promise<Invitation> {
  const organizationId = viewer.organizationId;
  return withWorkspace(deps.db, organizationId, async (tx) => {
    const current = await lockInvitation(tx, organizationId, invitationId);
    if (current.status === "accepted") {
      throw conflict(`The invitation to ${current.email} was already accepted: to take their access away, suspend or remove the member in Members.`);
    }
    if (current.status === "pending") {
      await tx
        .update(workspaceInvitation)
        .set({ status: "revoked" })
        .where(and(eq(workspaceInvitation.organizationId, organizationId), eq(workspaceInvitation.id, invitationId)));
      await writeAudit(tx, {
        organizationId,
        userId: viewer.user.id,
        actorRole: viewer.role,
        action: "INVITATION_REVOKED",
        description: `${viewer.user.name} revoked the invitation to ${current.email} (${current.role})`,
        ipAddress,
        studentId: current.studentId,
        metadata: { invitationId, email: current.email, role: current.role },
      });
    }
    return readInvitation(tx, organizationId, invitationId, deps.clock.now());
  });
}
