import { type SQL, sql } from "drizzle-orm";

/**
 * A column named with its table, for conditions inside subqueries: drizzle leaves column names
 * unqualified in a single-table query, where a correlated "id" would bind to the inner table.
 */
export const qualified = (table: string, column: string): SQL => sql.raw(`"${table}"."${column}"`);
