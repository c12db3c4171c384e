/**
 * node-postgres's own query, reading each row straight into its object. Its generic path makes,
 * on every execution of a statement, a result with a field and a parser per column (from the
 * RowDescription the server sends each time), an array per row, and then a promise around
 * the result; the hot reads (db/prepared.ts) were a sixth of a signed-in request's server time
 * there. This query keeps each statement's parsers after the first execution, parses and
 * decodes a row's columns in one pass into the object the read returns, and answers through
 * one callback.
 *
 * It is a subclass of pg's Query, overriding its handlers of rows, not a custom "submittable"
 * (node-postgres's documented extension point), because the pool's connections run in
 * pipeline mode, which refuses every query that is not a Query. What Query does otherwise
 * (Parse once per connection and name, Bind, Execute, Sync, errors, the query timeout) is
 * node-postgres's, unchanged.
 */
import pg, { type Pool, type PoolClient } from "pg";

type TextParser = (text: string) => unknown;
export interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** What a statement's rows are made of: its keys, and each column's decoder, in the selection's order. */
export interface RowShape {
  keys: string[];
  decoders: Decoder[];
  /** Parsers of the columns' text, as node-postgres would choose them (Drizzle's, which leave times as text). */
  types: { getTypeParser(typeId: number, format: string): TextParser };
  /** Kept after the statement's first execution: its columns' types do not change. */
  parsers?: TextParser[];
}

/** The parts of Query that this one reads and overrides. */
interface QueryInternals {
  name?: string;
  callback?: (error: unknown, rows?: unknown) => void;
  _canceledDueToError: unknown;
  handleError(error: unknown, connection?: unknown): void;
}
const Query = pg.Query as unknown as new (text: string, values?: unknown[]) => QueryInternals;

/** A statement to run: its SQL, its values, and its name when it is a named (prepared) statement. */
export interface Statement {
  text: string;
  values?: unknown[];
  name?: string;
}

class MappedRowsQuery extends Query {
  readonly shape: RowShape;
  /** Row sets to pass over before the read's own: the statements a message sends before it. */
  readonly rowSetsBefore: number;
  /** Not `rows`: Query reads that as its option to fetch a portal's rows in pages. */
  readonly mapped: Record<string, unknown>[] = [];
  private rowSetsSeen = 0;
  private parsers: TextParser[] = [];

  constructor(statement: Statement, shape: RowShape, rowSetsBefore: number) {
    // Query copies a config object (all its property descriptors) before reading it, on every
    // query; given as text and values, it reads them as they are. Of a config's other fields,
    // these reads give only a name.
    super(statement.text, statement.values);
    if (statement.name) this.name = statement.name;
    this.shape = shape;
    this.rowSetsBefore = rowSetsBefore;
  }

  handleRowDescription(message: { fields: { dataTypeID: number }[] }): void {
    this.rowSetsSeen++;
    if (this.rowSetsSeen <= this.rowSetsBefore) return;
    const shape = this.shape;
    if (!shape.parsers || shape.parsers.length !== message.fields.length) {
      shape.parsers = message.fields.map((field) => shape.types.getTypeParser(field.dataTypeID, "text"));
    }
    this.parsers = shape.parsers;
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    if (this.rowSetsSeen <= this.rowSetsBefore || this._canceledDueToError) return;
    const { keys, decoders } = this.shape;
    const texts = message.fields;
    const row: Record<string, unknown> = {};
    try {
      for (let index = 0; index < keys.length; index++) {
        const text = texts[index];
        row[keys[index]!] = text === null || text === undefined ? null : decoders[index]!.mapFromDriverValue(this.parsers[index]!(text));
      }
    } catch (error) {
      // As Query does: the error is told when the server is ready again, not in the middle of its answer.
      this._canceledDueToError = error;
      return;
    }
    this.mapped.push(row);
  }

  handleReadyForQuery(connection: unknown): void {
    if (this._canceledDueToError) return this.handleError(this._canceledDueToError, connection);
    this.callback?.(null, this.mapped);
  }
}

/**
 * Runs a query (a named statement with values, or a message of several statements) on the pool
 * or on a transaction's connection, and gives the rows of the statement after `rowSetsBefore`
 * others as the shape's objects.
 */
export function readMappedRows(connection: Pool | PoolClient, statement: Statement, shape: RowShape, rowSetsBefore = 0): Promise<Record<string, unknown>[]> {
  const query = new MappedRowsQuery(statement, shape, rowSetsBefore);
  // The pool's query borrows a connection, gives it the query with its own callback, and gives
  // the connection back when that is called; a connection's query takes the callback here.
  if (connection instanceof pg.Pool) return connection.query(query as never) as unknown as Promise<Record<string, unknown>[]>;
  return new Promise((resolve, reject) => {
    query.callback = (error, rows) => (error ? reject(error) : resolve(rows as Record<string, unknown>[]));
    connection.query(query as never);
  });
}
