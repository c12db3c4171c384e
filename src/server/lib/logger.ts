import pino from "pino";

export type { Logger } from "pino";

export function createLogger(level: string) {
  return pino({
    level,
    redact: { paths: ["req.headers.cookie", "req.headers.authorization", "password", "*.password"], censor: "[redacted]" },
  });
}
