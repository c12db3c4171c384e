import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../../../tests/client.ts";
import { auditEntries, countRows, mailsTo, membersOf } from "../../../../tests/db.ts";
import { createAdmin, DEFAULT_PASSWORD, linkIn, uniqueEmail, userByEmail, type AdminFixture } from "../../../../tests/factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { organization } from "../../db/schema.ts";

let t: TestApp;
let admin: AdminFixture;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(() => t?.close());

const signup = (body: unknown) => new ApiClient(t.app).post("/api/signup", body);
const valid = (extra: Record<string, unknown> = {}) => ({ fullName: "Ada Lovelace", email: uniqueEmail("ada"), password: DEFAULT_PASSWORD, ...extra });

function issuePaths(body: { error?: { issues?: { path: (string | number)[] }[] } }): string[] {
  return (body.error?.issues ?? []).map((issue) => issue.path.join("."));
}

describe("POST /api/signup: a new workspace", () => {
  it("creates the account, the workspace with its admin, mails a confirmation link and audits", async () => {
    const email = uniqueEmail("founder");
    const res = await signup({ fullName: "Grace Hopper", email, password: DEFAULT_PASSWORD, workspaceName: "Hopper Tutoring" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ next: "dashboard", email });

    const created = await userByEmail(t.db, email);
    expect(created).toMatchObject({ name: "Grace Hopper", emailVerified: false, devops: false });
    const [membership] = await membersOf(t.db, created!.id);
    expect(membership).toMatchObject({ role: "admin", status: "active" });
    const [workspace] = await t.db.select().from(organization).where(eq(organization.id, membership!.organizationId));
    expect(workspace).toMatchObject({ name: "Hopper Tutoring", slug: "hopper-tutoring", joiningOpen: true, timeZone: "UTC", currency: "USD" });
    expect(workspace!.joinCode).toMatch(/^[A-Z0-9]{8}$/);

    const mails = await mailsTo(t.db, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Confirm your email address for Glassroom");
    const link = new URL(linkIn(mails[0]!.body, "/api/auth/verify-email"));
    expect(link.origin).toBe("http://localhost:3000");
    expect(link.searchParams.get("token")).toBeTruthy();

    const audit = await auditEntries(t.db, { action: "USER_SIGNUP", userId: created!.id });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      description: `Grace Hopper signed up with email ${email}`,
      organizationId: membership!.organizationId,
      actorRole: "pending",
    });
    expect(audit[0]!.ipAddress).toBeTruthy();
  });

  it("starts the workspace in the browser's zone when it is a region name, and in UTC for an offset or an old alias", async () => {
    const zoneOf = async (timeZone: string) => {
      const email = uniqueEmail("zone");
      expect((await signup({ fullName: "Zoe Zone", email, password: DEFAULT_PASSWORD, workspaceName: "Zone Tutoring", timeZone })).status).toBe(201);
      const [membership] = await membersOf(t.db, (await userByEmail(t.db, email))!.id);
      const [workspace] = await t.db.select().from(organization).where(eq(organization.id, membership!.organizationId));
      return workspace!.timeZone;
    };
    expect(await zoneOf("Asia/Kolkata")).toBe("Asia/Kolkata");
    expect(await zoneOf("+05:30")).toBe("UTC");
    expect(await zoneOf("US/Pacific-New")).toBe("UTC");
    expect(await zoneOf("Etc/GMT+5")).toBe("UTC");
  });

  it("stores the email in lower case and trims the name", async () => {
    const email = uniqueEmail("Mixed").toUpperCase();
    const res = await signup({ fullName: "  Ada  ", email, password: DEFAULT_PASSWORD, workspaceName: "Trimmed" });
    expect(res.status).toBe(201);
    expect(res.body.email).toBe(email.toLowerCase());
    expect((await userByEmail(t.db, email.toLowerCase()))?.name).toBe("Ada");
  });

  it("confirms the address through the mailed link, without signing in", async () => {
    const email = uniqueEmail("confirm");
    expect((await signup({ fullName: "Confirm Me", email, password: DEFAULT_PASSWORD, workspaceName: "Confirmations" })).status).toBe(201);
    const [mail] = await mailsTo(t.db, email);
    const client = new ApiClient(t.app);
    const res = await client.get(linkIn(mail!.body, "/api/auth/verify-email"));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/confirm-email?next=dashboard");
    expect((await userByEmail(t.db, email))?.emailVerified).toBe(true);
    expect(client.cookie("session_token")).toBeUndefined();
  });
});

