import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { organization, user } from "./auth-schema.ts";

export * from "./auth-schema.ts";

/**
 * The audit log: who did what, when, from where. Entries of a workspace carry its id;
 * platform entries (a devops role switch outside any workspace) carry none.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: text("organization_id").references(() => organization.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    actorRole: text("actor_role"),
    action: text("action").notNull(),
    description: text("description").notNull(),
    ipAddress: text("ip_address"),
    metadata: jsonb("metadata"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [index("audit_log_organization_created_idx").on(table.organizationId, table.createdAt)],
);

/** Mail kept for the development outbox page when no SMTP server is configured. */
export const devOutbox = pgTable(
  "dev_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [index("dev_outbox_to_created_idx").on(table.toAddress, table.createdAt)],
);

/** Fixed-window rate-limit counters, shared by every app instance through the database. */
export const rateLimitBucket = pgTable("rate_limit_bucket", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull().default(sql`now()`),
});
