/**
 * Factories that build people and workspaces through the real API (sign-up, the mailed
 * confirmation link, approval, sign-in), touching the database directly only where no
 * API exists (reading the dev outbox, the devops flag). Shared by the integration tests,
 * the demo seed and e2e set-up: keep this file free of test-runner imports.
 */
import { randomBytes } from "node:crypto";
import { and, desc, eq, like } from "drizzle-orm";
import type { MemberRole } from "../src/shared/roles.ts";
import type { Database } from "../src/server/db/client.ts";
import { devOutbox, member, organization, user } from "../src/server/db/schema.ts";
import { ApiClient, type AppLike } from "./client.ts";
import { mailQueueDrained } from "./db.ts";

export interface FactoryContext {
  app: AppLike;
  db: Database;
  /**
   * How an address is confirmed, instead of opening the mailed link: for a production server,
   * which keeps no outbox to read the link from (the benchmarks).
   */
  confirmAddress?: (email: string) => Promise<void>;
}

/** Long enough, and not on the common-password list. */
export const DEFAULT_PASSWORD = "Glassroom-Test-Passphrase-42";

export interface TestUser {
  id: string;
  name: string;
  email: string;
  password: string;
}

export interface AdminFixture {
  client: ApiClient;
  user: TestUser;
  organizationId: string;
  workspaceName: string;
  joinCode: string;
  memberId: string;
}

export interface MemberFixture {
  client: ApiClient;
  user: TestUser;
  organizationId: string;
  memberId: string;
}

