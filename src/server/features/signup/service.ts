import { createEmailVerificationToken } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { SignupRequest, SignupResponse } from "../../../shared/schemas/auth.ts";
import { isRegionTimeZone } from "../../../shared/time-zones.ts";
import type { AppDeps } from "../../context.ts";
import { account, member, user } from "../../db/schema.ts";
import { enterWorkspace } from "../../db/tenant.ts";
import { invalidField } from "../../lib/app-error.ts";
import type { Logger } from "../../lib/logger.ts";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "../../lib/passwords.ts";
import { mails } from "../../mail/templates.ts";
import { writeAuditIgnoringFailure } from "../audit/service.ts";
import { completeInvitation, findInvitationByToken, unusableReason, type TokenInvitation } from "../invitations/accept.ts";
import { addPendingMember, createWorkspaceWithAdmin, findJoinableWorkspace } from "../workspaces/service.ts";

const emailTakenError = (invited = false) =>
  invalidField(
    "email",
    invited
      ? "An account with this email already exists. Sign in to accept the invitation, or reset your password if you forgot it."
      : "An account with this email already exists. Sign in, or reset your password if you forgot it.",
  );

/** The invitation a sign-up comes with, if it can still be used by this email; else a 422 naming the field. */
async function usableInvitation(db: AppDeps["db"], token: string, email: string): Promise<TokenInvitation> {
  const invitation = await findInvitationByToken(db, token);
  if (!invitation) throw invalidField("invitationToken", "This invitation link is not valid: check that you copied all of it, or ask for a new invitation.");
  const unusable = unusableReason(invitation);
  if (unusable) throw invalidField("invitationToken", unusable);
  if (invitation.email.toLowerCase() !== email) throw invalidField("email", `This invitation is for ${invitation.email}: sign up with that email address.`);
  return invitation;
}

async function emailTaken(db: AppDeps["db"], email: string): Promise<boolean> {
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase()));
  return Boolean(existing);
}

/** A new workspace starts in its founder's browser zone; in UTC when the form sent none the database can use. */
const newWorkspaceTimeZone = (zone: string | undefined) => (zone !== undefined && isRegionTimeZone(zone) ? zone : "UTC");

/** The PostgreSQL error under drizzle's wrapper, if the failure came from the database. */
function databaseErrorOf(error: unknown): { code?: string; constraint?: string } | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === "string") return { code: candidate.code, constraint: typeof candidate.constraint === "string" ? candidate.constraint : undefined };
    current = candidate.cause;
  }
  return undefined;
}

/**
 * Creates the account and, in the same transaction, the new workspace with its admin, the
 * pending membership, or the invited one (active, with its student link and the acceptance
 * entry), with the USER_SIGNUP audit entry: either all of it is committed or none
 * of it (decision 8; a crash between two steps used to leave an account with no workspace).
 * The account rows are Better Auth's (a user and its "credential" account with the password
 * hashed by Better Auth's own hasher), written here because Better Auth's sign-up cannot join
 * our transaction. The confirmation link is mailed after the commit.
 */
export async function signUp(deps: AppDeps, input: SignupRequest, context: { headers: Headers; clientIp: string; logger: Logger }): Promise<SignupResponse> {
  const { db, auth, config } = deps;
  if (isCommonPassword(input.password)) throw invalidField("password", COMMON_PASSWORD_MESSAGE);
  if (input.workspaceName !== undefined && !config.allowWorkspaceSignup) {
    throw invalidField("workspaceName", "Starting a new workspace is turned off on this server. Ask your tutoring business for a join code.");
  }
  const joinWorkspace = input.joinCode !== undefined ? await findJoinableWorkspace(db, input.joinCode) : undefined;
  const email = input.email.toLowerCase();
  const invitation = input.invitationToken !== undefined ? await usableInvitation(db, input.invitationToken, email) : undefined;
  // Checked first to answer quickly; the unique email index decides a race (below).
  if (await emailTaken(db, email)) throw emailTakenError(Boolean(invitation));
  const next: SignupResponse["next"] = joinWorkspace ? "approval" : "dashboard";

  const authContext = await auth.$context;
  const passwordHash = await authContext.password.hash(input.password);
  const userId = crypto.randomUUID();
  const now = new Date();
  try {
    await db.transaction(async (tx) => {
      await tx.insert(user).values({ id: userId, name: input.fullName, email, emailVerified: false, createdAt: now, updatedAt: now });
      await tx.insert(account).values({ id: crypto.randomUUID(), accountId: userId, providerId: "credential", userId, password: passwordHash, createdAt: now, updatedAt: now });
      if (invitation) {
        // Active at once with the invited role; signing in still waits for the confirmed email.
        const memberId = crypto.randomUUID();
        await tx.insert(member).values({ id: memberId, organizationId: invitation.organizationId, userId, role: invitation.role, status: "active", createdAt: now });
        // From here on the transaction runs as the application role, inside the invitation's workspace.
        await enterWorkspace(tx, invitation.organizationId);
        const entry = { organizationId: invitation.organizationId, userId, actorRole: invitation.role, action: "USER_SIGNUP" as const, description: `${input.fullName} signed up with email ${email}`, ipAddress: context.clientIp };
        await writeAuditIgnoringFailure(tx, entry, context.logger);
        await completeInvitation(tx, { invitation, userId, memberId, name: input.fullName, ipAddress: context.clientIp });
        return;
      }
      const organizationId = joinWorkspace
        ? (await addPendingMember(tx, { organizationId: joinWorkspace.id, userId }), joinWorkspace.id)
        : (await createWorkspaceWithAdmin(tx, { name: input.workspaceName!, userId, timeZone: newWorkspaceTimeZone(input.timeZone) })).organizationId;
      const entry = { organizationId, userId, actorRole: "pending", action: "USER_SIGNUP" as const, description: `${input.fullName} signed up with email ${email}`, ipAddress: context.clientIp };
      await writeAuditIgnoringFailure(tx, entry, context.logger);
    });
  } catch (error) {
    const cause = databaseErrorOf(error);
    // A sign-up racing this one took the email between the check above and the insert.
    if (cause?.code === "23505" && cause.constraint === "user_email_unique") throw emailTakenError(Boolean(invitation));
    throw error;
  }

  // After the commit: a failed mail leaves a complete account whose owner gets a new link
  // by signing in or from the confirmation page, never a link to an account that is not there.
  try {
    const token = await createEmailVerificationToken(authContext.secret, email, undefined, authContext.options.emailVerification?.expiresIn);
    const url = `${authContext.baseURL}/verify-email?token=${token}&callbackURL=${encodeURIComponent(`/confirm-email?next=${next}`)}`;
    await deps.mailer.send(mails.confirmEmail({ to: email, name: input.fullName, url }));
  } catch (error) {
    context.logger.error({ err: error, userId }, "the confirmation mail of a new account was not sent");
  }
  return { next, email: input.email };
}
