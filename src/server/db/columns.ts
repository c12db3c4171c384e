/**
 * Column and policy helpers shared by the schema files (schema.ts, billing-schema.ts).
 */
import { sql } from "drizzle-orm";
import { bigint, pgPolicy, pgRole, text } from "drizzle-orm/pg-core";
import { organization } from "./auth-schema.ts";

/**
 * An amount of money: whole minor units (pence, cents; none for yen) of the workspace's
 * currency, which cannot change once such an amount exists. A bigint in the database, read as
 * a JavaScript number: exact to 2^53 minor units, far past any tutoring amount.
 */
export const minorUnits = (name: string) => bigint(name, { mode: "number" });
/**
 * The role the application switches to for business work (withWorkspace in
 * src/server/lib/tenant.ts). It owns no table, so row-level security applies to it; the
 * migration 0003 creates it and grants it the tables.
 */
export const appRole = pgRole("glassroom_app").existing();

export const workspaceIsolation = (table: string) =>
  pgPolicy(`${table}_workspace_isolation`, {
    as: "permissive",
    for: "all",
    to: appRole,
    using: sql`organization_id = current_setting('app.organization_id', true)`,
    withCheck: sql`organization_id = current_setting('app.organization_id', true)`,
  });

/** The workspace column of a business table (first in its primary key and foreign keys). */
export const organizationIdColumn = () =>
  text("organization_id")
    .notNull()
    .references(() => organization.id, { onDelete: "cascade" });