describe("POST /api/signup: joining with a join code", () => {
  it("creates the account with a pending membership and answers next=approval", async () => {
    const email = uniqueEmail("joiner");
    const res = await signup({ fullName: "Jo Iner", email, password: DEFAULT_PASSWORD, joinCode: admin.joinCode });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ next: "approval", email });
    const created = await userByEmail(t.db, email);
    const memberships = await membersOf(t.db, created!.id);
    expect(memberships).toHaveLength(1);
    expect(memberships[0]).toMatchObject({ organizationId: admin.organizationId, role: "pending", status: "pending" });
    expect(await mailsTo(t.db, email)).toHaveLength(1);
    const audit = await auditEntries(t.db, { action: "USER_SIGNUP", userId: created!.id });
    expect(audit.map((entry) => entry.description)).toEqual([`Jo Iner signed up with email ${email}`]);
  });

  it("accepts the join code in lower case with spaces and dashes", async () => {
    const typed = `${admin.joinCode.slice(0, 4).toLowerCase()}-${admin.joinCode.slice(4).toLowerCase()} `;
    const res = await signup(valid({ joinCode: typed }));
    expect(res.status).toBe(201);
    expect(res.body.next).toBe("approval");
  });
});

describe("POST /api/signup: refused input writes nothing", () => {
  const long = (length: number) => "x".repeat(length);
  const cases: [string, () => unknown, string][] = [
    ["an empty body", () => ({}), "fullName"],
    ["empty strings", () => ({ fullName: "", email: "", password: "", workspaceName: "" }), "fullName"],
    ["a blank name", () => valid({ fullName: "   ", workspaceName: "Blank" }), "fullName"],
    ["an oversized name", () => valid({ fullName: long(101), workspaceName: "Big" }), "fullName"],
    ["a name with markup", () => valid({ fullName: "<script>alert(1)</script>", workspaceName: "Markup" }), "fullName"],
    ["an oversized email", () => valid({ email: `${long(250)}@example.com`, workspaceName: "Big" }), "email"],
    ["a malformed email", () => valid({ email: "not-an-email", workspaceName: "Bad mail" }), "email"],
    ["an oversized password", () => valid({ password: long(129), workspaceName: "Big" }), "password"],
    ["a 9-character password", () => valid({ password: "Abcdef12!", workspaceName: "Short" }), "password"],
    ["a common password", () => valid({ password: "password123", workspaceName: "Common" }), "password"],
    ["an oversized workspace name", () => valid({ workspaceName: long(81) }), "workspaceName"],
    ["a one-letter workspace name", () => valid({ workspaceName: "X" }), "workspaceName"],
    ["a number as name", () => valid({ fullName: 42, workspaceName: "Types" }), "fullName"],
    ["a boolean as email", () => valid({ email: true, workspaceName: "Types" }), "email"],
    ["an array as password", () => valid({ password: [DEFAULT_PASSWORD], workspaceName: "Types" }), "password"],
    ["an object as workspace name", () => valid({ workspaceName: { name: "Types" } }), "workspaceName"],
    ["a JSON array body", () => [valid({ workspaceName: "Array" })], ""],
    ["both a workspace name and a join code", () => valid({ workspaceName: "Both", joinCode: admin.joinCode }), "joinCode"],
    ["neither a workspace name nor a join code", () => valid(), "workspaceName"],
    ["a malformed join code", () => valid({ joinCode: "ABC" }), "joinCode"],
    ["an unknown join code", () => valid({ joinCode: "ZZZZ2222" }), "joinCode"],
  ];

  it.each(cases)("answers 422 for %s, naming the field", async (_label, body, field) => {
    const before = await countRows(t.db);
    const res = await signup(body());
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("VALIDATION_FAILED");
    expect(res.body.error.message).toEqual(expect.any(String));
    if (field) expect(issuePaths(res.body)).toContain(field);
    expect(await countRows(t.db)).toEqual(before);
  });

  it("answers 422 for unknown fields and names them", async () => {
    const before = await countRows(t.db);
    const res = await signup(valid({ workspaceName: "Sneaky", role: "admin", devops: true }));
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("VALIDATION_FAILED");
    const text = JSON.stringify(res.body.error.issues);
    expect(text).toContain("role");
    expect(text).toContain("devops");
    expect(await countRows(t.db)).toEqual(before);
  });

  it("refuses malformed JSON without writing", async () => {
    const before = await countRows(t.db);
    const res = await new ApiClient(t.app).request("POST", "/api/signup", { body: '{"fullName": "Ada",', contentType: "application/json" });
    expect([400, 422]).toContain(res.status);
    expect(res.body.error.code).toBe("VALIDATION_FAILED");
    expect(await countRows(t.db)).toEqual(before);
  });

  it("refuses a workspace that is closed to joining", async () => {
    const closed = await createAdmin(t);
    await t.db.update(organization).set({ joiningOpen: false }).where(eq(organization.id, closed.organizationId));
    const before = await countRows(t.db);
    const res = await signup(valid({ joinCode: closed.joinCode }));
    expect(res.status).toBe(422);
    expect(issuePaths(res.body)).toEqual(["joinCode"]);
    expect(res.body.error.message).toBe("This workspace is not accepting new members right now.");
    expect(await countRows(t.db)).toEqual(before);
  });

  it("answers an email that already has an account as a new sign-up, in any case, and mails its owner instead", async () => {
    const email = uniqueEmail("taken");
    expect((await signup({ fullName: "First", email, password: DEFAULT_PASSWORD, workspaceName: "First" })).status).toBe(201);
    const fresh = await signup({ fullName: "Second", email: uniqueEmail("fresh"), password: DEFAULT_PASSWORD, joinCode: admin.joinCode });
    const before = await countRows(t.db);
    for (const variant of [email, email.toUpperCase()]) {
      const res = await signup({ fullName: "Second", email: variant, password: DEFAULT_PASSWORD, joinCode: admin.joinCode });
      expect(res.status).toBe(fresh.status);
      expect(res.body).toEqual({ ...fresh.body, email: variant.toLowerCase() });
    }
    const { devOutbox: mailsAfter, ...after } = await countRows(t.db);
    const { devOutbox: mailsBefore, ...unchanged } = before;
    expect(after).toEqual(unchanged);
    expect(mailsAfter).toBe(mailsBefore + 2);
    const mails = await mailsTo(t.db, email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      "Confirm your email address for Glassroom",
      "Someone tried to sign up to Glassroom with your email",
      "Someone tried to sign up to Glassroom with your email",
    ]);
    expect(mails[1]!.body).toContain("http://localhost:3000/login");
    expect(mails[1]!.body).toContain("http://localhost:3000/forgot-password");
    expect(mails[1]!.body).not.toContain("verify-email");
  });

  it("answers 201, never 500, to both of two sign-ups racing for one email, and creates one account", async () => {
    const email = uniqueEmail("racer");
    const before = await countRows(t.db);
    const results = await Promise.all([
      signup({ fullName: "Racer One", email, password: DEFAULT_PASSWORD, workspaceName: "Racers One" }),
      signup({ fullName: "Racer Two", email, password: DEFAULT_PASSWORD, workspaceName: "Racers Two" }),
    ]);
    expect(results.map((res) => res.status)).toEqual([201, 201]);
    const after = await countRows(t.db);
    expect(after.user - before.user).toBe(1);
    expect(after.organization - before.organization).toBe(1);
    expect(after.member - before.member).toBe(1);
  });
});

