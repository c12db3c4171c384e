import { sql } from "drizzle-orm";
import type { Database } from "./client.ts";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** What business queries run on: the database or a transaction. */
export type Queryable = Database | Transaction;

/**
 * Runs business work for one workspace in one transaction, as the non-owner role
 * glassroom_app with the workspace set for this transaction only (both reset at its end, so
 * a pooled connection never carries them to the next request). PostgreSQL's row-level
 * security then hides every row of another workspace, whatever the query says: the second
 * wall behind the services' own organization_id conditions.
 */
export async function withWorkspace<T>(db: Database, organizationId: string, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await enterWorkspace(tx, organizationId);
    return work(tx);
  });
}

/**
 * Switches a transaction already under way on the owner connection into one workspace, as
 * withWorkspace does, for work that must be atomic with identity writes (member, session,
 * user: the application role may only read those). Call it AFTER the identity writes: from
 * here to the end of the transaction, it runs as glassroom_app.
 */
export async function enterWorkspace(tx: Transaction, organizationId: string): Promise<void> {
  await tx.execute(sql`select set_config('role', 'glassroom_app', true), set_config('app.organization_id', ${organizationId}, true)`);
}
