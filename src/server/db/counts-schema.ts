/**
 * Counts kept per workspace, so that the dashboard and the list totals read a few rows instead
 * of counting every member or student (flat at a million rows).
 *
 * - member_count: the workspace's memberships by role and status;
 * - student_count: the workspace's student records by status.
 *
 * Triggers on `member` and `student` (migration 0039) keep them in the transaction of every
 * write, whichever path makes it (Better Auth on the owner connection, the features inside the
 * workspace, a cascade from a deleted workspace): an insert adds one, a delete takes one away,
 * a change of role or status moves one. Writers of the same workspace, role and status wait
 * for each other on the count's row until they commit; sign-ups and approvals are rare enough
 * for that. glassroom_app only reads them: the triggers write as their owner.
 */
import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { organizationIdColumn, workspaceIsolation } from "./columns.ts";

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
