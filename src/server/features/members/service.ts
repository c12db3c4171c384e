import { and, asc, count, eq, ilike, like, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { isMemberRole, type MemberRole, type MembershipStatus } from "../../../shared/roles.ts";
import type { MemberListQuery, MemberPage, MemberSummary } from "../../../shared/schemas/members.ts";
import type { AppDeps, MemberContext } from "../../core/context.ts";
import type { Database } from "../../db/client.ts";
import { member, organization, session, student, studentGuardian, user } from "../../db/schema.ts";
import { enterWorkspace, withWorkspace, type Queryable, type Transaction } from "../../db/tenant.ts";
import { conflict, notFound } from "../../lib/app-error.ts";
import { writeAudit } from "../../core/audit.ts";
import { keptMemberTotal, keptMemberTotalQuery } from "../../core/kept-counts.ts";
import { preparedRead } from "../../db/prepared.ts";

/** LIKE patterns match the text as typed: % and _ are not wildcards in a search. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}

const summaryColumns = {
  memberId: member.id,
  userId: member.userId,
  name: user.name,
  email: user.email,
  role: member.role,
  status: member.status,
  createdAt: member.createdAt,
};
type SummaryRow = { memberId: string; userId: string; name: string; email: string; role: string; status: string; createdAt: Date };

function toSummary(row: SummaryRow, viewer: MemberContext): MemberSummary {
  return {
    memberId: row.memberId,
    userId: row.userId,
    name: row.name,
    email: row.email,
    // Only active and suspended members reach here; their role is always a member role.
    role: isMemberRole(row.role) ? row.role : "student",
    status: row.status as MembershipStatus,
    joinedAt: row.createdAt.toISOString(),
    isYou: row.memberId === viewer.membership.id,
  };
}

/** Which of the members list's filters a request has: the page's statement differs only by these. */
interface MemberListShape extends Record<string, boolean> {
  role: boolean;
  status: boolean;
  search: boolean;
}

/**
 * The members list's conditions: active and suspended members, with the list's filters and
 * search. Every value is a placeholder (the page's statement is built once per shape); the
 * search's count builds them with its values.
 */
function memberListConditions(
  organizationId: string | Placeholder,
  filters: { role?: string | Placeholder; status?: string | Placeholder; namePattern?: string | Placeholder; emailPattern?: string | Placeholder },
): SQL | undefined {
  // A constant, not a parameter: the planner proves member_organization_sort_name_idx's condition from it.
  const conditions: SQL[] = [eq(member.organizationId, organizationId), sql`${member.status} <> 'pending'`];
  if (filters.role) conditions.push(eq(member.role, filters.role));
  if (filters.status) conditions.push(eq(member.status, filters.status));
  if (filters.namePattern && filters.emailPattern) conditions.push(or(ilike(user.name, filters.namePattern), like(user.email, filters.emailPattern))!);
  return and(...conditions);
}

/** A search's patterns: any part of the name, the start of the email (which is kept in lower case). */
function searchPatterns(q: string): { namePattern: string; emailPattern: string } {
  const pattern = escapeLike(q);
  return { namePattern: `%${pattern}%`, emailPattern: `${pattern.toLowerCase()}%` };
}

/**
 * One page of the members list, by name. The order is the member's kept sort name (its user's
 * name), so that the page is read from an index in that order, whichever role or status is
 * asked for, instead of joining and sorting every member of the workspace; the user is joined
 * for the page's rows. Without a search, the total is the count the database keeps, read in
 * the page's own statement (a scalar subquery): one round trip fewer on the list's every request.
 * Built once per shape (db/prepared.ts): the list is read on every visit of Members.
 */
export const memberPage = preparedRead((tx: Queryable, shape: MemberListShape) => {
  const filters = {
    role: shape.role ? sql.placeholder("role") : undefined,
    status: shape.status ? sql.placeholder("status") : undefined,
    ...(shape.search ? { namePattern: sql.placeholder("namePattern"), emailPattern: sql.placeholder("emailPattern") } : {}),
  };
  const organizationId = sql.placeholder("organizationId");
  return tx
    .select({
      ...summaryColumns,
      keptTotal: shape.search
        ? sql<null>`null`
        : sql`(${keptMemberTotalQuery(tx, organizationId, { role: filters.role, status: filters.status })})`.mapWith(Number),
    })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(memberListConditions(organizationId, filters))
    .orderBy(asc(member.sortName), asc(member.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"));
});

/** The members page's shape and values for a request's query. */
export function memberPageArguments(organizationId: string, query: MemberListQuery): [MemberListShape, Record<string, unknown>] {
  const shape = { role: Boolean(query.role), status: Boolean(query.status), search: Boolean(query.q) };
  const values = {
    organizationId,
    role: query.role,
    status: query.status,
    ...(query.q ? searchPatterns(query.q) : {}),
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  };
  return [shape, values];
}

/**
 * The members list: active and suspended members (pending registrations belong to Approvals,
 * and have no role yet), by name. Searches any part of the name (trigram index) and the start
 * of the email (pattern index), the two ways admins look people up; a search counts its
 * matches (the indexes find them). Read inside the workspace (row-level security), as every
 * read of a workspace's data is.
 */
export async function listMembers(db: Database, viewer: MemberContext, query: MemberListQuery): Promise<MemberPage> {
  const organizationId = viewer.organizationId;
  const [rows, total] = query.q ? await searchMembers(db, organizationId, { ...query, q: query.q }) : await browseMembers(db, organizationId, query);
  return { items: rows.map((row) => toSummary(row, viewer)), total, page: query.page, pageSize: query.pageSize };
}

/** Without a search: the page and its kept total in one statement, read alone in one round trip. */
async function browseMembers(db: Database, organizationId: string, query: MemberListQuery) {
  const page = await memberPage.readInWorkspace(db, organizationId, ...memberPageArguments(organizationId, query));
  // A page past the end has no row to carry the total.
  const total = page[0]
    ? (page[0].keptTotal ?? 0)
    : await withWorkspace(db, organizationId, (tx) => keptMemberTotal(tx, organizationId, { role: query.role, status: query.status }));
  return [page, total] as const;
}

/** A search: its page, and its matches counted in the same transaction. */
async function searchMembers(db: Database, organizationId: string, query: MemberListQuery & { q: string }) {
  return withWorkspace(db, organizationId, async (tx) => {
    const page = await memberPage.run(tx, ...memberPageArguments(organizationId, query));
    const [counted] = await tx
      .select({ total: count() })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(memberListConditions(organizationId, { role: query.role, status: query.status, ...searchPatterns(query.q) }));
    return [page, counted?.total ?? 0] as const;
  });
}

async function readMember(db: Queryable, organizationId: string, memberId: string): Promise<SummaryRow | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.id, memberId), eq(member.organizationId, organizationId)));
  return row;
}

