import pino from "pino";

export type { Logger } from "pino";

/**
 * The app's logger: JSON lines on stdout, written asynchronously. A synchronous write per
 * line (pino's default) was a system call on the main thread for every request's access
 * line; written asynchronously, the lines of many requests go out in one write while the
 * previous one is under way. pino flushes what is left when the process exits (exit,
 * process.exit, an uncaught error); only a killed process (SIGKILL, out of memory) may lose
 * its last lines.
 */
export function createLogger(level: string) {
  return pino(
    {
      level,
      redact: { paths: ["req.headers.cookie", "req.headers.authorization", "password", "*.password"], censor: "[redacted]" },
    },
    pino.destination({ dest: 1, sync: false }),
  );
}
