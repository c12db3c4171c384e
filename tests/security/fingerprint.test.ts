/**
 * The matrix and the hostile-input test trust fingerprint() to notice any write: an insert, an
 * update (even of one column to the value it had) and a delete must each change it, and reads
 * must not.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { organization } from "../../src/server/db/schema.ts";
import { createAdmin, type AdminFixture } from "../factories.ts";
import { createTestApp } from "../setup/test-app.ts";
import { fingerprint } from "./personas.ts";

const t = await createTestApp();
let admin: AdminFixture;
beforeAll(async () => {
  admin = await createAdmin(t);
});
afterAll(() => t.close());

it("stays the same when nothing is written", async () => {
  const before = await fingerprint(t.db);
  await t.db.select().from(organization);
  await admin.client.get("/api/me");
  expect(await fingerprint(t.db)).toEqual(before);
});

it("changes with an insert, an update to the same value and a delete, naming the table", async () => {
  const changed = (a: Record<string, string>, b: Record<string, string>) => Object.keys(a).filter((table) => a[table] !== b[table]);
  const [workspace] = await t.db.select().from(organization).where(eq(organization.id, admin.organizationId));

  let before = await fingerprint(t.db);
  await t.db.update(organization).set({ name: workspace!.name }).where(eq(organization.id, workspace!.id));
  expect(changed(before, await fingerprint(t.db))).toEqual(["organization"]);

  before = await fingerprint(t.db);
  const [copy] = await t.db
    .insert(organization)
    .values({ ...workspace!, id: crypto.randomUUID(), slug: `${workspace!.slug}-copy`, joinCode: "FPRINT23" })
    .returning();
  expect(changed(before, await fingerprint(t.db))).toEqual(["organization"]);

  before = await fingerprint(t.db);
  await t.db.delete(organization).where(eq(organization.id, copy!.id));
  expect(changed(before, await fingerprint(t.db))).toEqual(["organization"]);
});
