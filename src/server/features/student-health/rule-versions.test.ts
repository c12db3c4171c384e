/**
 * The health rules as published versions: the defaults are version 1; an admin publishes a
 * change as the next version (audited, what changed in words, every active student's card due
 * again); a stale edit or no change is refused; families read the rules they may see and the
 * history of what changed for them, never a staff-only rule.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, createMember, type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { createStudent } from "../../../../tests/people-factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { DEFAULT_HEALTH_RULES, type HealthRules } from "../../../shared/schemas/student-health.ts";
import { auditLog } from "../../db/schema.ts";
import { studentHealthDue } from "../../db/health-schema.ts";

let t: TestApp;
let admin: AdminFixture;
let parent: MemberFixture;
let tutor: MemberFixture;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  parent = await createMember(t, { admin, role: "parent" });
  tutor = await createMember(t, { admin, role: "tutor" });
}, 60_000);
afterAll(() => t?.close());

const tuned = (change: (rules: HealthRules) => void): HealthRules => {
  const rules = structuredClone(DEFAULT_HEALTH_RULES);
  change(rules);
  return rules;
};
const publish = (baseVersion: number, rules: HealthRules) => admin.client.put("/api/admin/health/rules", { baseVersion, rules });

describe("the health rules' versions", () => {
  it("start as the defaults, version 1, which families read in words", async () => {
    const current = await admin.client.get("/api/admin/health/rules");
    expect(current.status, current.text).toBe(200);
    expect(current.body).toMatchObject({ version: 1, rules: DEFAULT_HEALTH_RULES, changes: ["The default rules"], publishedByName: null });
    const family = await parent.client.get("/api/parent/health/rules");
    expect(family.body).toMatchObject({ version: 1, windowWeeks: 8, watchFrom: 20, actFrom: 40 });
    expect(family.body.rules).toHaveLength(7);
    expect(family.body.rules[0]).toEqual({
      rule: "missedShare",
      label: "Missed sessions",
      description: "Missed 10% or more of the sessions held in the last 8 weeks (cancellations made in time apart): +20; 20% or more: +35 instead.",
    });
  });

  it("publishes a change as the next version, says what changed, audits it and marks every active student due", async () => {
    const active = await createStudent(admin.client, { name: "Rita Rules" });
    await createStudent(admin.client, { name: "Paul Paused", status: "paused" });
    const published = await publish(
      1,
      tuned((rules) => {
        rules.rules.missedShare.percent = 12;
        rules.rules.homeworkNotDone.enabled = false;
      }),
    );
    expect(published.status, published.text).toBe(200);
    expect(published.body.version).toBe(2);
    expect(published.body.changes).toEqual([
      'Missed sessions: now "Missed 12% or more of the sessions held in the last 8 weeks (cancellations made in time apart): +20; 20% or more: +35 instead." (was "Missed 10% or more of the sessions held in the last 8 weeks (cancellations made in time apart): +20; 20% or more: +35 instead.")',
      "Homework not done: turned off.",
    ]);
    expect(published.body.publishedByName).toBeTruthy();
    const due = await t.db.select().from(studentHealthDue).where(eq(studentHealthDue.organizationId, admin.organizationId));
    expect(due.map((row) => row.studentId)).toEqual([active.id]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, admin.organizationId), eq(auditLog.action, "HEALTH_RULES_PUBLISHED")));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.description).toContain("version 2");

    const history = await admin.client.get("/api/admin/health/rules/versions");
    expect(history.body.items.map((item: { version: number }) => item.version)).toEqual([2, 1]);
  });

  it("refuses an edit of a version no longer in force, and a publication that changes nothing (409, on their fields)", async () => {
    const current = (await admin.client.get("/api/admin/health/rules")).body as { version: number; rules: HealthRules };
    const stale = await publish(
      current.version - 1,
      tuned((rules) => (rules.rules.dosage.percent = 70)),
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error.issues[0].path).toEqual(["baseVersion"]);
    expect(stale.body.error.message).toContain(`version ${current.version} has been published since`);
    const same = await publish(current.version, current.rules);
    expect(same.status).toBe(409);
    expect(same.body.error.message).toContain("Nothing changed");
  });

  it("refuses bad rules with the field named (422), and publishing to anyone but an admin (403)", async () => {
    const current = (await admin.client.get("/api/admin/health/rules")).body as { version: number };
    const wrong = await publish(
      current.version,
      tuned((rules) => (rules.actFrom = 10)),
    );
    expect(wrong.status).toBe(422);
    expect(JSON.stringify(wrong.body.error)).toContain("The act band must start above the watch band.");
    expect((await tutor.client.put("/api/admin/health/rules", { baseVersion: current.version, rules: DEFAULT_HEALTH_RULES })).status).toBe(403);
    expect((await parent.client.get("/api/admin/health/rules")).status).toBe(403);
  });

  it("keeps a staff-only rule, and every change to it, out of what families read", async () => {
    const current = (await admin.client.get("/api/admin/health/rules")).body as { version: number; rules: HealthRules };
    const hidden = structuredClone(current.rules);
    hidden.rules.lowEngagement.familyVisible = false;
    const staffOnly = await publish(current.version, hidden);
    expect(staffOnly.status, staffOnly.text).toBe(200);
    const retuned = structuredClone(staffOnly.body.rules as HealthRules);
    retuned.rules.lowEngagement.points = 25;
    expect((await publish(staffOnly.body.version, retuned)).status).toBe(200);

    const family = (await parent.client.get("/api/parent/health/rules")).body as {
      rules: { rule: string }[];
      history: { version: number; changes: string[] }[];
    };
    expect(family.rules.map((rule) => rule.rule)).not.toContain("lowEngagement");
    expect(family.rules.map((rule) => rule.rule)).not.toContain("homeworkNotDone");
    // Hiding it is said once; its later retuning is not, so that version is not in their history.
    const said = family.history.flatMap((item) => item.changes);
    expect(said).toContain("Low engagement: staff only.");
    expect(said.join(" ")).not.toContain("+25");
    expect(family.history.map((item) => item.version)).not.toContain(staffOnly.body.version + 1);
  });
});
