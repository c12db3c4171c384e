/**
 * The counts the database keeps (member_count, student_count) against a real count(*) of the
 * rows, after random sequences of operations through the real API (joining, approving,
 * rejecting, role changes, suspension, reactivation, removal; students created, their status
 * changed, erased), after concurrent writes, and when a workspace is deleted. The dashboard
 * and the list totals read these counts, so they must never drift.
 */
import fc from "fast-check";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, createMember, createPendingJoiner, type AdminFixture } from "../../../tests/factories.ts";
import { createStudent } from "../../../tests/people-factories.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { MEMBER_ROLES } from "../../shared/roles.ts";
import { STUDENT_STATUSES } from "../../shared/student-states.ts";
import { member, organization, student } from "../db/schema.ts";

let t: TestApp;
let admin: AdminFixture;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, { fullName: "Cora Counts", workspaceName: "Counted Tutoring" });
});
afterAll(() => t?.close());

/** Every workspace's counts as the rows give them, and as kept (zeros left out: a kept row may fall to 0). */
async function countsOf(): Promise<{ real: Record<string, number>; kept: Record<string, number> }> {
  const real = await t.db.execute<{ key: string; total: number }>(sql`
    select organization_id || ' member ' || role || ' ' || status as key, count(*)::int as total from member group by 1
    union all select organization_id || ' student ' || status, count(*)::int from student group by 1`);
  const kept = await t.db.execute<{ key: string; total: number }>(sql`
    select organization_id || ' member ' || role || ' ' || status as key, total from member_count where total <> 0
    union all select organization_id || ' student ' || status, total from student_count where total <> 0`);
  const byKey = (rows: { key: string; total: number }[]) => Object.fromEntries(rows.map((row) => [row.key, row.total]));
  return { real: byKey(real.rows), kept: byKey(kept.rows) };
}

async function expectCountsExact(): Promise<void> {
  const { real, kept } = await countsOf();
  expect(kept).toEqual(real);
}

async function membersOf(organizationId: string) {
  return t.db
    .select({ id: member.id, role: member.role, status: member.status })
    .from(member)
    .where(eq(member.organizationId, organizationId))
    .orderBy(member.id);
}

async function studentsOf(organizationId: string) {
  return t.db.select({ id: student.id }).from(student).where(eq(student.organizationId, organizationId)).orderBy(student.id);
}

type Operation =
  | { kind: "join" }
  | { kind: "approve"; pick: number; role: (typeof MEMBER_ROLES)[number] }
  | { kind: "reject"; pick: number }
  | { kind: "changeRole"; pick: number; role: (typeof MEMBER_ROLES)[number] }
  | { kind: "suspend" | "reactivate" | "remove"; pick: number }
  | { kind: "createStudent"; status: (typeof STUDENT_STATUSES)[number] }
  | { kind: "changeStudentStatus"; pick: number; status: (typeof STUDENT_STATUSES)[number] }
  | { kind: "eraseStudent"; pick: number };

const role = fc.constantFrom(...MEMBER_ROLES);
const studentStatus = fc.constantFrom(...STUDENT_STATUSES);
const pick = fc.nat({ max: 1000 });
const operation: fc.Arbitrary<Operation> = fc.oneof(
  { arbitrary: fc.constant({ kind: "join" as const }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("approve" as const), pick, role }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant("reject" as const), pick }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("changeRole" as const), pick, role }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constantFrom("suspend" as const, "reactivate" as const, "remove" as const), pick }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant("createStudent" as const), status: studentStatus }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant("changeStudentStatus" as const), pick, status: studentStatus }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant("eraseStudent" as const), pick }), weight: 1 },
);

/** The kinds of operation that succeeded in the random runs (so that the property is seen not to be vacuous). */
const succeeded = new Set<Operation["kind"]>();

/** Runs one operation through the API; a refusal (the last admin, a pending member) is an outcome like any other. */
async function perform(operation: Operation): Promise<void> {
  const outcome = await attempt(operation);
  if (outcome && outcome.status < 400) succeeded.add(operation.kind);
}

async function attempt(operation: Operation): Promise<{ status: number } | undefined> {
  const members = await membersOf(admin.organizationId);
  const pending = members.filter((row) => row.status === "pending");
  // Never the admin running the operations: the run would lose its hands.
  const others = members.filter((row) => row.status !== "pending" && row.id !== admin.memberId);
  const students = await studentsOf(admin.organizationId);
  const client = admin.client;
  switch (operation.kind) {
    case "join":
      await createPendingJoiner(t, { joinCode: admin.joinCode });
      return { status: 201 };
    case "approve":
    case "reject": {
      const target = pending[operation.pick % Math.max(pending.length, 1)];
      if (!target) return undefined;
      if (operation.kind === "approve") return client.post(`/api/admin/approvals/${target.id}/approve`, { role: operation.role });
      return client.post(`/api/admin/approvals/${target.id}/reject`, {});
    }
    case "changeRole":
    case "suspend":
    case "reactivate":
    case "remove": {
      const target = others[operation.pick % Math.max(others.length, 1)];
      if (!target) return undefined;
      if (operation.kind === "changeRole") return client.patch(`/api/admin/members/${target.id}`, { role: operation.role });
      if (operation.kind === "remove") return client.delete(`/api/admin/members/${target.id}`);
      return client.post(`/api/admin/members/${target.id}/${operation.kind}`, {});
    }
    case "createStudent":
      await createStudent(client, { status: operation.status });
      return { status: 201 };
    case "changeStudentStatus":
    case "eraseStudent": {
      const target = students[operation.pick % Math.max(students.length, 1)];
      if (!target) return undefined;
      if (operation.kind === "changeStudentStatus") return client.patch(`/api/admin/students/${target.id}`, { status: operation.status });
      return client.post(`/api/admin/students/${target.id}/erase`, {});
    }
  }
}

