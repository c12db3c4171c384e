/**
 * How the schema would be spread over a Citus cluster (docs/scaling.md): every table with a
 * workspace column is distributed by it, a few shared tables are replicated to every node
 * (reference tables), and the platform's own tables stay on the coordinator. Read from the
 * Drizzle schema, so that the statements printed by `npm run db:citus-statements` (and
 * copied into docs/scaling.md) follow it; src/server/db/distribution-keys.test.ts checks the
 * migrated database against it.
 */
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import * as alertsSchema from "./alerts-schema.ts";
import * as authSchema from "./auth-schema.ts";
import * as billingSchema from "./billing-schema.ts";
import * as countsSchema from "./counts-schema.ts";
import * as crmSchema from "./crm-schema.ts";
import * as growthSchema from "./growth-schema.ts";
import * as healthSchema from "./health-schema.ts";
import * as paySchema from "./pay-schema.ts";
import * as resourcesSchema from "./resources-schema.ts";
import * as schema from "./schema.ts";

/** The distribution column: a table that has it is a workspace's (a business table). */
export const WORKSPACE_COLUMN = "organization_id";

/**
 * Shared tables that workspace tables reference by foreign key: a copy on every node, so that
 * those keys hold and joins to them stay on one node. Small and rarely written.
 */
export const REFERENCE_TABLES: Record<string, string> = {
  organization: "the workspaces themselves, referenced by every business table",
  user: "people, who may belong to several workspaces; referenced by members, authors and actors",
};

/**
 * The platform's tables, about no one workspace: they stay on the coordinator (Citus local
 * tables), which may reference the reference tables. None has a workspace column.
 */
export const LOCAL_TABLES: Record<string, string> = {
  session: "Better Auth's sign-in sessions, read by token on every request",
  account: "Better Auth's credentials and linked Google accounts",
  verification: "Better Auth's e-mail and password-reset tokens",
  two_factor: "Better Auth's second factors",
  rate_limit_bucket: "the rate limits, keyed by address or account (decision 004)",
  enquiry: "what visitors send through the public site's forms",
  dev_outbox: "the development server's mail outbox",
  platform_audit_log: "audit entries about no workspace",
};

export interface SchemaTable {
  name: string;
  hasWorkspaceColumn: boolean;
  /** The tables its foreign keys reference (itself excluded). */
  references: string[];
}

const SCHEMA_MODULES = [schema, authSchema, billingSchema, countsSchema, paySchema, healthSchema, alertsSchema, crmSchema, growthSchema, resourcesSchema];

function isTable(value: unknown): value is PgTable {
  try {
    return Boolean(value) && typeof value === "object" && getTableConfig(value as PgTable).name !== undefined;
  } catch {
    return false;
  }
}

/** Every table of the Drizzle schema, by name. */
export function schemaTables(): SchemaTable[] {
  const tables = new Map<string, SchemaTable>();
  for (const module of SCHEMA_MODULES) {
    for (const value of Object.values(module)) {
      if (!isTable(value)) continue;
      const config = getTableConfig(value);
      const references = config.foreignKeys.map((key) => getTableConfig(key.reference().foreignTable).name).filter((name) => name !== config.name);
      tables.set(config.name, {
        name: config.name,
        hasWorkspaceColumn: config.columns.some((column) => column.name === WORKSPACE_COLUMN),
        references: [...new Set(references)].sort(),
      });
    }
  }
  return [...tables.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The statements that distribute the schema on a Citus cluster, in an order Citus accepts:
 * reference tables first, then each business table after the business tables it references.
 * Business tables are co-located (same shard count and column type): a workspace's rows of
 * every table live on the same node, so its joins and transactions stay on that node.
 */
export function citusStatements(tables: SchemaTable[] = schemaTables()): string[] {
  const business = tables.filter((table) => table.hasWorkspaceColumn);
  const ordered: string[] = [];
  const placed = new Set<string>();
  const place = (table: SchemaTable, path: string[]) => {
    if (placed.has(table.name)) return;
    if (path.includes(table.name)) throw new Error(`foreign keys in a cycle: ${[...path, table.name].join(" → ")}`);
    for (const name of table.references) {
      const referenced = business.find((candidate) => candidate.name === name);
      if (referenced) place(referenced, [...path, table.name]);
    }
    placed.add(table.name);
    ordered.push(table.name);
  };
  for (const table of business) place(table, []);
  return [
    ...Object.keys(REFERENCE_TABLES).map((name) => `SELECT create_reference_table('${quoteName(name)}');`),
    ...ordered.map((name) => `SELECT create_distributed_table('${quoteName(name)}', '${WORKSPACE_COLUMN}');`),
  ];
}

/** `user` is a reserved word: Citus reads the table name as SQL, so it is quoted there. */
function quoteName(name: string): string {
  return name === "user" ? `"${name}"` : name;
}
