import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { SignupRequest, SignupResponse } from "../../../shared/schemas/auth.ts";
import type { AppDeps } from "../../context.ts";
import { user } from "../../db/schema.ts";
import { AppError, invalidField } from "../../lib/app-error.ts";
import type { Logger } from "../../lib/logger.ts";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "../../lib/passwords.ts";
import { writeAuditIgnoringFailure } from "../audit/service.ts";
import { addPendingMember, createWorkspaceWithAdmin, findJoinableWorkspace } from "../workspaces/service.ts";

const emailTakenError = () =>
  invalidField("email", "An account with this email already exists. Sign in, or reset your password if you forgot it.");

async function emailTaken(db: AppDeps["db"], email: string): Promise<boolean> {
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase()));
  return Boolean(existing);
}

/**
 * Creates the account (Better Auth, which mails the confirmation link) and then, in one
 * transaction, the new workspace with its admin or the pending membership. Everything that
 * can be refused is checked before the account exists; if the workspace step still fails,
 * the account is removed again so that nothing is left half-made.
 */
export async function signUp(deps: AppDeps, input: SignupRequest, context: { headers: Headers; clientIp: string; logger: Logger }): Promise<SignupResponse> {
  const { db, auth, config } = deps;
  if (isCommonPassword(input.password)) throw invalidField("password", COMMON_PASSWORD_MESSAGE);
  if (input.workspaceName !== undefined && !config.allowWorkspaceSignup) {
    throw invalidField("workspaceName", "Starting a new workspace is turned off on this server. Ask your tutoring business for a join code.");
  }
  const joinWorkspace = input.joinCode !== undefined ? await findJoinableWorkspace(db, input.joinCode) : undefined;
  // Better Auth answers a sign-up for a taken email with a made-up user (no row) when email
  // verification is required, so the duplicate has to be caught here, before and after.
  if (await emailTaken(db, input.email)) throw emailTakenError();
  const next: SignupResponse["next"] = joinWorkspace ? "approval" : "dashboard";

  let userId: string;
  try {
    const created = await auth.api.signUpEmail({
      body: { name: input.fullName, email: input.email, password: input.password, callbackURL: `/confirm-email?next=${next}` },
      headers: context.headers,
    });
    userId = created.user.id;
  } catch (error) {
    if (error instanceof APIError) {
      const code = (error.body as { code?: string } | undefined)?.code;
      // A racing sign-up for the same email makes the insert fail (FAILED_TO_CREATE_USER).
      if (code?.includes("USER_ALREADY_EXISTS") || (await emailTaken(db, input.email))) throw emailTakenError();
      throw new AppError("VALIDATION_FAILED", 422, error.message);
    }
    throw error;
  }
  // A sign-up racing this one took the email between the check above and the account.
  const [stored] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId));
  if (!stored) throw emailTakenError();

  try {
    await db.transaction(async (tx) => {
      if (joinWorkspace) await addPendingMember(tx, { organizationId: joinWorkspace.id, userId });
      else await createWorkspaceWithAdmin(tx, { name: input.workspaceName!, userId });
    });
  } catch (error) {
    await db.delete(user).where(eq(user.id, userId));
    throw error;
  }

  const [membership] = await db.query.member.findMany({ where: (m, { eq: equals }) => equals(m.userId, userId), limit: 1 });
  await writeAuditIgnoringFailure(
    db,
    {
      organizationId: membership?.organizationId ?? null,
      userId,
      actorRole: "pending",
      action: "USER_SIGNUP",
      description: `${input.fullName} signed up with email ${input.email}`,
      ipAddress: context.clientIp,
    },
    context.logger,
  );
  return { next, email: input.email };
}
