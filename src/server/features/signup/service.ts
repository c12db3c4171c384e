import { createEmailVerificationToken } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { SignupRequest, SignupResponse } from "../../../shared/schemas/auth.ts";
import { isRegionTimeZone } from "../../../shared/time-zones.ts";
import type { AppDeps } from "../../core/context.ts";
import { notify } from "../../core/notify.ts";
import { account, member, user } from "../../db/schema.ts";
import { enterWorkspace } from "../../db/tenant.ts";
import { invalidField } from "../../lib/app-error.ts";
import type { Logger } from "../../lib/logger.ts";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "../../lib/passwords.ts";
import { mails } from "../../mail/templates.ts";
import { writeAuditIgnoringFailure } from "../../core/audit.ts";
import { completeInvitation, findInvitationByToken, type TokenInvitation, unusableReason } from "../invitations/index.ts";
import { addPendingMember, createWorkspaceWithAdmin, findJoinableWorkspace } from "../workspaces/index.ts";

/**
 * Only for a sign-up with an invitation: its page already told the link's holder whether the
 * invited email has an account (the invitation preview), so saying it again reveals nothing.
 */
const invitedEmailTakenError = () =>
  invalidField("email", "An account with this email already exists. Sign in to accept the invitation, or reset your password if you forgot it.");

/** The invitation a sign-up comes with, if it can still be used by this email; else a 422 naming the field. */
async function usableInvitation(db: AppDeps["db"], token: string, email: string, now: Date): Promise<TokenInvitation> {
  const invitation = await findInvitationByToken(db, token);
  if (!invitation) throw invalidField("invitationToken", "This invitation link is not valid: check that you copied all of it, or ask for a new invitation.");
  const unusable = unusableReason(invitation, now);
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
    if (typeof candidate.code === "string")
      return { code: candidate.code, constraint: typeof candidate.constraint === "string" ? candidate.constraint : undefined };
    current = candidate.cause;
  }
  return undefined;
}

/**
 * A sign-up for an email that already has an account answers as a new one does (a
 * confirmation link is on its way), so that sign-up does not tell who has an account, as
 * sign-in and password reset do not; the account's owner is told by mail instead.
 */
async function answerForTakenEmail(deps: AppDeps, email: string, next: SignupResponse["next"], typed: string, logger: Logger): Promise<SignupResponse> {
  try {
    const [owner] = await deps.db.select({ name: user.name }).from(user).where(eq(user.email, email));
    const signInUrl = `${deps.config.appUrl}/login`;
    const resetUrl = `${deps.config.appUrl}/forgot-password`;
    // This sign-up writes nothing: there is no transaction to queue the mail in.
    await notify(deps.jobs, deps.db, mails.signUpWithExistingEmail({ to: email, name: owner?.name ?? "", signInUrl, resetUrl }));
  } catch (error) {
    logger.error({ err: error }, "the mail about a sign-up with an existing account's email was not queued");
  }
  return { next, email: typed };
}

/** The link that confirms `email` (Better Auth's own verification token), leading to the confirmation page. */
async function confirmationUrl(authContext: Awaited<AppDeps["auth"]["$context"]>, email: string, next: SignupResponse["next"]): Promise<string> {
  const token = await createEmailVerificationToken(authContext.secret, email, undefined, authContext.options.emailVerification?.expiresIn);
  return `${authContext.baseURL}/verify-email?token=${token}&callbackURL=${encodeURIComponent(`/confirm-email?next=${next}`)}`;
}

/**
 * Creates the account and, in the same transaction, the new workspace with its admin, the
 * pending membership, or the invited one (active, with its student link and the acceptance
 * entry), with the USER_SIGNUP audit entry: either all of it is committed or none
 * of it (decision 8; a crash between two steps used to leave an account with no workspace).
 * The account rows are Better Auth's (a user and its "credential" account with the password
 * hashed by Better Auth's own hasher), written here because Better Auth's sign-up cannot join
 * our transaction. The confirmation link's mail is queued in that transaction too, so it is
 * never sent for an account that is not there; an invited account has none to confirm (its
 * invitation link proved the address).
 */