/**
 * Starts a change to one member of the viewer's workspace. Every member change of a workspace
 * first takes the workspace row (FOR NO KEY UPDATE, which sign-ups' foreign-key checks do not
 * wait for): two admins demoting each other at the same moment are then serialised, and the
 * second one sees that only one admin is left. Without it both would pass the last-admin check.
 */
async function lockTarget(tx: Transaction, organizationId: string, memberId: string): Promise<SummaryRow> {
  await tx.select({ id: organization.id }).from(organization).where(eq(organization.id, organizationId)).for("no key update");
  const target = await readMember(tx, organizationId, memberId);
  // A member of another workspace is "not found", never "forbidden": its existence is not told.
  if (!target) throw notFound("The member");
  if (target.status === "pending") {
    throw conflict(`${target.name} is waiting for approval: approve or reject the registration in Approvals first.`);
  }
  return target;
}

/** The rule that keeps every workspace administrable. */
async function assertNotLastAdmin(tx: Transaction, organizationId: string, target: SummaryRow, verb: string): Promise<void> {
  if (target.role !== "admin" || target.status !== "active") return;
  const admins = await tx
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.organizationId, organizationId), eq(member.role, "admin"), eq(member.status, "active")));
  if (admins.every((admin) => admin.id === target.memberId)) {
    throw conflict(`${target.name} is the last admin of this workspace and cannot be ${verb}: make another member an admin first.`);
  }
}

