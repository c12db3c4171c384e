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
 * - Its rows are read by a shape made once: a flat selection's keys and each column's own
 *   decoder (Drizzle's, found when the statement is built), where Drizzle's generic mapping
 *   finds them again for every value of every row (an eighth of the members list's time), and
 *   straight into their objects as node-postgres receives them (db/mapped-rows-query.ts).
 * - Run on the given database's or transaction's own connection, so row-level security's
 *   workspace applies as to any query.
 * - Or read alone in a workspace in one round trip (readInWorkspace below): a list page read on
 *   every visit otherwise spends most of its time in the transaction's BEGIN and COMMIT.
 */
import { createHash } from "node:crypto";
import { Column, fillPlaceholders, is, SQL } from "drizzle-orm";
import type { Pool, PoolClient } from "pg";
import type { Database } from "./client.ts";
import { readMappedRows, type Decoder, type RowShape } from "./mapped-rows-query.ts";
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
  /** Its rows' keys and decoders, and how node-postgres reads its columns' text (Drizzle's own parsers, which leave times as text for the decoders). */
  rows: RowShape;
}
/** What Drizzle keeps of a built select: its SQL, its selection and its parsers. */
interface DrizzlePreparedQuery {
  queryString: string;
  params: unknown[];
  fields: { path: string[]; field: unknown }[];
  queryConfig: { types: RowShape["types"] };
}
/** The pool or the transaction's connection that Drizzle's database or transaction runs on. */
const connectionOf = (db: Queryable): Pool | PoolClient => (db as unknown as { session: { client: Pool | PoolClient } }).session.client;

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
    // Read on every run: the flags in their own order (one read's shapes are written alike;
    // another order only builds the same statement once more).
    let key = "";
    for (const flag in shape) key += shape[flag] ? `${flag}+` : `${flag}-`;
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
      rows: rowShapeOf(prepared.fields, prepared.queryConfig.types),
    };
    built.set(key, statement);
    return statement;
  };
  return {
    async run(db, shape, values) {
      const statement = statementOf(db, shape);
      const named = { name: statement.name, text: statement.sql, values: fillPlaceholders(statement.params, values) };
      return (await readMappedRows(connectionOf(db), named, statement.rows)) as Row[];
    },
    async readInWorkspace(db, organizationId, shape, values) {
      const statement = statementOf(db, shape);
      const client = await db.$client.connect();
      let unusable: Error | undefined;
      try {
        await prepareOnConnection(client, statement);
        return (await executeInWorkspace(client, organizationId, statement, fillPlaceholders(statement.params, values))) as Row[];
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

/**
 * How a flat selection's rows are made, as Drizzle makes them (a null stays null, any other
 * value goes through its column's or expression's decoder), with each decoder found once. A
 * nested selection (an object per joined table) is refused when the read is built: its nulls
 * follow the joins, which only Drizzle's own mapping knows.
 */
function rowShapeOf(fields: DrizzlePreparedQuery["fields"], types: RowShape["types"]): RowShape {
  const keys = fields.map(({ path }) => {
    if (path.length !== 1) throw new Error(`A prepared read takes a flat selection; ${path.join(".")} is nested`);
    return path[0]!;
  });
  const decoders = fields.map(({ field }): Decoder => {
    if (is(field, Column)) return field;
    // An expression's decoder (its mapWith) is kept on the SQL object, outside Drizzle's typings.
    if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
    if (is(field, SQL.Aliased)) return (field.sql as unknown as { decoder: Decoder }).decoder;
    throw new Error(`A prepared read selects columns and SQL expressions; ${keys.join(", ")} has another kind`);
  });
  return { keys, decoders, types };
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
async function executeInWorkspace(
  client: PoolClient,
  organizationId: string,
  statement: BuiltStatement,
  params: unknown[],
): Promise<Record<string, unknown>[]> {
  const values = params.map((value) => {
    if (value === null || value === undefined) return "null";
    if (typeof value === "string" || typeof value === "number") return literal(client, String(value));
    throw new TypeError(`A read in one round trip takes text and numbers as values, not ${typeof value}`);
  });
  const text = [
    workspaceSettingsStatement(client, organizationId),
    `execute ${client.escapeIdentifier(statement.sqlName)}${values.length ? `(${values.join(", ")})` : ""}`,
  ].join("; ");
  // The settings' statement answers one row set first; the read's own is the second.
  return readMappedRows(client, { text }, statement.rows, 1);
}

/**
 * Whether an error may have left the connection in an unknown state, so that it is closed
 * rather than given back to the pool: anything but PostgreSQL's refusal of a statement (an
 * error of severity ERROR; a FATAL one, such as a terminated backend, ends the connection).
 */
function isConnectionError(error: unknown): boolean {
  return !(error instanceof Error && (error as { severity?: unknown }).severity === "ERROR");
}
