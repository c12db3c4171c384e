/**
 * A hot read built once per shape and run as a named statement.
 *
 * - Built once: its Drizzle query is written with placeholders (sql.placeholder) for every value,
 *   so the SQL text of one shape (which filters are present) never changes; building it again
 *   on every request was a quarter of the server's time on the members list.
 * - Named statement: PostgreSQL parses and plans it once per connection, and reuses that for
 *   every later run with other values (planning was most of the database's time for a page).
 *   Its name is made from its SQL text, so one name can never stand for two statements
 *   (node-postgres would run the first one parsed under the name with the second one's values).
 * - Run on the given transaction's own connection, through Drizzle's own prepared query (its
 *   row mapping and value decoders), so row-level security's workspace applies as to any query.
 * - Or read alone in a workspace in one round trip (readInWorkspace below): a list page read on
 *   every visit otherwise spends most of its time in the transaction's BEGIN and COMMIT.
 */
import { createHash } from "node:crypto";
import { fillPlaceholders } from "drizzle-orm";
import type { PoolClient } from "pg";
import type { Database } from "./client.ts";
import { literal, workspaceSettingsStatement, type Queryable } from "./tenant.ts";

/** What Drizzle's select builder offers, and what its prepared query keeps once built. */
interface Preparable<Row> {
  toSQL(): { sql: string; params: unknown[] };
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Row[]> };
}
interface BuiltStatement {
  /** Its name on the protocol (node-postgres's named statement), and as SQL PREPARE names it. */
  name: string;
  sqlName: string;
  sql: string;
  params: unknown[];
  fields: unknown;
  joinsNotNullableMap: unknown;
}
interface DrizzlePreparedQuery {
  client: unknown;
  execute(values: Record<string, unknown>): Promise<unknown[]>;
  queryString: string;
  params: unknown[];
  fields: unknown;
  joinsNotNullableMap: unknown;
}
interface DrizzleSession {
  prepareQuery(query: { sql: string; params: unknown[] }, fields: unknown, name: string, isResponseInArrayMode: boolean): DrizzlePreparedQuery;
}

export interface PreparedRead<Shape, Row> {
  run(db: Queryable, shape: Shape, values: Record<string, unknown>): Promise<Row[]>;
  /**
   * The read alone, inside one workspace (as withWorkspace's work would run it: as
   * glassroom_app, row-level security set to the workspace), in one round trip to PostgreSQL.
   */
  readInWorkspace(db: Database, organizationId: string, shape: Shape, values: Record<string, unknown>): Promise<Row[]>;
  /** The statement's SQL with these values (for EXPLAIN in the benchmarks). */
  toSQL(db: Queryable, shape: Shape, values: Record<string, unknown>): { sql: string; params: unknown[] };
}

/**
 * A read whose SQL depends only on its shape (a plain object of flags: which filters are
 * present), its values given as placeholders' values at each run.
 */
export function preparedRead<Shape extends Record<string, boolean>, Row>(build: (db: Queryable, shape: Shape) => Preparable<Row>): PreparedRead<Shape, Row> {
  const built = new Map<string, BuiltStatement>();
  const statementOf = (db: Queryable, shape: Shape): BuiltStatement => {
    const key = JSON.stringify(Object.entries(shape).sort(([a], [b]) => a.localeCompare(b)));
    const known = built.get(key);
    if (known) return known;
    const query = build(db, shape);
    const digest = createHash("sha1").update(query.toSQL().sql).digest("base64url");
    const name = `q_${digest}`;
    const prepared = query.prepare(name) as unknown as DrizzlePreparedQuery;
    const statement = {
      name,
      sqlName: `w_${digest}`,
      sql: prepared.queryString,
      params: prepared.params,
      fields: prepared.fields,
      joinsNotNullableMap: prepared.joinsNotNullableMap,
    };
    built.set(key, statement);
    return statement;
  };
  return {
    run(db, shape, values) {
      return drizzleQueryOf(db, statementOf(db, shape)).execute(values) as Promise<Row[]>;
    },
    async readInWorkspace(db, organizationId, shape, values) {
      const statement = statementOf(db, shape);
      const client = await db.$client.connect();
      let unusable: Error | undefined;
      try {
        await prepareOnConnection(client, statement);
        const query = drizzleQueryOf(db, statement);
        // Drizzle's prepared query sends its statement through this client, and maps the rows it gets back.
        query.client = { query: (config: QueryConfig, params: unknown[]) => executeInWorkspace(client, organizationId, statement.sqlName, config, params) };
        return (await query.execute(values)) as Row[];
      } catch (error) {
        if (isConnectionError(error)) unusable = error as Error;
        throw error;
      } finally {
        client.release(unusable);
      }
    },
    toSQL(db, shape, values) {
      const statement = statementOf(db, shape);
      return { sql: statement.sql, params: fillPlaceholders(statement.params, values) };
    },
  };
}