function fail(step: string, response: { status: number; text: string }): never {
  throw new Error(`${step} failed with ${response.status}: ${response.text}`);
}

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.com`;
}

export function uniqueName(prefix = "Test"): string {
  return `${prefix} ${randomBytes(3).toString("hex")}`;
}

export async function userByEmail(db: Database, email: string) {
  const [row] = await db.select().from(user).where(eq(user.email, email.toLowerCase()));
  return row;
}

/** The newest mail to `to` (optionally whose subject contains `subject`), from the dev outbox, once the mail queued to them is sent. */
export async function latestMail(db: Database, to: string, subject?: string) {
  await mailQueueDrained(db, to);
  const [row] = await db
    .select()
    .from(devOutbox)
    .where(and(eq(devOutbox.toAddress, to.toLowerCase()), subject ? like(devOutbox.subject, `%${subject}%`) : undefined))
    .orderBy(desc(devOutbox.createdAt))
    .limit(1);
  return row;
}

/** The first link in a mail body whose path contains `pathPart`. */
export function linkIn(text: string, pathPart: string): string {
  const link = text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname.includes(pathPart));
  if (!link) throw new Error(`No link containing ${pathPart} in the mail:\n${text}`);
  return link;
}

export interface SignUpInput {
  fullName?: string;
  email?: string;
  password?: string;
  workspaceName?: string;
  joinCode?: string;
}

/** POST /api/signup with a fresh client; throws unless it answers 201. */
export async function signUp(ctx: FactoryContext, input: SignUpInput) {
  const fullName = input.fullName ?? uniqueName("Person");
  const email = (input.email ?? uniqueEmail()).toLowerCase();
  const password = input.password ?? DEFAULT_PASSWORD;
  const client = new ApiClient(ctx.app);
  const body: Record<string, string> = { fullName, email, password };
  if (input.workspaceName !== undefined) body.workspaceName = input.workspaceName;
  if (input.joinCode !== undefined) body.joinCode = input.joinCode;
  const response = await client.post("/api/signup", body);
  if (response.status !== 201) fail(`Sign-up of ${email}`, response);
  const row = await userByEmail(ctx.db, email);
  if (!row) throw new Error(`Sign-up of ${email} answered 201 but wrote no user`);
  return { client, response, user: { id: row.id, name: fullName, email, password } satisfies TestUser };
}

/** Opens the confirmation link mailed to `email` (GET, as the mail client would), or confirms it as the context says. */
export async function confirmEmail(ctx: FactoryContext, email: string): Promise<void> {
  if (ctx.confirmAddress) return ctx.confirmAddress(email);
  const mail = await latestMail(ctx.db, email, "Confirm your email");
  if (!mail) throw new Error(`No confirmation mail for ${email}`);
  const response = await new ApiClient(ctx.app).get(linkIn(mail.body, "/api/auth/verify-email"));
  if (response.status >= 400) fail(`Confirming ${email}`, response);
  const row = await userByEmail(ctx.db, email);
  if (!row?.emailVerified) throw new Error(`Confirming ${email} did not verify the address`);
}

/** Signs in with email and password; throws unless a session cookie was set. */
export async function signIn(ctx: FactoryContext, email: string, password: string, client = new ApiClient(ctx.app)): Promise<ApiClient> {
  const response = await client.post("/api/auth/sign-in/email", { email, password });
  if (response.status !== 200 || !client.cookie("session_token")) fail(`Sign-in of ${email}`, response);
  return client;
}

async function membershipOf(db: Database, userId: string) {
  const [row] = await db
    .select({ memberId: member.id, organizationId: member.organizationId, joinCode: organization.joinCode, workspaceName: organization.name })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(member.userId, userId))
    .orderBy(member.createdAt)
    .limit(1);
  if (!row) throw new Error(`User ${userId} has no membership`);
  return row;
}

/** A confirmed, signed-in admin of a new workspace. */
export async function createAdmin(
  ctx: FactoryContext,
  input: { fullName?: string; email?: string; password?: string; workspaceName?: string } = {},
): Promise<AdminFixture> {
  const { user: created } = await signUp(ctx, { ...input, workspaceName: input.workspaceName ?? uniqueName("Workspace") });
  await confirmEmail(ctx, created.email);
  const client = await signIn(ctx, created.email, created.password);
  const membership = await membershipOf(ctx.db, created.id);
  return { client, user: created, ...membership };
}

/** A confirmed account waiting for approval in the workspace of `joinCode`; it holds no session. */
export async function createPendingJoiner(
  ctx: FactoryContext,
  input: { joinCode: string; fullName?: string; email?: string; password?: string; confirm?: boolean },
): Promise<MemberFixture> {
  const { client, user: created } = await signUp(ctx, input);
  if (input.confirm !== false) await confirmEmail(ctx, created.email);
  const membership = await membershipOf(ctx.db, created.id);
  return { client, user: created, organizationId: membership.organizationId, memberId: membership.memberId };
}

/** An approved, signed-in member of the admin's workspace with `role` (approved through the API). */
export async function createMember(
  ctx: FactoryContext,
  input: { admin: Pick<AdminFixture, "client" | "joinCode">; role: MemberRole; fullName?: string; email?: string; password?: string },
): Promise<MemberFixture> {
  const pending = await createPendingJoiner(ctx, { joinCode: input.admin.joinCode, fullName: input.fullName, email: input.email, password: input.password });
  const approved = await input.admin.client.post(`/api/admin/approvals/${pending.memberId}/approve`, { role: input.role });
  if (approved.status !== 200) fail(`Approving ${pending.user.email} as ${input.role}`, approved);
  const client = await signIn(ctx, pending.user.email, pending.user.password, pending.client);
  return { ...pending, client };
}

/**
 * A signed-in devops account (user.devops = true, set in the database: there is no API for
 * it). With a join code it is only a pending member there (devops may sign in regardless);
 * without one it starts a workspace of its own.
 */
export async function createDevopsUser(
  ctx: FactoryContext,
  input: { joinCode?: string; fullName?: string; email?: string; password?: string } = {},
): Promise<{ client: ApiClient; user: TestUser }> {
  const { user: created } = await signUp(ctx, input.joinCode ? input : { ...input, workspaceName: uniqueName("Devops") });
  await confirmEmail(ctx, created.email);
  await ctx.db.update(user).set({ devops: true }).where(eq(user.id, created.id));
  const client = await signIn(ctx, created.email, created.password);
  return { client, user: created };
}
