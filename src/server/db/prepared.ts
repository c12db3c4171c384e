/**
 * A query run as a named statement, its name made from its SQL text: PostgreSQL parses and
 * plans it once per connection, and reuses that for every later run with other values (a
 * list's page read on every request spends most of the database's time planning otherwise).
 * Named by its text, the same name can never stand for two statements (node-postgres would
 * run the first one parsed under the name with the second one's values).
 */
import { createHash } from "node:crypto";

interface Preparable<Result> {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<Result> };
}

export function runPrepared<Result>(query: Preparable<Result>): Promise<Result> {
  const name = `q_${createHash("sha1").update(query.toSQL().sql).digest("base64url")}`;
  return query.prepare(name).execute();
}