/** Drizzle's prepared query of a built statement, on the connection of the given database or transaction (cheap: nothing is built). */
function drizzleQueryOf(db: Queryable, statement: BuiltStatement): DrizzlePreparedQuery {
  const session = (db as unknown as { session: DrizzleSession }).session;
  const query = session.prepareQuery({ sql: statement.sql, params: statement.params }, statement.fields, statement.name, true);
  query.joinsNotNullableMap = statement.joinsNotNullableMap;
  return query;
}

/** The query Drizzle's prepared query hands its client: how rows are read. */
interface QueryConfig {
  rowMode: "array";
  types: unknown;
}

/**
 * The statements each connection has prepared (SQL PREPARE, which lasts as long as the
 * connection: nothing in the app deallocates them). Their names start with w_, never q_: the
 * statements node-postgres names on the protocol share the connection's one namespace.
 */
const preparedStatements = new WeakMap<PoolClient, Set<string>>();

async function prepareOnConnection(client: PoolClient, statement: BuiltStatement): Promise<void> {
  const prepared = preparedStatements.get(client) ?? new Set<string>();
  preparedStatements.set(client, prepared);
  if (prepared.has(statement.sqlName)) return;
  await client.query(`prepare ${client.escapeIdentifier(statement.sqlName)} as ${statement.sql}`);
  prepared.add(statement.sqlName);
}

/**
 * One message, three statements that PostgreSQL runs as one implicit transaction: the role and
 * the workspace set for that transaction only (as withWorkspace sets them), then the prepared
 * statement with its values. The values are written as literals escaped by node-postgres (a
 * message of several statements takes no parameters), which the statement's parameter types
 * then read. If setting the workspace fails, the statement does not run; when the message
 * ends, the role and the workspace are gone with its transaction.
 */
async function executeInWorkspace(client: PoolClient, organizationId: string, sqlName: string, config: QueryConfig, params: unknown[]): Promise<unknown> {
  const values = params.map((value) => {
    if (value === null || value === undefined) return "null";
    if (typeof value === "string" || typeof value === "number") return literal(client, String(value));
    throw new TypeError(`A read in one round trip takes text and numbers as values, not ${typeof value}`);
  });
  const text = [
    workspaceSettingsStatement(client, organizationId),
    `execute ${client.escapeIdentifier(sqlName)}${values.length ? `(${values.join(", ")})` : ""}`,
  ].join("; ");
  const results = (await client.query({ text, rowMode: config.rowMode, types: config.types } as never)) as unknown as unknown[];
  return results[results.length - 1];
}

/**
 * Whether an error may have left the connection in an unknown state, so that it is closed
 * rather than given back to the pool: anything but PostgreSQL's refusal of a statement (which
 * carries a severity; Drizzle wraps it as its cause).
 */
function isConnectionError(error: unknown): boolean {
  const refusal = (candidate: unknown) => candidate instanceof Error && "severity" in candidate;
  return !(refusal(error) || (error instanceof Error && refusal(error.cause)));
}
