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

/**
 * What a read made before any workspace is known may name, for its transaction only. The
 * owner's row-level security policies (migration 0016) let through just the rows that match:
 * - app.invitation_token_hash: the invitation of a mailed token (its SHA-256);
 * - app.invitation_email: the open invitations to an account's own email, in lower case;
 * - app.calendar_feed_token_hash: the calendar feed of a URL's token;
 * - app.scan: a job's scan across workspaces ('session-reminders': scheduled sessions not yet
 *   reminded; 'recording-retention': recorded files), and the workspace policies it reads.
 */
export type LookupKey = "app.invitation_token_hash" | "app.invitation_email" | "app.calendar_feed_token_hash" | "app.scan";

/**
 * Runs such a read on the owner connection, in a transaction that names what it looks up
 * (see LookupKey). Without it, the owner sees no business row outside withWorkspace.
 */
export async function withLookup<T>(db: Database, key: LookupKey, value: string, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config(${key}, ${value}, true)`);
    return work(tx);
  });
}