const who = (row: SummaryRow) => `${row.name} (${row.email})`;

async function summaryAfter(deps: AppDeps, viewer: MemberContext, memberId: string): Promise<MemberSummary> {
  const organizationId = viewer.organizationId;
  const row = await withWorkspace(deps.db, organizationId, (tx) => readMember(tx, organizationId, memberId));
  if (!row) throw notFound("The member");
  return toSummary(row, viewer);
}

export async function changeMemberRole(deps: AppDeps, viewer: MemberContext, memberId: string, role: MemberRole, ipAddress: string): Promise<MemberSummary> {
  const organizationId = viewer.organizationId;
  await deps.db.transaction(async (tx) => {
    const target = await lockTarget(tx, organizationId, memberId);
    if (target.role === role) return;
    if (role !== "admin") await assertNotLastAdmin(tx, organizationId, target, "demoted");
    await tx
      .update(member)
      .set({ role })
      .where(and(eq(member.id, memberId), eq(member.organizationId, organizationId)));
    await writeAudit(tx, {
      organizationId,
      userId: viewer.user.id,
      actorRole: viewer.role,
      action: "MEMBER_ROLE_CHANGED",
      description: `${viewer.user.name} changed the role of ${who(target)} from ${target.role} to ${role}`,
      ipAddress,
      metadata: { memberId, subjectUserId: target.userId, from: target.role, to: role },
    });
  });
  return summaryAfter(deps, viewer, memberId);
}

/**
 * Suspends a member: the membership stays (with its links) but gives no access, and the
 * sessions working in this workspace end now (the next request of that browser is signed
 * out; signing in again gets the pending message unless another workspace is active).
 */
export async function suspendMember(deps: AppDeps, viewer: MemberContext, memberId: string, ipAddress: string): Promise<MemberSummary> {
  const organizationId = viewer.organizationId;
  await deps.db.transaction(async (tx) => {
    const target = await lockTarget(tx, organizationId, memberId);
    if (target.status === "suspended") return;
    await assertNotLastAdmin(tx, organizationId, target, "suspended");
    await tx
      .update(member)
      .set({ status: "suspended" })
      .where(and(eq(member.id, memberId), eq(member.organizationId, organizationId)));
    const ended = await tx
      .delete(session)
      .where(and(eq(session.userId, target.userId), eq(session.activeOrganizationId, organizationId)))
      .returning({ id: session.id });
    await writeAudit(tx, {
      organizationId,
      userId: viewer.user.id,
      actorRole: viewer.role,
      action: "MEMBER_SUSPENDED",
      description: `${viewer.user.name} suspended ${who(target)}`,
      ipAddress,
      metadata: { memberId, subjectUserId: target.userId, sessionsEnded: ended.length },
    });
  });
  return summaryAfter(deps, viewer, memberId);
}

export async function reactivateMember(deps: AppDeps, viewer: MemberContext, memberId: string, ipAddress: string): Promise<MemberSummary> {
  const organizationId = viewer.organizationId;
  await deps.db.transaction(async (tx) => {
    const target = await lockTarget(tx, organizationId, memberId);
    if (target.status === "active") return;
    await tx
      .update(member)
      .set({ status: "active" })
      .where(and(eq(member.id, memberId), eq(member.organizationId, organizationId)));
    await writeAudit(tx, {
      organizationId,
      userId: viewer.user.id,
      actorRole: viewer.role,
      action: "MEMBER_REACTIVATED",
      description: `${viewer.user.name} reactivated ${who(target)}`,
      ipAddress,
      metadata: { memberId, subjectUserId: target.userId },
    });
  });
  return summaryAfter(deps, viewer, memberId);
}

