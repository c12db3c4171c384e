import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/** The client address, taken from the socket (no proxy headers are trusted). */
export function clientIpOf(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // In-process tests call app.request() without a socket.
    return c.req.header("x-test-client-ip") ?? "127.0.0.1";
  }
}
