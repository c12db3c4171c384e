/**
 * The people of the authorization matrix, and what each may do. Two workspaces: A, whose
 * members are the personas under test, and B, whose admin is the outsider. The expected
 * outcome of an operation for a persona follows only from the operation's declared access
 * and the persona's role and workspace (src/shared/roles.ts), never from a hand-kept list.
 * No test-runner imports here.
 */
import { createHash } from "node:crypto";
import { and, eq, notInArray, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { type Role } from "../../src/shared/roles.ts";
import { permissionsOf, type Permission } from "../../src/shared/permissions.ts";
import type { Database } from "../../src/server/db/client.ts";
import { member, organization, session, student, twoFactor, user } from "../../src/server/db/schema.ts";
import { healthAlert, healthContest } from "../../src/server/db/alerts-schema.ts";
import { healthRulesPreview } from "../../src/server/db/health-schema.ts";
import { DEFAULT_HEALTH_RULES } from "../../src/shared/schemas/student-health.ts";
import { withWorkspace } from "../../src/server/db/tenant.ts";
import { WRITABLE_TABLES } from "../db.ts";
import { ApiClient } from "../client.ts";
import { createAdmin, createDevopsUser, createMember, createPendingJoiner, uniqueEmail, uniqueName, type FactoryContext } from "../factories.ts";
import { assignTutor, createSession, createStudent, linkGuardian } from "../people-factories.ts";
import { sampleMp3, uploadRecording } from "../recording-factories.ts";
import { createFailedMail } from "../job-factories.ts";
import type { Operation } from "./operations.ts";

export const PERSONAS = ["unsigned", "pending", "admin", "tutor", "parent", "student", "devops", "devops-as-admin", "other-admin"] as const;
export type PersonaName = (typeof PERSONAS)[number];

export interface PersonaTraits {
  /** The role the server should see for this persona's requests. */
  role: Role;
  /** The workspace of the persona's session: A (the one under test), B (another), or none. */
  workspace: "A" | "B" | null;
  description: string;
}

export const TRAITS: Record<PersonaName, PersonaTraits> = {
  unsigned: { role: "unsigned", workspace: null, description: "no session" },
  pending: { role: "pending", workspace: "A", description: "signed in, then the membership in A set back to pending" },
  admin: { role: "admin", workspace: "A", description: "approved admin of A" },
  tutor: { role: "tutor", workspace: "A", description: "approved tutor of A" },
  parent: { role: "parent", workspace: "A", description: "approved parent of A" },
  student: { role: "student", workspace: "A", description: "approved student of A" },
  devops: { role: "pending", workspace: null, description: "devops account with no workspace" },
  "devops-as-admin": { role: "admin", workspace: null, description: "devops account with no workspace that switched its role to admin" },
  "other-admin": { role: "admin", workspace: "B", description: "approved admin of another workspace (B)" },
};

/**
 * How a Better Auth endpoint that the server exposes is reached: with a session only
 * ("session": unsigned → 401), or by anyone ("public": its answers, 401 for a wrong
 * password included, are the endpoint's own, so the matrix only checks that it is open).
 * Keyed by Better Auth's path; an exposed endpoint missing here fails the matrix.
 */
export const AUTH_ACCESS: Record<string, "session" | "public"> = {
  "/get-session": "public",
  "/sign-in/email": "public",
  "/sign-in/social": "public",
  "/callback/:id": "public",
  "/sign-out": "public",
  "/request-password-reset": "public",
  "/reset-password": "public",
  "/reset-password/:token": "public",
  "/verify-email": "public",
  "/send-verification-email": "public",
  "/error": "public",
  "/ok": "public",
  "/change-password": "session",
  "/update-user": "session",
  "/list-sessions": "session",
  "/revoke-session": "session",
  "/revoke-other-sessions": "session",
  "/two-factor/enable": "session",
  "/two-factor/disable": "session",
  "/two-factor/get-totp-uri": "session",
  "/two-factor/generate-backup-codes": "session",
  // The second step of a two-factor sign-in: its pending-sign-in cookie, or a session.
  "/two-factor/verify-totp": "session",
  "/two-factor/verify-backup-code": "session",
};

export type Expectation =
  /** Past the access rule: anything but 401 (and, for permission operations, 403), and never 5xx. */
  | { kind: "allow"; refused: readonly number[] }
  /** Refused: one of these statuses, and nothing written. */
  | { kind: "deny"; statuses: readonly number[]; why: string }
  /** A public Better Auth endpoint: open (not the closed-endpoint 404) and never 5xx. */
  | { kind: "open" };

/** Whether the operation acts on a record named in its path (always one of workspace A's here). */
export const targetsRecord = (operation: Operation) => /\{\w+\}/.test(operation.path);

export function expectationFor(operation: Operation, persona: PersonaName): Expectation {
  const traits = TRAITS[persona];
  const access = operation.access;
  if (access === "public") return operation.source === "auth" ? { kind: "open" } : { kind: "allow", refused: [401, 403] };
  if (traits.role === "unsigned") return { kind: "deny", statuses: [401], why: "not signed in" };
  // The access guard of a signed-in operation only asks for a session: a 403 there is the
  // operation's own rule (e.g. choosing a workspace one is not an active member of).
  if (access === "signed-in" || access === "session") return { kind: "allow", refused: [401] };
  // Platform operations (the inbox): devops accounts, whatever role they show; nobody else.
  if (access === "devops")
    return persona === "devops" || persona === "devops-as-admin"
      ? { kind: "allow", refused: [401, 403] }
      : { kind: "deny", statuses: [403], why: "not a devops account" };
  const permission = access as Permission;
  if (!permissionsOf(traits.role).includes(permission)) return { kind: "deny", statuses: [403], why: `role ${traits.role} lacks ${permission}` };
  if (traits.workspace === null) return { kind: "deny", statuses: [403], why: "no workspace" };
  if (traits.workspace !== "A" && targetsRecord(operation)) return { kind: "deny", statuses: [403, 404], why: "a record of another workspace" };
  return { kind: "allow", refused: [401, 403] };
}

export interface Persona {
  name: PersonaName;
  client: ApiClient;
  userId: string | null;
  email: string | null;
}

export interface World {
  personas: Persona[];
  workspaceA: { organizationId: string };
  workspaceB: { organizationId: string };
  /** The id of a member of A whose registration is pending (a new one once the last was decided). */
  pendingMemberOfA(): Promise<string>;
  /**
   * Records of A named in paths: the student the tutor, parent and student personas are
   * related to (assigned, guardian, own login), the tutor persona's membership, the parent
   * persona's membership, an assignment and a pending invitation.
   */
  recordsOfA: {
    studentId: string;
    tutorMemberId: string;
    parentMemberId: string;
    assignmentId: string;
    invitationId: string;
    sessionId: string;
    recordingId: string;
    /** An issued invoice of S1's family (the parent persona pays it), a credit note on it, and a tax rate. */
    invoiceId: string;
    creditNoteId: string;
    taxRateId: string;
    /** A draft pay run of A. */
    payRunId: string;
    /** An open alert on S1, and the parent persona's open question about S1's session. */
    alertId: string;
    contestId: string;
    /** A preview of the health rules asked for by A's admin, still queued. */
    previewId: string;
    /** A CRM lead of A owned by the tutor persona, and the tutor's task about it. */
    leadId: string;
    taskId: string;
    /** A trial lesson of that lead, taught by the tutor persona. */
    trialId: string;
    /** A full export of A asked for by A's admin, still queued (the matrix runs no export job). */
    exportId: string;
    /** A mail about A that failed after its attempts (its pg-boss job). */
    failedMailJobId: string;
  };
  /** Strings the persona must never see in an answer: workspace A's secrets it has no right to. */
  secretsHiddenFrom(persona: PersonaName): Promise<string[]>;
}

/** Builds both workspaces and every persona through the API (the database only where no API exists). */
export async function createWorld(ctx: FactoryContext & { databaseUrl: string }): Promise<World> {
  const admin = await createAdmin(ctx, { workspaceName: uniqueName("Alpha") });
  const other = await createAdmin(ctx, { workspaceName: uniqueName("Beta") });
  const tutor = await createMember(ctx, { admin, role: "tutor" });
  const parent = await createMember(ctx, { admin, role: "parent" });
  const student_ = await createMember(ctx, { admin, role: "student" });

  // The server gives a pending member no session; a session whose membership is pending is
  // still what it must treat as pending (an approval withdrawn, or a race with sign-in).
  const pending = await createMember(ctx, { admin, role: "student" });
  await ctx.db.update(member).set({ status: "pending" }).where(eq(member.id, pending.memberId));

  // Devops accounts may sign in without an active membership: make them, then drop the
  // pending membership the sign-up needed, so that they belong to no workspace at all.
  const devops = await createDevopsUser(ctx, { joinCode: other.joinCode });
  const devopsAsAdmin = await createDevopsUser(ctx, { joinCode: other.joinCode });
  await ctx.db.delete(member).where(eq(member.userId, devops.user.id));
  await ctx.db.delete(member).where(eq(member.userId, devopsAsAdmin.user.id));
  const switched = await devopsAsAdmin.client.post("/api/me/role-override", { role: "admin" });
  if (switched.status !== 200 || switched.body.role !== "admin") throw new Error(`The devops role switch answered ${switched.status}: ${switched.text}`);

  const personas: Persona[] = [
    { name: "unsigned", client: new ApiClient(ctx.app), userId: null, email: null },
    { name: "pending", client: pending.client, userId: pending.user.id, email: pending.user.email },
    { name: "admin", client: admin.client, userId: admin.user.id, email: admin.user.email },
    { name: "tutor", client: tutor.client, userId: tutor.user.id, email: tutor.user.email },
    { name: "parent", client: parent.client, userId: parent.user.id, email: parent.user.email },
    { name: "student", client: student_.client, userId: student_.user.id, email: student_.user.email },
    { name: "devops", client: devops.client, userId: devops.user.id, email: devops.user.email },
    { name: "devops-as-admin", client: devopsAsAdmin.client, userId: devopsAsAdmin.user.id, email: devopsAsAdmin.user.email },
    { name: "other-admin", client: other.client, userId: other.user.id, email: other.user.email },
  ];

  // The relationships: the tutor teaches S1, the parent is S1's guardian, the student is S1's
  // login. S2 is related to nobody: its name must never reach the tutor, parent or student.
  const related = await createStudent(admin.client, { name: uniqueName("Related Student") });
  const unrelated = await createStudent(admin.client, { name: uniqueName("Unrelated Student") });
  await linkGuardian(admin.client, related.id, parent.memberId);
  const taught = await assignTutor(admin.client, { tutorMemberId: tutor.memberId, studentId: related.id });
  await ctx.db.update(student).set({ userId: student_.user.id }).where(eq(student.id, related.id));
  // A session of the tutor with S1, a week ahead (the parent and student personas see it too).
  const weekAhead = new Date(Date.now() + 7 * 24 * 3_600_000).toISOString().slice(0, 11);
  const taughtSession = await createSession(admin.client, {
    tutorMemberId: tutor.memberId,
    studentIds: [related.id],
    startsAt: `${weekAhead}10:00`,
    endsAt: `${weekAhead}11:00`,
    timeZone: "UTC",
  });
  // A recorded file of that session (the tutor, parent and student personas may play it).
  const recorded = await uploadRecording(admin.client, "admin", taughtSession.items[0]!.id, sampleMp3(2_000));
  if (recorded.status !== 201) throw new Error(`Uploading a recording answered ${recorded.status}: ${recorded.text}`);
  const invited = await admin.client.post("/api/admin/invitations", { email: uniqueEmail("invitee"), role: "tutor" });
  if (invited.status !== 201) throw new Error(`Inviting answered ${invited.status}: ${invited.text}`);

  // Billing: an issued invoice of S1's family, credited in part, with a tax rate of its own.
  const [account] = await ctx.db.select({ accountId: student.payerAccountId }).from(student).where(eq(student.id, related.id));
  const taxRate = await admin.client.post("/api/admin/billing/tax-rates", { name: "Matrix VAT", rateBps: 2000 });
  const drafted = await admin.client.post("/api/admin/billing/invoices", {
    accountId: account!.accountId,
    lines: [{ description: "Matrix fee", amountMinor: 10_000, taxRateId: taxRate.body.id }],
  });
  const issued = await admin.client.post(`/api/admin/billing/invoices/${drafted.body.id}/issue`);
  if (issued.status !== 200) throw new Error(`Issuing an invoice answered ${issued.status}: ${issued.text}`);
  const credited = await admin.client.post("/api/admin/billing/credit-notes", {
    accountId: account!.accountId,
    invoiceId: issued.body.id,
    reason: "Matrix credit",
    idempotencyKey: "matrix-credit-note",
    lines: [{ description: "Matrix credit", amountMinor: 1000 }],
  });
  if (credited.status !== 201) throw new Error(`Issuing a credit note answered ${credited.status}: ${credited.text}`);
  const payRun = await admin.client.post("/api/admin/pay/runs", { date: "2026-01-15" });
  if (payRun.status !== 201) throw new Error(`Drafting a pay run answered ${payRun.status}: ${payRun.text}`);

  // Student health: an alert on S1 and a family's question, written directly (the recompute opens
  // alerts from a student's history; a question needs a session that has taken place), and a
  // preview of the rules as its request leaves it, queued (the matrix runs no preview job).
  const [alert, contest, preview] = await withWorkspace(ctx.db, admin.organizationId, async (tx) => {
    const at = new Date();
    const [opened] = await tx
      .insert(healthAlert)
      .values({
        organizationId: admin.organizationId,
        studentId: related.id,
        kind: "missedShare",
        severity: "watch",
        familyVisible: true,
        title: "Matrix alert",
        evidence: [],
        openedAt: at,
        updatedAt: at,
      })
      .returning({ id: healthAlert.id });
    const [asked] = await tx
      .insert(healthContest)
      .values({
        organizationId: admin.organizationId,
        studentId: related.id,
        sessionId: taughtSession.items[0]!.id,
        point: "attendance",
        message: "Matrix question",
        raisedByUserId: parent.user.id,
        raisedAt: at,
      })
      .returning({ id: healthContest.id });
    const [previewed] = await tx
      .insert(healthRulesPreview)
      .values({
        organizationId: admin.organizationId,
        id: crypto.randomUUID(),
        rules: DEFAULT_HEALTH_RULES,
        status: "queued",
        requestedByUserId: admin.user.id,
        requestedAt: at,
      })
      .returning({ id: healthRulesPreview.id });
    return [opened!, asked!, previewed!];
  });

  const leadOfA = await tutor.client.post<{ id: string }>("/api/tutor/crm/leads", {
    guardianName: "Matrix Lead",
    email: "matrix-lead@example.com",
    source: "phone",
    consentBasis: "consent",
  });
  if (leadOfA.status !== 201) throw new Error(`the matrix's lead: ${leadOfA.status} ${leadOfA.text}`);
  const taskOfA = await tutor.client.post<{ id: string }>("/api/tutor/crm/tasks", { title: "Matrix task", dueOn: "2026-01-01", leadId: leadOfA.body.id });
  if (taskOfA.status !== 201) throw new Error(`the matrix's task: ${taskOfA.status} ${taskOfA.text}`);
  // The lead's trial, the day after the taught session (clear of it), on the tutor's calendar.
  const trialDay = new Date(Date.now() + 8 * 24 * 3_600_000).toISOString().slice(0, 11);
  const trialOfA = await tutor.client.post<{ id: string }>(`/api/tutor/crm/leads/${leadOfA.body.id}/trials`, {
    startsAt: `${trialDay}14:00`,
    durationMinutes: 60,
    timeZone: "UTC",
    confirmOutsideAvailability: true,
  });
  if (trialOfA.status !== 201) throw new Error(`the matrix's trial: ${trialOfA.status} ${trialOfA.text}`);
  // A mail about A that the mail server kept refusing (System → Status lists it; its admin, or devops, sends it again).
  const failedMailJobId = await createFailedMail(ctx.databaseUrl, {
    to: "matrix-bounce@example.com",
    subject: "Matrix mail",
    organizationId: admin.organizationId,
    error: "550 Matrix probe",
  });

  const exportOfA = await admin.client.post<{ id: string }>("/api/admin/system/exports");
  if (exportOfA.status !== 202) throw new Error(`the matrix's export: ${exportOfA.status} ${exportOfA.text}`);

  const joinCodeOfA = async () => {
    const [row] = await ctx.db.select({ joinCode: organization.joinCode }).from(organization).where(eq(organization.id, admin.organizationId));
    return row!.joinCode;
  };
  let pendingMemberId: string | undefined;

  return {
    personas,
    workspaceA: { organizationId: admin.organizationId },
    workspaceB: { organizationId: other.organizationId },
    recordsOfA: {
      studentId: related.id,
      tutorMemberId: tutor.memberId,
      parentMemberId: parent.memberId,
      assignmentId: taught.id,
      invitationId: invited.body.id,
      sessionId: taughtSession.items[0]!.id,
      recordingId: recorded.body.id,
      invoiceId: issued.body.id,
      creditNoteId: credited.body.id,
      taxRateId: taxRate.body.id,
      payRunId: payRun.body.id,
      alertId: alert.id,
      contestId: contest.id,
      previewId: preview.id,
      leadId: leadOfA.body.id,
      taskId: taskOfA.body.id,
      trialId: trialOfA.body.id,
      exportId: exportOfA.body.id,
      failedMailJobId,
    },
    async pendingMemberOfA() {
      if (pendingMemberId) {
        const [row] = await ctx.db.select({ status: member.status }).from(member).where(eq(member.id, pendingMemberId));
        if (row?.status === "pending") return pendingMemberId;
      }
      const joiner = await createPendingJoiner(ctx, { joinCode: await joinCodeOfA() });
      pendingMemberId = joiner.memberId;
      return pendingMemberId;
    },
    async secretsHiddenFrom(name) {
      const membersOfA = await ctx.db
        .select({ memberId: member.id, email: user.email })
        .from(member)
        .innerJoin(user, eq(user.id, member.userId))
        .where(eq(member.organizationId, admin.organizationId));
      const own = personas.find((persona) => persona.name === name)?.email;
      // Whoever may see S1 sees its guardians (the tutor and the student contact the family).
      const visible = new Set([own, ...(name === "tutor" || name === "student" ? [parent.user.email] : [])]);
      const others = membersOfA.filter((row) => !visible.has(row.email));
      const secrets = [await joinCodeOfA(), unrelated.name, ...others.map((row) => row.email)];
      if (TRAITS[name].workspace === "A") return name === "admin" ? [] : secrets;
      return [admin.organizationId, related.name, ...secrets, ...others.map((row) => row.memberId)];
    },
  };
}

const TABLES = { ...WRITABLE_TABLES, twoFactor };

const FINGERPRINT = new PgDialect().sqlToQuery(
  sql.join(
    Object.entries(TABLES).map(
      // The names are written into the text (they are identifiers: no quoting needed): with
      // parameters, PostgreSQL would plan the statement again on every execution.
      ([name, table]) =>
        sql`select ${sql.raw(`'${/^\w+$/.test(name) ? name : "?"}'`)} as name, count(*)::text || ':' || coalesce(max(t.xmin::text::bigint)::text, '') as print from ${table} as t`,
    ),
    sql` union all `,
  ),
);
/** Named after its text, so that a connection never reuses a statement prepared for another set of tables. */
const FINGERPRINT_STATEMENT = `fingerprint-${createHash("sha1").update(FINGERPRINT.sql).digest("hex").slice(0, 16)}`;

/**
 * Everything a request could write, in a comparable form: per table above, its row count and the
 * newest transaction id among its rows' versions (xmin), computed by PostgreSQL in one query.
 * Every INSERT and UPDATE that commits leaves rows whose xmin is newer than any before it, and a
 * DELETE lowers the count, so two equal fingerprints mean nothing was written; a difference names
 * the table. (An MD5 over every row took 50 ms a call and most of the matrix's four minutes.)
 *
 * A named (prepared) statement: parsing and planning a union of some eighty tables cost far more
 * than running it (measured: 60–90 ms a call unprepared, 6–14 ms prepared), and the matrix and the
 * hostile-input test call it thousands of times. Each pooled connection prepares it once; the
 * counts and xmins are read afresh on every execution.
 */
export async function fingerprint(db: Database): Promise<Record<string, string>> {
  const { rows } = await db.$client.query<{ name: string; print: string }>({ name: FINGERPRINT_STATEMENT, text: FINGERPRINT.sql });
  return Object.fromEntries(rows.map((row) => [row.name, row.print]));
}

export interface PersonaState {
  sessions: (typeof session.$inferSelect)[];
  memberships: (typeof member.$inferSelect)[];
  cookies: Map<string, string>;
}

/** The persona's sessions, memberships and cookies, to put back after an allowed request. */
export async function capture(db: Database, persona: Persona): Promise<PersonaState> {
  const cookies = new Map(persona.client.cookies);
  if (!persona.userId) return { sessions: [], memberships: [], cookies };
  return {
    sessions: await db.select().from(session).where(eq(session.userId, persona.userId)),
    memberships: await db.select().from(member).where(eq(member.userId, persona.userId)),
    cookies,
  };
}

/**
 * Undoes what an allowed request did to the persona itself (a sign-out, a role switch, a
 * workspace started or chosen), so that every cell of the matrix starts from the same state.
 */
export async function restore(db: Database, persona: Persona, state: PersonaState, options: { written?: boolean } = {}): Promise<void> {
  persona.client.cookies.clear();
  for (const [name, value] of state.cookies) persona.client.cookies.set(name, value);
  // `written: false`: the caller proved (equal fingerprints) that nothing was written.
  if (!persona.userId || options.written === false) return;
  const userId = persona.userId;
  const keep = <T extends { id: string }>(rows: T[]) => (rows.length > 0 ? rows.map((row) => row.id) : ["-"]);
  // Only rows that changed are written back: fingerprint() sees every write, even of the same values.
  const unchanged = <T extends { id: string }>(now: T[]) => {
    const json = new Map(now.map((row) => [row.id, JSON.stringify(row)]));
    return (row: T) => json.get(row.id) === JSON.stringify(row);
  };
  await db.delete(session).where(and(eq(session.userId, userId), notInArray(session.id, keep(state.sessions))));
  const sessionUnchanged = unchanged(await db.select().from(session).where(eq(session.userId, userId)));
  for (const row of state.sessions) {
    if (!sessionUnchanged(row)) await db.insert(session).values(row).onConflictDoUpdate({ target: session.id, set: row });
  }
  await db.delete(member).where(and(eq(member.userId, userId), notInArray(member.id, keep(state.memberships))));
  const memberUnchanged = unchanged(await db.select().from(member).where(eq(member.userId, userId)));
  for (const row of state.memberships) {
    if (!memberUnchanged(row))
      await db
        .insert(member)
        .values(row)
        .onConflictDoUpdate({ target: [member.organizationId, member.id], set: row });
  }
}
