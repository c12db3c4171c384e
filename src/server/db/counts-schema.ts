/**
 * Counts kept per workspace, so that the dashboard and the list totals read a few rows instead
 * of counting every member or student (flat at a million rows).
 *
 * - member_count: the workspace's memberships by role and status;
 * - student_count: the workspace's student records by status;
 * - acknowledgement_count: per resource, how many of its audience (active members of a role it
 *   is for) acknowledged its current version.
 *
 * Triggers on `member` and `student` (migration 0039), and on `resource` and
 * `resource_acknowledgement` (migration 0042, with member's again) keep them in the transaction of every
 * write, whichever path makes it (Better Auth on the owner connection, the features inside the
 * workspace, a cascade from a deleted workspace): an insert adds one, a delete takes one away,
 * a change of role or status moves one. Writers of the same workspace, role and status wait
 * for each other on the count's row until they commit; sign-ups and approvals are rare enough
 * for that. glassroom_app only reads them: the triggers write as their owner.
 */
import { foreignKey, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { organizationIdColumn, workspaceIsolation } from "./columns.ts";
import { resource } from "./resources-schema.ts";

export const memberCount = pgTable(
  "member_count",
  {
    organizationId: organizationIdColumn(),
    role: text("role").notNull(),
    status: text("status").notNull(),
    total: integer("total").notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.role, table.status] }), workspaceIsolation("member_count")],
).enableRLS();

export const studentCount = pgTable(
  "student_count",
  {
    organizationId: organizationIdColumn(),
    status: text("status").notNull(),
    total: integer("total").notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.status] }), workspaceIsolation("student_count")],
).enableRLS();

export const acknowledgementCount = pgTable(
  "acknowledgement_count",
  {
    organizationId: organizationIdColumn(),
    resourceId: uuid("resource_id").notNull(),
    total: integer("total").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.resourceId] }),
    foreignKey({ columns: [table.organizationId, table.resourceId], foreignColumns: [resource.organizationId, resource.id] }).onDelete("cascade"),
    workspaceIsolation("acknowledgement_count"),
  ],
).enableRLS();
