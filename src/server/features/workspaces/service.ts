import { randomInt } from "node:crypto";
import { and, count, eq, gt } from "drizzle-orm";
import { MEMBER_ROLES, type MemberRole } from "../../../shared/roles.ts";
import type { MemberCounts, WorkspaceSettings, WorkspaceSettingsChanges } from "../../../shared/schemas/workspace.ts";
import type { Database } from "../../db/client.ts";
import { member, organization, workspaceInvitation } from "../../db/schema.ts";
import { enterWorkspace, withWorkspace, type Queryable } from "../../db/tenant.ts";
import { writeAudit, type Actor } from "../../core/audit.ts";
import { refuseCurrencyChangeWithAmounts } from "../../core/currency.ts";
import { memberCountsQuery, studentCountsQuery } from "../../core/kept-counts.ts";
import { AppError, invalidField, notFound } from "../../lib/app-error.ts";

type Executor = Queryable;

const JOIN_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export function generateJoinCode(): string {
  return Array.from({ length: 8 }, () => JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)]).join("");
}

function slugify(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return base || "workspace";
}

/**
 * Creates a workspace with its first admin (active). The address (slug) and join code are
 * unique; a taken one, even by a sign-up racing this one, just moves on to another candidate.
 */
export async function createWorkspaceWithAdmin(
  db: Executor,
  input: { name: string; userId: string; timeZone?: string },
  now: Date,
): Promise<{ organizationId: string }> {
  const base = slugify(input.name);
  for (let attempt = 0; attempt < 20; attempt++) {
    const organizationId = crypto.randomUUID();
    const inserted = await db
      .insert(organization)
      .values({
        id: organizationId,
        name: input.name,
        slug: attempt === 0 ? base : `${base}-${randomInt(1000, 99999)}`,
        createdAt: now,
        joinCode: generateJoinCode(),
        ...(input.timeZone ? { timeZone: input.timeZone } : {}),
      })
      .onConflictDoNothing()
      .returning({ id: organization.id });
    if (inserted.length === 0) continue;
    await db.insert(member).values({
      id: crypto.randomUUID(),
      organizationId,
      userId: input.userId,
      role: "admin",
      status: "active",
      createdAt: now,
    });
    return { organizationId };
  }
  throw new AppError("CONFLICT", 409, "Could not find a free address for this workspace name; try another name.");
}

/** Finds the workspace a join code opens, refusing closed ones; the error names the field. */
export async function findJoinableWorkspace(db: Executor, joinCode: string) {
  const [workspace] = await db.select().from(organization).where(eq(organization.joinCode, joinCode));
  if (!workspace) throw invalidField("joinCode", "No workspace has this join code. Check it with the person who gave it to you.");
  if (!workspace.joiningOpen) throw invalidField("joinCode", "This workspace is not accepting new members right now.");
  return workspace;
}

export async function addPendingMember(db: Executor, input: { organizationId: string; userId: string }, now: Date): Promise<void> {
  const [existing] = await db
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.organizationId, input.organizationId), eq(member.userId, input.userId)));
  if (existing) throw invalidField("joinCode", "You are already a member of this workspace, or your request is waiting for approval.");
  await db.insert(member).values({
    id: crypto.randomUUID(),
    organizationId: input.organizationId,
    userId: input.userId,
    role: "pending",
    status: "pending",
    createdAt: now,
  });
}

export async function getWorkspaceSettings(db: Executor, organizationId: string): Promise<WorkspaceSettings> {
  const [workspace] = await db.select().from(organization).where(eq(organization.id, organizationId));
  if (!workspace) throw notFound("The workspace");
  return {
    id: workspace.id,
    name: workspace.name,
    slug: workspace.slug,
    timeZone: workspace.timeZone,
    currency: workspace.currency,
    joinCode: workspace.joinCode,
    joiningOpen: workspace.joiningOpen,
  };
}

/**
 * Changes the workspace's settings and audits the change, in one transaction. The currency
 * cannot change once amounts exist in it (core/currency.ts).
 */
export async function changeWorkspaceSettings(db: Database, actor: Actor, changes: WorkspaceSettingsChanges): Promise<WorkspaceSettings> {
  const organizationId = actor.viewer.organizationId;
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ currency: organization.currency }).from(organization).where(eq(organization.id, organizationId)).for("update");
    if (!current) throw notFound("The workspace");
    await tx.update(organization).set(changes).where(eq(organization.id, organizationId));
    // From here on as the application role inside the workspace (the organization row is written).
    await enterWorkspace(tx, organizationId);
    if (changes.currency) await refuseCurrencyChangeWithAmounts(tx, organizationId, current.currency, changes.currency);
    await writeAudit(tx, {
      organizationId,
      userId: actor.viewer.user.id,
      actorRole: actor.viewer.role,
      action: "WORKSPACE_SETTINGS_CHANGED",
      description: `${actor.viewer.user.name} changed ${Object.keys(changes).join(", ")}`,
      ipAddress: actor.ipAddress,
      metadata: changes,
    });
    return getWorkspaceSettings(tx, organizationId);
  });
}

/** A new join code (the old one stops working), audited in the same transaction. */
export async function regenerateJoinCode(db: Database, actor: Actor): Promise<WorkspaceSettings> {
  const organizationId = actor.viewer.organizationId;
  return db.transaction(async (tx) => {
    await tx.update(organization).set({ joinCode: generateJoinCode() }).where(eq(organization.id, organizationId));
    await writeAudit(tx, {
      organizationId,
      userId: actor.viewer.user.id,
      actorRole: actor.viewer.role,
      action: "JOIN_CODE_REGENERATED",
      description: `${actor.viewer.user.name} replaced the join code`,
      ipAddress: actor.ipAddress,
    });
    return getWorkspaceSettings(tx, organizationId);
  });
}

/**
 * The admin dashboard's figures: members by role and status and students by status (the
 * counts kept by the database, core/kept-counts.ts), open invitations (counted: they expire
 * within days, so a workspace has few); all read in one transaction inside the workspace.
 */
export async function countMembers(db: Database, organizationId: string, now: Date): Promise<MemberCounts> {
  return withWorkspace(db, organizationId, (tx) => dashboardCounts(tx, organizationId, now));
}

/** The dashboard's figures, read in the caller's transaction inside the workspace (the query-scaling benchmark times this). */
export async function dashboardCounts(tx: Queryable, organizationId: string, now: Date): Promise<MemberCounts> {
  const rows = await memberCountsQuery(tx, organizationId);
  const students = await studentCountsQuery(tx, organizationId);
  const [open] = await tx
    .select({ total: count() })
    .from(workspaceInvitation)
    .where(and(eq(workspaceInvitation.organizationId, organizationId), eq(workspaceInvitation.status, "pending"), gt(workspaceInvitation.expiresAt, now)));
  const byRole = Object.fromEntries(MEMBER_ROLES.map((role) => [role, 0])) as Record<MemberRole, number>;
  let pending = 0;
  let suspended = 0;
  for (const row of rows) {
    if (row.status === "pending") pending += row.total;
    else if (row.status === "suspended") suspended += row.total;
    else if ((MEMBER_ROLES as readonly string[]).includes(row.role)) byRole[row.role as MemberRole] += row.total;
  }
  const studentCounts = { active: 0, paused: 0, former: 0 };
  for (const row of students) if (row.status in studentCounts) studentCounts[row.status as keyof typeof studentCounts] += row.total;
  return { byRole, pending, suspended, students: studentCounts, openInvitations: open?.total ?? 0 };
}
