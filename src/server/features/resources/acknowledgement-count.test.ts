/**
 * The acknowledgement counts the database keeps (acknowledgement_count) against a real count of
 * who acknowledged each policy's current version among its audience's active members, after
 * random sequences of operations through the real API: people acknowledging, new versions, a
 * changed audience, a policy that stops or starts asking, members suspended, reactivated,
 * given another role or removed; then under concurrent writes, and with a deleted account.
 * The resource page's counts read them, so they must never drift.
 */
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiClient } from "../../../../tests/client.ts";
import { createAdmin, createMember, signIn, type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { RESOURCE_AUDIENCES } from "../../../shared/schemas/resources.ts";
import { member, user } from "../../db/auth-schema.ts";
import { acknowledgementCount } from "../../db/counts-schema.ts";
import { withWorkspace } from "../../db/tenant.ts";

let t: TestApp;
let admin: AdminFixture;
const people: (MemberFixture & { role: "tutor" | "parent" | "student" })[] = [];
const policies: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, { fullName: "Ada Policies", workspaceName: "Acknowledged Tutoring" });
  for (const role of ["tutor", "tutor", "parent", "parent", "parent", "student"] as const) people.push({ ...(await createMember(t, { admin, role })), role });
  for (const [index, audience] of [["tutor"], ["parent"], ["tutor", "parent", "student"]].entries()) {
    const created = await admin.client.post<{ id: string }>("/api/admin/resources/links", {
      title: `Policy ${index + 1}`,
      category: "Policies",
      audience,
      requiresAcknowledgement: true,
      url: `https://example.com/policy-${index + 1}`,
    });
    expect(created.status, created.text).toBe(201);
    policies.push(created.body.id);
  }
});
afterAll(() => t?.close());

/** Per asking resource of the workspace: the count as kept, and as the rows give it. */
async function countsOf(organizationId: string): Promise<{ kept: Record<string, number>; real: Record<string, number> }> {
  return withWorkspace(t.db, organizationId, async (tx) => {
    const real = await tx.execute<{ id: string; total: number }>(sql`
      select r.id, (select count(*)::int from resource_acknowledgement a
        join member m on m.organization_id = a.organization_id and m.user_id = a.user_id and m.status = 'active' and m.role = any (r.audience)
        where a.organization_id = r.organization_id and a.resource_id = r.id and a.version = r.current_version) as total
      from resource r where r.organization_id = ${organizationId} and r.requires_acknowledgement`);
    const kept = await tx.select({ id: acknowledgementCount.resourceId, total: acknowledgementCount.total }).from(acknowledgementCount);
    const byId = (rows: { id: string; total: number }[]) => Object.fromEntries(rows.map((row) => [row.id, row.total]));
    return { kept: byId(kept), real: byId(real.rows) };
  });
}

async function expectCountsExact(organizationId = admin.organizationId): Promise<void> {
  const { kept, real } = await countsOf(organizationId);
  expect(kept).toEqual(real);
}

async function currentVersion(client: ApiClient, area: string, resourceId: string): Promise<number | undefined> {
  const read = await client.get<{ current: { version: number } }>(`/api/${area}/resources/${resourceId}`);
  return read.status === 200 ? read.body.current.version : undefined;
}

type Operation =
  | { kind: "acknowledge"; person: number; policy: number }
  | { kind: "newVersion"; policy: number }
  | { kind: "changeAudience"; policy: number; audience: (typeof RESOURCE_AUDIENCES)[number][]; asking: boolean }
  | { kind: "suspend" | "reactivate" | "changeRole"; person: number; role: "tutor" | "parent" | "student" };

const index = fc.nat({ max: 100 });
const operation: fc.Arbitrary<Operation> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant("acknowledge" as const), person: index, policy: index }), weight: 6 },
  { arbitrary: fc.record({ kind: fc.constant("newVersion" as const), policy: index }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant("changeAudience" as const),
      policy: index,
      audience: fc.subarray([...RESOURCE_AUDIENCES], { minLength: 1 }),
      asking: fc.boolean(),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constantFrom("suspend" as const, "reactivate" as const, "changeRole" as const),
      person: index,
      role: fc.constantFrom("tutor" as const, "parent" as const, "student" as const),
    }),
    weight: 3,
  },
);

/** A suspension ends the member's sessions: once reactivated, they sign in again. */
async function signInAgain(person: MemberFixture): Promise<void> {
  person.client = await signIn(t, person.user.email, person.user.password);
}

/** The kinds that moved something in the random runs (so that the property is seen not to be vacuous). */
const succeeded = new Set<Operation["kind"]>();

async function perform(next: Operation): Promise<void> {
  const policy = policies[("policy" in next ? next.policy : 0) % policies.length]!;
  const person = people[("person" in next ? next.person : 0) % people.length]!;
  let status: number | undefined;
  switch (next.kind) {
    case "acknowledge": {
      const version = await currentVersion(person.client, person.role, policy);
      if (version === undefined) return; // not for them: the resource does not exist in their area
      status = (await person.client.post(`/api/${person.role}/resources/${policy}/acknowledgements`, { version })).status;
      break;
    }
    case "newVersion":
      status = (await admin.client.post(`/api/admin/resources/${policy}/versions/links`, { url: `https://example.com/${Math.random()}`, note: "" })).status;
      break;
    case "changeAudience": {
      const read = await admin.client.get<{ title: string; category: string }>(`/api/admin/resources/${policy}`);
      status = (
        await admin.client.put(`/api/admin/resources/${policy}`, {
          title: read.body.title,
          category: read.body.category,
          audience: next.audience,
          requiresAcknowledgement: next.asking,
        })
      ).status;
      break;
    }
    case "changeRole":
      status = (await admin.client.patch(`/api/admin/members/${person.memberId}`, { role: next.role })).status;
      if (status === 200) person.role = next.role;
      break;
    case "suspend":
    case "reactivate":
      status = (await admin.client.post(`/api/admin/members/${person.memberId}/${next.kind}`, {})).status;
      if (next.kind === "reactivate" && status === 200) await signInAgain(person);
      break;
  }
  if (status !== undefined && status < 300) succeeded.add(next.kind);
}

