import { sql } from "drizzle-orm";
import { NodePgSession, NodePgTransaction } from "drizzle-orm/node-postgres";
import type { PoolClient } from "pg";
import type { Database } from "./client.ts";
import { protocolConnectionOf } from "./pg-connection.ts";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** What business queries run on: the database or a transaction. */
export type Queryable = Database | Transaction;

/**
 * Runs business work for one workspace in one transaction, as the non-owner role
 * glassroom_app with the workspace set for this transaction only (both reset at its end, so
 * a pooled connection never carries them to the next request). PostgreSQL's row-level
 * security then hides every row of another workspace, whatever the query says: the second
 * wall behind the services' own organization_id conditions.
 *
 * The transaction is Drizzle's own (db.transaction's, built the same way), but BEGIN and the
 * two settings go to PostgreSQL as one statement list, and that list leaves in the same write
 * as the work's first query (the pool's connections pipeline their queries, db/client.ts): on
 * every business request, no round trip and no write of its own before the work's first
 * query. The workspace id is written into that text as a literal escaped by node-postgres,
 * since a list of statements takes no parameters. If the list fails, the work's queries behind
 * it fail too (inside an aborted transaction), and the whole is rolled back. Given a
 * transaction (see below), it works in a savepoint of it, as before.
 */
export async function withWorkspace<T>(db: Database, organizationId: string, work: (tx: Transaction) => Promise<T>): Promise<T> {
  // A command that another one runs inside its own transaction (a CRM trial books a session)
  // is given that transaction as its database: a savepoint of it, as Drizzle nests them.
  if (db instanceof NodePgTransaction) {
    return db.transaction(async (tx) => {
      await enterWorkspace(tx as unknown as Transaction, organizationId);
      return work(tx as unknown as Transaction);
    });
  }
  const { dialect, session } = db as unknown as DrizzleInternals;
  const client = await db.$client.connect();
  const tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, session.schema, session.options), session.schema) as unknown as Transaction;
  let unusable: Error | undefined;
  try {
    const beginText = `begin; ${workspaceSettingsStatement(client, organizationId)}`;
    holdWritesUntilTheWorkHasQueried(client);
    const begun = client.query(beginText);
    // Both are awaited before anything else: the connection goes back to the pool only once the
    // work is over, whatever failed first.
    const [begin, outcome] = await Promise.allSettled([begun, (async () => work(tx))()]);
    if (begin.status === "rejected") throw begin.reason;
    if (outcome.status === "rejected") throw outcome.reason;
    await client.query("commit");
    return outcome.value;
  } catch (error) {
    // Rolled back after a failed statement list too, whose BEGIN may have run; a connection
    // that cannot even roll back is closed instead of going back to the pool.
    await client.query("rollback").catch((rollbackError: unknown) => {
      unusable = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    });
    throw error;
  } finally {
    client.release(unusable);
  }
}

/**
 * Keeps what is written to the connection in memory until the work has sent its first query
 * (its query is built and sent within the promise jobs that follow; setImmediate runs after
 * them), so that BEGIN and that query reach PostgreSQL in one write: a write to a local socket
 * costs the process a system call and wakes the database for each. node-postgres corks the
 * same socket around each extended-protocol query for the same reason.
 */
function holdWritesUntilTheWorkHasQueried(client: PoolClient): void {
  const socket = protocolConnectionOf(client).stream;
  socket.cork();
  setImmediate(() => socket.uncork());
}

/** What withWorkspace takes from a Drizzle database to start a transaction as db.transaction does. */
interface DrizzleInternals {
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  session: { schema: ConstructorParameters<typeof NodePgSession>[2]; options: ConstructorParameters<typeof NodePgSession>[3] };
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

/**
 * A value as an SQL literal, escaped by node-postgres. A NUL character cannot be in PostgreSQL
 * text, and would end the message's text where it stands: refused before anything is sent.
 */
export function literal(client: PoolClient, value: string): string {
  if (value.includes("\0")) throw new TypeError("A value sent as a literal cannot hold a NUL character.");
  return client.escapeLiteral(value);
}

/**
 * The statement that enters a workspace, as text for a message of several statements (which
 * takes no parameters): the application role and the workspace, for the transaction only.
 */
export function workspaceSettingsStatement(client: PoolClient, organizationId: string): string {
  return `select set_config('role', 'glassroom_app', true), set_config('app.organization_id', ${literal(client, organizationId)}, true)`;
}
