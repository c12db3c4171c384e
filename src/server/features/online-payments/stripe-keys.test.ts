import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries, countRows } from "../../../../tests/db.ts";
import { createAdmin, createMember, type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import type { StripeConnection } from "../../../shared/schemas/online-payments.ts";
import { stripeKeys } from "../../db/billing-schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { stripeKeysOf } from "./stripe-keys.ts";

const INSTALL_KEYS = { STRIPE_SECRET_KEY: "sk_test_installKEY9999", STRIPE_WEBHOOK_SECRET: "whsec_installSECRET1" };
const WORKSPACE_KEYS = { secretKey: "sk_live_workspaceKEY4242", webhookSecret: "whsec_workspaceSECRET7" };

let t: TestApp;
let admin: AdminFixture;
let otherAdmin: AdminFixture;
let tutor: MemberFixture;
let parent: MemberFixture;

beforeAll(async () => {
  t = await createTestApp({ env: INSTALL_KEYS });
  admin = await createAdmin(t, { workspaceName: "Keyed Tutoring" });
  otherAdmin = await createAdmin(t, { workspaceName: "Other Tutoring" });
  tutor = await createMember(t, { admin, role: "tutor" });
  parent = await createMember(t, { admin, role: "parent" });
}, 90_000);
afterAll(() => t?.close());

const read = async (client = admin.client) => (await client.get<StripeConnection>("/api/admin/billing/stripe")).body;

describe("a workspace's Stripe keys", () => {
  it("are the install's until the workspace sets its own; the webhook endpoint is the workspace's own", async () => {
    expect(await read()).toEqual({
      source: "environment",
      mode: "test",
      secretKeyHint: "sk_test_…9999",
      unreadable: false,
      webhookUrl: `${t.deps.config.appUrl.replace(/\/+$/, "")}/api/webhooks/stripe/${admin.organizationId}`,
      webhookEvents: expect.arrayContaining(["checkout.session.completed", "charge.refunded"]),
      updatedAt: null,
    });
  });

  it("are stored sealed, shown as a hint, audited without the key; another workspace keeps the install's", async () => {
    const saved = await admin.client.put<StripeConnection>("/api/admin/billing/stripe", WORKSPACE_KEYS);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ source: "workspace", mode: "live", secretKeyHint: "sk_live_…4242", unreadable: false });
    const [row] = await t.db.select().from(stripeKeys).where(eq(stripeKeys.organizationId, admin.organizationId));
    expect(JSON.stringify(row)).not.toContain("workspaceKEY");
    expect(JSON.stringify(row)).not.toContain("workspaceSECRET");
    const keys = await withWorkspace(t.deps.db, admin.organizationId, (tx) => stripeKeysOf(tx, t.deps.config, admin.organizationId));
    expect(keys).toEqual({ ...WORKSPACE_KEYS, source: "workspace" });
    const [audit] = await auditEntries(t.db, { action: "STRIPE_KEYS_SET", organizationId: admin.organizationId });
    expect(audit!.description).toMatch(/set the workspace's Stripe keys \(live mode, sk_live_…4242\)$/);
    expect(JSON.stringify(audit)).not.toContain("workspaceKEY");
    expect((await read(otherAdmin.client)).source).toBe("environment");
  });

  it("refuse keys of the wrong shape, naming each field, and write nothing", async () => {
    const before = await countRows(t.db);
    const refused = await admin.client.put("/api/admin/billing/stripe", { secretKey: "pk_test_publishable123", webhookSecret: "nope" });
    expect(refused.status).toBe(422);
    expect(refused.body.error.issues.map((issue: { path: string[] }) => issue.path[0]).sort()).toEqual(["secretKey", "webhookSecret"]);
    expect(refused.body.error.issues.find((issue: { path: string[] }) => issue.path[0] === "secretKey").message).toMatch(/^Secret key must be a Stripe secret/);
    expect(await countRows(t.db)).toEqual(before);
  });

  it("that no longer open (AUTH_SECRET changed) take no payments and say so, rather than falling back to the install's", async () => {
    await t.db.update(stripeKeys).set({ secretKeyCiphertext: "v1.AAAA.BBBB.CCCC" }).where(eq(stripeKeys.organizationId, admin.organizationId));
    expect(await read()).toMatchObject({ source: "workspace", mode: null, unreadable: true, secretKeyHint: "sk_live_…4242" });
    expect(await withWorkspace(t.deps.db, admin.organizationId, (tx) => stripeKeysOf(tx, t.deps.config, admin.organizationId))).toBeNull();
  });

  it("are removed (audited), and the install's apply again", async () => {
    const removed = await admin.client.delete<StripeConnection>("/api/admin/billing/stripe");
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ source: "environment", secretKeyHint: "sk_test_…9999" });
    expect(await auditEntries(t.db, { action: "STRIPE_KEYS_REMOVED", organizationId: admin.organizationId })).toHaveLength(1);
  });

  it("are an admin's business: tutors and parents are refused (403)", async () => {
    for (const member of [tutor, parent]) {
      expect((await member.client.get("/api/admin/billing/stripe")).status).toBe(403);
      expect((await member.client.put("/api/admin/billing/stripe", WORKSPACE_KEYS)).status).toBe(403);
      expect((await member.client.delete("/api/admin/billing/stripe")).status).toBe(403);
    }
  });
});
