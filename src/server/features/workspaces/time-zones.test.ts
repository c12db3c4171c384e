import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../../../tests/client.ts";
import {
  confirmEmail,
  createAdmin,
  createMember,
  DEFAULT_PASSWORD,
  signIn,
  uniqueEmail,
  type AdminFixture,
  type MemberFixture,
} from "../../../../tests/factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { member, organization } from "../../db/schema.ts";

let t: TestApp;
let admin: AdminFixture;
let tutor: MemberFixture;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, { fullName: "Zed Zoner" });
  tutor = await createMember(t, { admin, role: "tutor", fullName: "Tomas Tutor" });
});
afterAll(() => t?.close());

const storedZone = async (organizationId: string) =>
  (await t.db.select({ timeZone: organization.timeZone }).from(organization).where(eq(organization.id, organizationId)))[0]!.timeZone;

// Offsets mean east to JavaScript and west to PostgreSQL; US/Pacific-New is known to Node only.
const REFUSED = ["+0530", "+05:00", "US/Pacific-New", "UTC+5", "Mars/Olympus", "Etc/GMT+5", "europe/london"];

describe("a workspace's time zone", () => {
  it.each(REFUSED)("refuses %j with a 422 naming the field, and keeps the zone", async (zone) => {
    const res = await admin.client.patch("/api/admin/workspace", { timeZone: zone });
    expect(res.status).toBe(422);
    expect(res.body.error.issues).toEqual([{ path: ["timeZone"], message: "Time zone must be a region name such as Europe/London (or UTC)." }]);
    expect(await storedZone(admin.organizationId)).toBe("UTC");
  });

  it("takes a region name, and the workspace's lists still answer", async () => {
    const res = await admin.client.patch("/api/admin/workspace", { timeZone: "Asia/Kolkata" });
    expect(res.status).toBe(200);
    expect(res.body.timeZone).toBe("Asia/Kolkata");
    expect((await admin.client.get("/api/admin/tutors")).status).toBe(200);
    expect((await admin.client.get("/api/admin/audit?from=2026-01-01")).status).toBe(200);
    expect((await admin.client.patch("/api/admin/workspace", { timeZone: "UTC" })).status).toBe(200);
  });
});

describe("a tutor's own time zone", () => {
  it.each(REFUSED)("refuses %j with a 422 naming the field", async (zone) => {
    const own = await tutor.client.patch("/api/tutor/profile", { timeZone: zone });
    expect(own.status).toBe(422);
    expect(own.body.error.issues[0].path).toEqual(["timeZone"]);
    const byAdmin = await admin.client.patch(`/api/admin/tutors/${tutor.memberId}`, { timeZone: zone });
    expect(byAdmin.status).toBe(422);
    expect(byAdmin.body.error.issues[0].path).toEqual(["timeZone"]);
  });

  it("takes a region name", async () => {
    const res = await tutor.client.patch("/api/tutor/profile", { timeZone: "Asia/Kolkata" });
    expect(res.status).toBe(200);
    expect(res.body.timeZone).toBe("Asia/Kolkata");
  });
});

describe("a zone stored before the check, that the database refuses", () => {
  it.each(["+0530", "US/Pacific-New", "Mars/Olympus"])("answers %j as a 422 naming the zone, not a 500", async (zone) => {
    const own = await createAdmin(t, { fullName: "Olly Oldzone" });
    await t.db.update(organization).set({ timeZone: zone }).where(eq(organization.id, own.organizationId));
    for (const path of ["/api/admin/tutors", "/api/admin/audit?from=2026-01-01"]) {
      const res = await own.client.get(path);
      expect(res.status, path).toBe(422);
      expect(res.body.error.message).toContain(`"${zone}"`);
      expect(res.body.error.issues[0].path).toEqual(["timeZone"]);
    }
    // The way out: the admin picks a region name, and the lists answer again.
    expect((await own.client.patch("/api/admin/workspace", { timeZone: "Europe/London" })).status).toBe(200);
    expect((await own.client.get("/api/admin/tutors")).status).toBe(200);
  });
});

describe("a new workspace's time zone at sign-up", () => {
  async function startWorkspace(timeZone?: unknown) {
    const email = uniqueEmail("founder");
    const res = await new ApiClient(t.app).post("/api/signup", {
      fullName: "Fay Founder",
      email,
      password: DEFAULT_PASSWORD,
      workspaceName: "Fay Tutoring",
      ...(timeZone === undefined ? {} : { timeZone }),
    });
    expect(res.status).toBe(201);
    await confirmEmail(t, email);
    const client = await signIn(t, email, DEFAULT_PASSWORD);
    return (await client.get("/api/admin/workspace")).body.timeZone as string;
  }

  it("is the zone the form sent (the browser's)", async () => {
    expect(await startWorkspace("Europe/London")).toBe("Europe/London");
    expect(await startWorkspace("America/Argentina/Buenos_Aires")).toBe("America/Argentina/Buenos_Aires");
  });

  it.each([undefined, "+05:00", "US/Pacific-New", "Mars/Olympus", ""])("is UTC when the form sent %j", async (zone) => {
    expect(await startWorkspace(zone)).toBe("UTC");
  });

  it("is the workspace's business only: joining a workspace with a zone changes nothing", async () => {
    const email = uniqueEmail("joiner");
    const res = await new ApiClient(t.app).post("/api/signup", {
      fullName: "Jo Joiner",
      email,
      password: DEFAULT_PASSWORD,
      joinCode: admin.joinCode,
      timeZone: "Asia/Tokyo",
    });
    expect(res.status).toBe(201);
    expect(await storedZone(admin.organizationId)).toBe("UTC");
    const [joined] = await t.db
      .select({ organizationId: member.organizationId })
      .from(member)
      .innerJoin(organization, eq(organization.id, member.organizationId))
      .where(eq(organization.timeZone, "Asia/Tokyo"));
    expect(joined).toBeUndefined();
  });
});
