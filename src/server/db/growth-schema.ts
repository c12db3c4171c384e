/**
 * The growth playbook's decisions: a step ticked by hand, or skipped with a reason. Steps
 * ticked from the workspace's data have no row; opening a step again deletes its row.
 */
import { sql } from "drizzle-orm";
import { check, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth-schema.ts";
import { organizationIdColumn, workspaceIsolation } from "./columns.ts";

export const growthPlaybookStep = pgTable(
  "growth_playbook_step",
  {
    organizationId: organizationIdColumn(),
    /** A key of PLAYBOOK_STEP_KEYS. */
    stepKey: text("step_key").notNull(),
    state: text("state", { enum: ["ticked", "skipped"] }).notNull(),
    reason: text("reason"),
    decidedByUserId: text("decided_by_user_id").references(() => user.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.stepKey] }),
    check("growth_playbook_step_state_check", sql`state in ('ticked', 'skipped')`),
    check("growth_playbook_step_reason_check", sql`(state = 'skipped') = (reason is not null)`),
    workspaceIsolation("growth_playbook_step"),
  ],
).enableRLS();