export async function signUp(deps: AppDeps, input: SignupRequest, context: { headers: Headers; clientIp: string; logger: Logger }): Promise<SignupResponse> {
  const { db, auth, config } = deps;
  if (isCommonPassword(input.password)) throw invalidField("password", COMMON_PASSWORD_MESSAGE);
  if (input.workspaceName !== undefined && !config.allowWorkspaceSignup) {
    throw invalidField("workspaceName", "Starting a new workspace is turned off on this server. Ask your tutoring business for a join code.");
  }
  const joinWorkspace = input.joinCode !== undefined ? await findJoinableWorkspace(db, input.joinCode) : undefined;
  const email = input.email.toLowerCase();
  const now = deps.clock.now();
  const invitation = input.invitationToken !== undefined ? await usableInvitation(db, input.invitationToken, email, now) : undefined;
  const next: SignupResponse["next"] = joinWorkspace ? "approval" : "dashboard";
  const authContext = await auth.$context;
  // Hashed before the email is looked up, so that a taken email answers in the same time.
  const passwordHash = await authContext.password.hash(input.password);
  // Checked first to answer quickly; the unique email index decides a race (below).
  if (await emailTaken(db, email)) {
    if (invitation) throw invitedEmailTakenError();
    return answerForTakenEmail(deps, email, next, input.email, context.logger);
  }
  const confirmUrl = invitation ? undefined : await confirmationUrl(authContext, email, next);
  const userId = crypto.randomUUID();
  try {
    await db.transaction(async (tx) => {
      // The invitation link was mailed to this address: opening it proved the address.
      await tx.insert(user).values({ id: userId, name: input.fullName, email, emailVerified: Boolean(invitation), createdAt: now, updatedAt: now });
      await tx
        .insert(account)
        .values({ id: crypto.randomUUID(), accountId: userId, providerId: "credential", userId, password: passwordHash, createdAt: now, updatedAt: now });
      if (invitation) {
        // Active at once with the invited role; signing in still waits for the confirmed email.
        const memberId = crypto.randomUUID();
        await tx
          .insert(member)
          .values({ id: memberId, organizationId: invitation.organizationId, userId, role: invitation.role, status: "active", createdAt: now });
        // From here on the transaction runs as the application role, inside the invitation's workspace.
        await enterWorkspace(tx, invitation.organizationId);
        const entry = {
          organizationId: invitation.organizationId,
          userId,
          actorRole: invitation.role,
          action: "USER_SIGNUP" as const,
          description: `${input.fullName} signed up with email ${email}`,
          ipAddress: context.clientIp,
        };
        await writeAuditIgnoringFailure(tx, entry, context.logger);
        await completeInvitation(tx, { invitation, userId, memberId, name: input.fullName, ipAddress: context.clientIp }, now);
        return;
      }
      const organizationId = joinWorkspace
        ? (await addPendingMember(tx, { organizationId: joinWorkspace.id, userId }, now), joinWorkspace.id)
        : (await createWorkspaceWithAdmin(tx, { name: input.workspaceName!, userId, timeZone: newWorkspaceTimeZone(input.timeZone) }, now)).organizationId;
      const entry = {
        organizationId,
        userId,
        actorRole: "pending",
        action: "USER_SIGNUP" as const,
        description: `${input.fullName} signed up with email ${email}`,
        ipAddress: context.clientIp,
      };
      await writeAuditIgnoringFailure(tx, entry, context.logger);
      await notify(deps.jobs, tx, mails.confirmEmail({ to: email, name: input.fullName, url: confirmUrl! }));
    });
  } catch (error) {
    const cause = databaseErrorOf(error);
    // A sign-up racing this one took the email between the check above and the insert.
    if (cause?.code === "23505" && cause.constraint === "user_email_unique") {
      if (invitation) throw invitedEmailTakenError();
      return answerForTakenEmail(deps, email, next, input.email, context.logger);
    }
    throw error;
  }
  return { next, email: input.email };
}