/**
 * Removes a member from the workspace (the account stays: it may belong to other workspaces).
 * Their guardian links, assignments and tutor profile go with the membership (foreign keys);
 * a student record whose login they were keeps the record without the login. Each student
 * record that loses a guardian or its login gets an entry in its own access log.
 */
export async function removeMember(deps: AppDeps, viewer: MemberContext, memberId: string, ipAddress: string): Promise<void> {
  const organizationId = viewer.organizationId;
  // Read before the membership goes (the cascade deletes the links). A link made in the
  // instant between this read and the removal is still removed, only not named in the log.
  const guardianOf = await withWorkspace(deps.db, organizationId, (tx) =>
    tx
      .select({ studentId: studentGuardian.studentId })
      .from(studentGuardian)
      .where(and(eq(studentGuardian.organizationId, organizationId), eq(studentGuardian.memberId, memberId))),
  );
  // Removal takes a tutor's sessions with it: sessions that money or pay history cites
  // (charges, hours used, earnings) must stay, so such a tutor is suspended instead.
  const sessionsWithHistory = await withWorkspace(deps.db, organizationId, async (tx) => {
    const cited = await tx.execute(sql`select 1 from tutoring_session s where s.organization_id = ${organizationId} and s.tutor_member_id = ${memberId} and (
      exists (select 1 from ledger_entry e where e.organization_id = s.organization_id and e.session_id = s.id)
      or exists (select 1 from hour_movement m where m.organization_id = s.organization_id and m.session_id = s.id)
      or exists (select 1 from tutor_earning p where p.organization_id = s.organization_id and p.session_id = s.id)) limit 1`);
    return cited.rows.length > 0;
  });
  await deps.db.transaction(async (tx) => {
    const target = await lockTarget(tx, organizationId, memberId);
    await assertNotLastAdmin(tx, organizationId, target, "removed");
    if (sessionsWithHistory) {
      throw conflict(
        `${who(target)} has sessions that billing or pay history records, and removing them would delete those sessions: suspend them instead (they can no longer sign in here, and the history stays).`,
      );
    }
    await tx.delete(member).where(and(eq(member.id, memberId), eq(member.organizationId, organizationId)));
    await tx.delete(session).where(and(eq(session.userId, target.userId), eq(session.activeOrganizationId, organizationId)));

    await enterWorkspace(tx, organizationId);
    const detached = await tx
      .update(student)
      .set({ userId: null, updatedAt: deps.clock.now() })
      .where(and(eq(student.organizationId, organizationId), eq(student.userId, target.userId)))
      .returning({ id: student.id });
    const actor = { organizationId, userId: viewer.user.id, actorRole: viewer.role, ipAddress };
    await writeAudit(tx, {
      ...actor,
      action: "MEMBER_REMOVED",
      description: `${viewer.user.name} removed ${who(target)} (${target.role}) from the workspace`,
      metadata: { memberId, subjectUserId: target.userId, role: target.role },
    });
    for (const { studentId } of guardianOf) {
      await writeAudit(tx, {
        ...actor,
        studentId,
        action: "GUARDIAN_UNLINKED",
        description: `${viewer.user.name} removed the guardian ${target.name} from the workspace`,
        metadata: { memberId },
      });
    }
    for (const { id } of detached) {
      await writeAudit(tx, {
        ...actor,
        studentId: id,
        action: "MEMBER_REMOVED",
        description: `${viewer.user.name} removed the record's login (${target.email}) from the workspace`,
        metadata: { memberId },
      });
    }
  });
}