describe("the kept counts of members and students", () => {
  it("equal a real count after every operation of random sequences through the API", async () => {
    await Promise.all(Array.from({ length: 4 }, () => createPendingJoiner(t, { joinCode: admin.joinCode })));
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 10, maxLength: 20 }), async (operations) => {
        for (const next of operations) {
          await perform(next);
          await expectCountsExact();
        }
      }),
      { numRuns: 4 },
    );
    // The runs did move people and records (the property is not vacuous).
    expect([...succeeded]).toEqual(expect.arrayContaining(["approve", "changeRole", "createStudent", "changeStudentStatus"]));
  });

  it("stay exact under concurrent approvals, role changes, suspensions and student writes", async () => {
    const joiners = await Promise.all(Array.from({ length: 6 }, () => createPendingJoiner(t, { joinCode: admin.joinCode })));
    const roles = ["tutor", "parent", "student", "tutor", "admin", "parent"] as const;
    await Promise.all(joiners.map((joiner, index) => admin.client.post(`/api/admin/approvals/${joiner.memberId}/approve`, { role: roles[index] })));
    const created = await Promise.all(Array.from({ length: 8 }, () => createStudent(admin.client, { status: "active" })));
    await Promise.all([
      ...joiners.map((joiner, index) =>
        index % 2 === 0
          ? admin.client.post(`/api/admin/members/${joiner.memberId}/suspend`, {})
          : admin.client.patch(`/api/admin/members/${joiner.memberId}`, { role: roles[(index + 1) % roles.length] }),
      ),
      ...created.map((record, index) => admin.client.patch(`/api/admin/students/${record.id}`, { status: index % 2 === 0 ? "paused" : "former" })),
      ...Array.from({ length: 4 }, () => createStudent(admin.client, { status: "paused" })),
    ]);
    await expectCountsExact();
  });

  it("are what the dashboard and the list totals answer", async () => {
    const tutor = await createMember(t, { admin, role: "tutor" });
    await admin.client.post(`/api/admin/members/${tutor.memberId}/suspend`, {});
    const real = async (condition: ReturnType<typeof sql>) =>
      Number(
        (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from member where organization_id = ${admin.organizationId} and ${condition}`))
          .rows[0]!.n,
      );
    const students = async (status: string) =>
      Number(
        (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from student where organization_id = ${admin.organizationId} and status = ${status}`))
          .rows[0]!.n,
      );

    const dashboard = await admin.client.get<{ byRole: Record<string, number>; pending: number; suspended: number; students: Record<string, number> }>(
      "/api/admin/dashboard",
    );
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.byRole.tutor).toBe(await real(sql`role = 'tutor' and status = 'active'`));
    expect(dashboard.body.suspended).toBe(await real(sql`status = 'suspended'`));
    expect(dashboard.body.pending).toBe(await real(sql`status = 'pending'`));
    expect(dashboard.body.students).toEqual({ active: await students("active"), paused: await students("paused"), former: await students("former") });

    const all = await admin.client.get<{ total: number }>("/api/admin/members?page=1&pageSize=5");
    expect(all.body.total).toBe(await real(sql`status <> 'pending'`));
    const suspendedTutors = await admin.client.get<{ total: number }>("/api/admin/members?page=1&pageSize=5&role=tutor&status=suspended");
    expect(suspendedTutors.body.total).toBe(await real(sql`role = 'tutor' and status = 'suspended'`));
    expect(suspendedTutors.body.total).toBeGreaterThan(0);
    const paused = await admin.client.get<{ total: number }>("/api/admin/students?page=1&pageSize=5&status=paused");
    expect(paused.body.total).toBe(await students("paused"));
  });

  it("go with a deleted workspace, and another workspace's stay as they were", async () => {
    const other = await createAdmin(t, { workspaceName: "Short-lived Tutoring" });
    await createStudent(other.client, { status: "active" });
    await createMember(t, { admin: other, role: "parent" });
    await expectCountsExact();
    const before = await countsOf();

    await t.db.delete(organization).where(eq(organization.id, other.organizationId));

    const after = await countsOf();
    expect(Object.keys(after.kept).filter((key) => key.startsWith(other.organizationId))).toEqual([]);
    const ownKeys = (counts: Record<string, number>) => Object.entries(counts).filter(([key]) => key.startsWith(admin.organizationId));
    expect(ownKeys(after.kept)).toEqual(ownKeys(before.kept));
    await expectCountsExact();
  });
});
