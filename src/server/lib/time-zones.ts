import { sql } from "drizzle-orm";
import { registerDatabaseTimeZones } from "../../shared/time-zones.ts";
import type { Database } from "../db/client.ts";

/**
 * Reads the zone names PostgreSQL knows (once, at start) and hands them to the shared zone
 * rule, so that a zone Intl knows but the database does not is refused as invalid input
 * instead of failing every later query that uses it.
 */
export async function loadDatabaseTimeZones(db: Database): Promise<number> {
  const result = await db.execute<{ name: string }>(sql`select name from pg_timezone_names`);
  const names = result.rows.map((row) => row.name);
  registerDatabaseTimeZones(names);
  return names.length;
}