describe("the kept acknowledgement counts", () => {
  it("equal a real count after every operation of random sequences through the API", async () => {
    await expectCountsExact();
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 10, maxLength: 25 }), async (operations) => {
        for (const next of operations) {
          await perform(next);
          await expectCountsExact();
        }
      }),
      { numRuns: 4 },
    );
    expect([...succeeded]).toEqual(expect.arrayContaining(["acknowledge", "newVersion", "changeAudience", "changeRole", "suspend", "reactivate"]));
  });

  it("are what the resource page and the acknowledgements list answer", async () => {
    const everyone = policies[2]!;
    await admin.client.put(`/api/admin/resources/${everyone}`, {
      title: "Policy 3",
      category: "Policies",
      audience: ["tutor", "parent", "student"],
      requiresAcknowledgement: true,
    });
    for (const person of people)
      if ((await admin.client.post(`/api/admin/members/${person.memberId}/reactivate`, {})).status === 200) await signInAgain(person);
    // A new version: nobody has acknowledged it yet, whatever the random runs left.
    expect((await admin.client.post(`/api/admin/resources/${everyone}/versions/links`, { url: "https://example.com/policy-3-fresh", note: "" })).status).toBe(
      201,
    );
    const version = (await currentVersion(admin.client, "admin", everyone))!;
    for (const person of people.slice(0, 4)) await person.client.post(`/api/${person.role}/resources/${everyone}/acknowledgements`, { version });
    const page = await admin.client.get<{ acknowledgements: { people: number; acknowledged: number; awaiting: number } }>(`/api/admin/resources/${everyone}`);
    const list = await admin.client.get<{ counts: unknown; total: number }>(`/api/admin/resources/${everyone}/acknowledgements?state=acknowledged`);
    const { real } = await countsOf(admin.organizationId);
    expect(page.body.acknowledgements).toEqual({ people: people.length, acknowledged: real[everyone], awaiting: people.length - real[everyone]! });
    expect(real[everyone]).toBe(4);
    expect(list.body).toMatchObject({ counts: page.body.acknowledgements, total: 4 });
  });

  it("stay exact under concurrent acknowledgements, suspensions, role changes and a new version", async () => {
    const everyone = policies[2]!;
    const version = (await currentVersion(admin.client, "admin", everyone))!;
    await Promise.all([
      ...people.map((person) => person.client.post(`/api/${person.role}/resources/${everyone}/acknowledgements`, { version })),
      admin.client.post(`/api/admin/members/${people[0]!.memberId}/suspend`, {}),
      admin.client.patch(`/api/admin/members/${people[2]!.memberId}`, { role: "tutor" }),
      admin.client.post(`/api/admin/members/${people[4]!.memberId}/suspend`, {}),
    ]);
    await expectCountsExact();
    await Promise.all([
      ...people.map((person) => person.client.post(`/api/${person.role}/resources/${everyone}/acknowledgements`, { version })),
      admin.client.post(`/api/admin/resources/${everyone}/versions/links`, { url: "https://example.com/policy-3-next", note: "" }),
      admin.client.post(`/api/admin/members/${people[0]!.memberId}/reactivate`, {}),
    ]);
    await expectCountsExact();
    await signInAgain(people[0]!);
  });

  it("follow a removed member and a deleted account, and go with a deleted resource", async () => {
    const everyone = policies[2]!;
    for (const person of [people[1]!, people[3]!])
      if ((await admin.client.post(`/api/admin/members/${person.memberId}/reactivate`, {})).status === 200) await signInAgain(person);
    const version = (await currentVersion(admin.client, "admin", everyone))!;
    for (const person of [people[1]!, people[3]!]) {
      const role = (await t.db.select({ role: member.role }).from(member).where(eq(member.id, person.memberId)))[0]!.role;
      expect((await person.client.post(`/api/${role}/resources/${everyone}/acknowledgements`, { version })).status).toBe(200);
    }
    const before = (await countsOf(admin.organizationId)).kept[everyone]!;
    expect((await admin.client.delete(`/api/admin/members/${people[1]!.memberId}`)).status).toBe(200);
    expect((await countsOf(admin.organizationId)).kept[everyone]).toBe(before - 1);
    // An account deleted outside any workspace: its membership and acknowledgements cascade.
    await t.db.delete(user).where(eq(user.id, people[3]!.user.id));
    expect((await countsOf(admin.organizationId)).kept[everyone]).toBe(before - 2);
    await expectCountsExact();

    expect((await admin.client.delete(`/api/admin/resources/${everyone}`)).status).toBe(200);
    expect(Object.keys((await countsOf(admin.organizationId)).kept)).not.toContain(everyone);
    await expectCountsExact();
  });
});
