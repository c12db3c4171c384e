import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "../../../../tests/db.ts";
import { createAdmin, createMember, type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { accountOfStudent } from "../../../../tests/payment-factories.ts";
import { createStudent } from "../../../../tests/people-factories.ts";
import { createTestApp, TEST_AUTH_SECRET, type TestApp } from "../../../../tests/setup/test-app.ts";
import { ledgerEntry } from "../../db/billing-schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { appendEntries } from "./ledger.ts";
import { ledgerVerificationQueue } from "./ledger-verification-job.ts";

// Data: ledger entries written with appendEntries; the chain is broken as the superuser (past
// the application's role, which may not change an entry).
let t: TestApp;
let admin: AdminFixture;
let otherAdmin: AdminFixture;
let tutor: MemberFixture;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "glassroom-ledger-verify-"));

async function writeEntries(fixture: AdminFixture, count: number) {
  const accountId = await accountOfStudent(t.db, (await createStudent(fixture.client)).id);
  await withWorkspace(t.deps.db, fixture.organizationId, (tx) =>
    appendEntries(
      tx,
      { organizationId: fixture.organizationId, actorUserId: fixture.user.id, now: new Date("2026-11-02T10:00:00.000Z") },
      Array.from({ length: count }, (_, index) => ({
        accountId,
        kind: "session_charge" as const,
        amountMinor: 1000 + index,
        description: "Lesson",
        causeKey: `verify:${index}`,
      })),
    ),
  );
}

async function latestHash(organizationId: string, sequence: number): Promise<string> {
  const [row] = await t.db
    .select({ hash: ledgerEntry.hash })
    .from(ledgerEntry)
    .where(and(eq(ledgerEntry.organizationId, organizationId), eq(ledgerEntry.sequence, sequence)));
  return row!.hash;
}

/** Asks for a verification through the API and waits for the job's outcome. */
async function verifyThroughApi() {
  const requested = await admin.client.post("/api/admin/billing/ledger/verifications");
  expect(requested.status).toBe(202);
  expect(requested.body).toMatchObject({ finishedAt: null, ok: null });
  for (let waited = 0; waited < 20_000; waited += 100) {
    const latest = await admin.client.get("/api/admin/billing/ledger/verifications/latest");
    if (latest.body.verification?.id === requested.body.id && latest.body.verification.finishedAt) return latest.body.verification;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the ledger verification job did not finish in 20 s");
}

/** `npm run ledger:verify` as a process on the test's database. */
function runScript(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["scripts/ledger-verify.ts", ...args], {
      cwd: path.resolve(import.meta.dirname, "../../../.."),
      env: { ...process.env, NODE_ENV: "test", DATABASE_URL: t.databaseUrl, DATA_DIR: dataDir, AUTH_SECRET: TEST_AUTH_SECRET, LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, { fullName: "Vera Verify", workspaceName: "Verify Tutoring" });
  otherAdmin = await createAdmin(t, { workspaceName: "Sound Tutoring" });
  tutor = await createMember(t, { admin, role: "tutor" });
  await writeEntries(admin, 3);
  await writeEntries(otherAdmin, 2);
  await t.deps.jobs.startWorkers(t.deps, [ledgerVerificationQueue]);
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("ledger verification", () => {
  it("before any request there is none; it is the admins'", async () => {
    expect((await admin.client.get("/api/admin/billing/ledger/verifications/latest")).body).toEqual({ verification: null });
    expect((await tutor.client.post("/api/admin/billing/ledger/verifications")).status).toBe(403);
    expect((await tutor.client.get("/api/admin/billing/ledger/verifications/latest")).status).toBe(403);
  });

  it("an intact chain: the job reports OK, the entries checked and the latest hash; the request is audited", async () => {
    const verification = await verifyThroughApi();
    expect(verification).toMatchObject({ ok: true, entriesChecked: 3, problem: null, requestedByName: "Vera Verify" });
    expect(verification.latestHash).toBe(await latestHash(admin.organizationId, 3));
    expect((await auditEntries(t.db, { action: "LEDGER_VERIFICATION_REQUESTED", organizationId: admin.organizationId })).length).toBe(1);
  });

  it("npm run ledger:verify prints one OK line per workspace and exits 0", async () => {
    const run = await runScript([]);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines.find((line) => line.startsWith(admin.organizationId))).toBe(
      `${admin.organizationId} Verify Tutoring: 3 entries, latest hash ${await latestHash(admin.organizationId, 3)}, OK`,
    );
  });

  it("a changed entry: the job and the script name it, and the script exits 1", async () => {
    await t.db.execute(sql`update ledger_entry set amount_minor = 5 where organization_id = ${admin.organizationId} and sequence = 2`);
    const verification = await verifyThroughApi();
    expect(verification).toMatchObject({ ok: false, entriesChecked: 1 });
    expect(verification.problem).toMatch(/Entry 2 was changed after it was written/);

    const run = await runScript([]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      `${admin.organizationId} Verify Tutoring: 1 entry checked, latest hash ${await latestHash(admin.organizationId, 1)}, BROKEN: Entry 2 was changed`,
    );
    expect(run.stdout).toContain(`${otherAdmin.organizationId} Sound Tutoring: 2 entries`);

    const sound = await runScript(["--workspace", otherAdmin.organizationId]);
    expect(sound.code).toBe(0);
    expect(sound.stdout.trim().split("\n")).toHaveLength(1);
  });
});
