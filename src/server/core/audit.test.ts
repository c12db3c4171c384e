import pino from "pino";
import { describe, expect, it } from "vitest";
import { writeAudit, writeAuditIgnoringFailure, type AuditTransactor, type AuditWriter } from "./audit.ts";

function failingWriter(): AuditWriter {
  return {
    insert: () => ({
      values: () => Promise.reject(new Error("database gone")),
    }),
  } as unknown as AuditWriter;
}

function capturingLogger() {
  const lines: { level: number; msg: string; action?: string }[] = [];
  const logger = pino({ level: "debug" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const entry = { organizationId: null, userId: null, actorRole: "pending", action: "USER_SIGNUP" as const, description: "x signed up with email x@example.com" };

describe("audit writers", () => {
  it("writeAudit lets a failure through", async () => {
    await expect(writeAudit(failingWriter(), entry)).rejects.toThrow("database gone");
  });

  it("writeAuditIgnoringFailure logs a failure as a warning and carries on", async () => {
    const { logger, lines } = capturingLogger();
    const database: AuditTransactor = { transaction: (work) => work(failingWriter()) };
    await expect(writeAuditIgnoringFailure(database, entry, logger)).resolves.toBeUndefined();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, action: "USER_SIGNUP", msg: "audit entry not written (ignored)" });
  });
});
