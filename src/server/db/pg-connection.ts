import type { PoolClient } from "pg";

/**
 * node-postgres's connection of a pooled client, which its typings leave out: the protocol
 * messages PostgreSQL sends are events of it ("readyForQuery", ...), and its socket is its
 * stream. The one place the app reaches past node-postgres's public API.
 */
export interface ProtocolConnection {
  prependListener(event: "readyForQuery", listener: () => void): void;
  stream: { cork(): void; uncork(): void; destroy(error: Error): void };
}

export function protocolConnectionOf(client: PoolClient): ProtocolConnection {
  return (client as unknown as { connection: ProtocolConnection }).connection;
}