describe("POST /api/signup: workspace addresses", () => {
  it("gives a second workspace with the same name a different slug", async () => {
    const first = await signup(valid({ workspaceName: "Same Name" }));
    const second = await signup(valid({ workspaceName: "Same Name" }));
    expect([first.status, second.status]).toEqual([201, 201]);
    const slugs = (await t.db.select({ slug: organization.slug }).from(organization).where(eq(organization.name, "Same Name"))).map((row) => row.slug);
    expect(slugs).toHaveLength(2);
    expect(new Set(slugs).size).toBe(2);
    expect(slugs).toContain("same-name");
  });

  it("gives racing sign-ups with the same new workspace name each their own workspace", async () => {
    const results = await Promise.all(Array.from({ length: 4 }, () => signup(valid({ workspaceName: "Racing Name" }))));
    expect(results.map((result) => result.status)).toEqual([201, 201, 201, 201]);
    const slugs = (await t.db.select({ slug: organization.slug }).from(organization).where(eq(organization.name, "Racing Name"))).map((row) => row.slug);
    expect(new Set(slugs).size).toBe(4);
  });
});

describe("POST /api/signup with ALLOW_WORKSPACE_SIGNUP=false", () => {
  let closedServer: TestApp;
  beforeAll(async () => {
    closedServer = await createTestApp({ env: { ALLOW_WORKSPACE_SIGNUP: "false" }, databaseUrl: t.databaseUrl });
  });
  afterAll(() => closedServer?.close());

  it("refuses a new workspace, naming workspaceName, and writes nothing", async () => {
    const before = await countRows(t.db);
    const res = await new ApiClient(closedServer.app).post("/api/signup", valid({ workspaceName: "Not allowed" }));
    expect(res.status).toBe(422);
    expect(issuePaths(res.body)).toEqual(["workspaceName"]);
    expect(await countRows(t.db)).toEqual(before);
  });

  it("still lets people join with a join code", async () => {
    const res = await new ApiClient(closedServer.app).post("/api/signup", valid({ joinCode: admin.joinCode }));
    expect(res.status).toBe(201);
    expect(res.body.next).toBe("approval");
  });
});
