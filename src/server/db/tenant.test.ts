import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { auditLog, organization, student } from "./schema.ts";
import { withWorkspace } from "./tenant.ts";

let app: TestApp;
const ORG_A = "org-rls-a";
const ORG_B = "org-rls-b";

beforeAll(async () => {
  app = await createTestApp();
  for (const [id, code] of [[ORG_A, "RLSAAAAA"], [ORG_B, "RLSBBBBB"]] as const) {
    await app.db.insert(organization).values({ id, name: id, slug: id, createdAt: new Date(), joinCode: code });
  }
  await app.db.insert(student).values([
    { organizationId: ORG_A, name: "Ada of A" },
    { organizationId: ORG_B, name: "Bea of B" },
  ]);
  await app.db.insert(auditLog).values([
    { organizationId: ORG_A, action: "TEST", description: "entry of A" },
    { organizationId: null, action: "TEST", description: "platform entry" },
  ]);
});

afterAll(() => app?.close());

/** Drizzle wraps the database's error; the reason is in its cause. */
async function databaseRefusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return String((error as { cause?: { message?: string } }).cause?.message ?? error);
  }
  throw new Error("expected the database to refuse");
}

/** A transaction as the application role, but with no workspace set (a forgotten withWorkspace). */
async function asAppRoleWithoutWorkspace<T>(work: (tx: Parameters<Parameters<TestApp["db"]["transaction"]>[0]>[0]) => Promise<T>) {
  return app.db.transaction(async (tx) => {
    await tx.execute(sql`set local role glassroom_app`);
    return work(tx);
  });
}

describe("row-level security", () => {
  it("a query without the workspace set returns nothing", async () => {
    const students = await asAppRoleWithoutWorkspace((tx) => tx.select().from(student));
    const entries = await asAppRoleWithoutWorkspace((tx) => tx.select().from(auditLog));
    expect(students).toEqual([]);
    expect(entries).toEqual([]);
  });

  it("inside a workspace, only that workspace's rows exist, even without a where clause", async () => {
    const names = await withWorkspace(app.db, ORG_A, (tx) => tx.select({ name: student.name }).from(student));
    expect(names).toEqual([{ name: "Ada of A" }]);
    const entries = await withWorkspace(app.db, ORG_A, (tx) => tx.select({ description: auditLog.description }).from(auditLog));
    expect(entries).toEqual([{ description: "entry of A" }]);
  });

  it("refuses to write a row into another workspace", async () => {
    expect(await databaseRefusal(withWorkspace(app.db, ORG_A, (tx) => tx.insert(student).values({ organizationId: ORG_B, name: "Smuggled" })))).toMatch(
      /row-level security/,
    );
    const updated = await withWorkspace(app.db, ORG_A, (tx) => tx.update(student).set({ notes: "changed" }).where(sql`true`).returning({ name: student.name }));
    expect(updated).toEqual([{ name: "Ada of A" }]);
    const [bea] = await app.db.select().from(student).where(sql`name = 'Bea of B'`);
    expect(bea!.notes).toBe("");
  });

  it("the students search function answers only ids of the workspace set, and none without one", async () => {
    const search = (tx: Parameters<Parameters<TestApp["db"]["transaction"]>[0]>[0]) => tx.execute<{ id: string }>(sql`select student_search_ids('%of%') as id`);
    const inA = await withWorkspace(app.db, ORG_A, async (tx) => (await search(tx)).rows);
    const [ada] = await app.db.select({ id: student.id }).from(student).where(sql`name = 'Ada of A'`);
    expect(inA).toEqual([{ id: ada!.id }]);
    expect((await asAppRoleWithoutWorkspace(async (tx) => (await search(tx)).rows))).toEqual([]);
  });

  it("the audit log is append-only for the application role", async () => {
    expect(await databaseRefusal(withWorkspace(app.db, ORG_A, (tx) => tx.delete(auditLog)))).toMatch(/permission denied/);
    expect(await databaseRefusal(withWorkspace(app.db, ORG_A, (tx) => tx.update(auditLog).set({ description: "rewritten" })))).toMatch(/permission denied/);
  });

  it("the role and workspace end with the transaction: the pooled connection is clean again", async () => {
    await withWorkspace(app.db, ORG_A, async () => {});
    const client = await app.db.$client.connect();
    try {
      const { rows } = await client.query("select current_user as role, current_setting('app.organization_id', true) as workspace");
      expect(rows[0].role).not.toBe("glassroom_app");
      expect(rows[0].workspace ?? "").toBe("");
    } finally {
      client.release();
    }
  });
});
