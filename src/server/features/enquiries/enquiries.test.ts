/**
 * The marketing site's forms (contact, affiliate application) and the platform inbox: what is
 * stored, what the operator is mailed (through the mail queue, workers running), each field's
 * refusal, the spam trap, the rate limit, and who may read the inbox.
 */
import { desc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../../../tests/client.ts";
import { countRows, mailsTo } from "../../../../tests/db.ts";
import { createAdmin, createDevopsUser, createMember, uniqueEmail, type AdminFixture } from "../../../../tests/factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { enquiry } from "../../db/schema.ts";
import { ConfigError, loadConfig } from "../../env.ts";

const OPERATOR = "operator@glassroom.example";
let t: TestApp;
let admin: AdminFixture;
let devops: ApiClient;

const contact = {
  name: "Jordan Ellis",
  email: "Jordan@Example.com",
  organisation: "Ellis Maths Tutoring",
  topic: "sales",
  message: "We are six tutors in Leeds. Does the Team plan include parent logins?",
};
const affiliate = {
  name: "Priya Shah",
  email: "priya@tutorblog.example",
  website: "https://tutorblog.example",
  audience: "About 4,000 independent tutors read my weekly newsletter on running a practice.",
  promotion: "A review article and a section in two newsletters, with my referral link.",
  country: "United Kingdom",
  agreeToTerms: true,
};

/** Waits until no mail job is waiting or running. */
async function mailDelivered(): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { rows } = await t.db.execute<{ waiting: number }>(
      sql`select count(*)::int as waiting from pgboss.job where name = 'mail' and state in ('created', 'retry', 'active')`,
    );
    if (rows[0]!.waiting === 0) return;
    if (Date.now() > deadline) throw new Error("mail jobs still waiting after 30 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const visitor = () => new ApiClient(t.app);

beforeAll(async () => {
  t = await createTestApp({ env: { OPERATOR_EMAIL: OPERATOR } });
  await t.deps.jobs.startWorkers(t.deps);
  admin = await createAdmin(t);
  devops = (await createDevopsUser(t)).client;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("the contact form", () => {
  it("stores the message and mails it to the operator", async () => {
    const res = await visitor().post("/api/public/contact", contact);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ received: true });
    const [row] = await t.db.select().from(enquiry).orderBy(desc(enquiry.createdAt)).limit(1);
    expect(row).toMatchObject({ kind: "contact", name: "Jordan Ellis", email: "jordan@example.com" });
    expect(row!.fields).toMatchObject({ topic: "sales", organisation: "Ellis Maths Tutoring", message: contact.message });
    await mailDelivered();
    const mail = (await mailsTo(t.db, OPERATOR)).find((entry) => entry.subject.includes("Jordan Ellis"));
    expect(mail?.subject).toBe("Contact (Plans and pricing) from Jordan Ellis");
    expect(mail?.body).toContain("jordan@example.com");
    expect(mail?.body).toContain(contact.message);
    expect(mail?.body).toContain("http://localhost:3000/platform/inbox");
  });

  it.each([
    ["name", { name: "" }, "Name is required."],
    ["name", { name: "<b>x</b>" }, "Name must not contain < > or control characters."],
    ["email", { email: "not-an-address" }, "Email must be a valid email address."],
    ["organisation", { organisation: "x".repeat(121) }, "Organisation must be at most 120 characters."],
    ["topic", { topic: "billing" }, "Topic is required: choose sales, support, partnership, press or other."],
    ["message", { message: "Hi there" }, "Message must be at least 10 characters."],
    ["message", { message: "x".repeat(5001) }, "Message must be at most 5000 characters."],
  ])("refuses a bad %s, naming it, and writes nothing", async (field, change, message) => {
    const before = await countRows(t.db);
    const res = await visitor().post("/api/public/contact", { ...contact, email: uniqueEmail("contact"), ...change });
    expect(res.status).toBe(422);
    expect(res.body.error.issues).toContainEqual({ path: [field], message });
    expect(await countRows(t.db)).toEqual(before);
  });
});

describe("the affiliate application", () => {
  it("stores the application and mails it to the operator", async () => {
    const res = await visitor().post("/api/public/affiliate-applications", affiliate);
    expect(res.status, res.text).toBe(201);
    const [row] = await t.db.select().from(enquiry).orderBy(desc(enquiry.createdAt)).limit(1);
    expect(row).toMatchObject({ kind: "affiliate", name: "Priya Shah", email: "priya@tutorblog.example" });
    expect(row!.fields).toMatchObject({ website: "https://tutorblog.example", country: "United Kingdom", agreeToTerms: true });
    await mailDelivered();
    const [mail] = await mailsTo(t.db, OPERATOR).then((all) => all.filter((entry) => entry.subject === "Affiliate application from Priya Shah"));
    expect(mail?.body).toContain(affiliate.promotion);
    expect(mail?.body).toContain("Agreed to the programme terms:\nyes");
  });

  it.each([
    ["website", { website: "tutorblog" }, "Website must be a web address starting with http:// or https://."],
    ["audience", { audience: "Tutors" }, "Audience must be at least 20 characters."],
    ["promotion", { promotion: "" }, "How you will promote Glassroom is required."],
    ["country", { country: "" }, "Country is required."],
    ["agreeToTerms", { agreeToTerms: false }, "Agree to the affiliate programme terms to apply."],
    ["email", { email: "" }, "Email is required."],
  ])("refuses a bad %s, naming it, and writes nothing", async (field, change, message) => {
    const before = await countRows(t.db);
    const res = await visitor().post("/api/public/affiliate-applications", { ...affiliate, email: uniqueEmail("affiliate"), ...change });
    expect(res.status).toBe(422);
    expect(res.body.error.issues).toContainEqual({ path: [field], message });
    expect(await countRows(t.db)).toEqual(before);
  });

  it("takes an application without a website", async () => {
    const { website: _none, ...rest } = affiliate;
    expect((await visitor().post("/api/public/affiliate-applications", { ...rest, name: "No Site", email: uniqueEmail("nosite") })).status).toBe(201);
  });
});

describe("spam protection", () => {
  it("answers a filled spam trap as received, but stores and mails nothing", async () => {
    await mailDelivered();
    const before = await countRows(t.db);
    const mailsBefore = (await mailsTo(t.db, OPERATOR)).length;
    for (const [path, body] of [
      ["/api/public/contact", contact],
      ["/api/public/affiliate-applications", affiliate],
    ] as const) {
      const res = await visitor().post(path, { ...body, email: uniqueEmail("spam"), homepage: "http://spam.example" });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ received: true });
    }
    const { rows } = await t.db.execute<{ waiting: number }>(
      sql`select count(*)::int as waiting from pgboss.job where name = 'mail' and state in ('created', 'retry', 'active')`,
    );
    expect(rows[0]!.waiting).toBe(0);
    const after = await countRows(t.db);
    expect(after.enquiry).toBe(before.enquiry);
    expect((await mailsTo(t.db, OPERATOR)).length).toBe(mailsBefore);
  });

  it("answers 429 after 5 messages for one email, from any address", async () => {
    const email = uniqueEmail("same");
    for (let index = 0; index < 5; index++) expect((await visitor().post("/api/public/contact", { ...contact, email })).status).toBe(201);
    expect((await visitor().post("/api/public/contact", { ...contact, email })).status).toBe(429);
  });

  it("answers 429 after 5 messages from one address within 15 minutes, refused ones included", async () => {
    const client = visitor();
    for (let index = 0; index < 5; index++) {
      const res = await client.post("/api/public/contact", { ...contact, email: `flood${index}@example.com`, message: index % 2 ? "short" : contact.message });
      expect(res.status).not.toBe(429);
    }
    const before = await countRows(t.db);
    const res = await client.post("/api/public/contact", { ...contact, email: "flood-last@example.com" });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await countRows(t.db)).toEqual(before);
    // The affiliate form counts apart; another address is not limited.
    expect((await client.post("/api/public/affiliate-applications", { ...affiliate, email: "flood-affiliate@example.com" })).status).toBe(201);
    expect((await visitor().post("/api/public/contact", { ...contact, email: "someone-else@example.com" })).status).toBe(201);
  });
});

describe("the platform inbox", () => {
  it("shows devops accounts every enquiry, newest first, by kind and by page", async () => {
    const all = await devops.get("/api/platform/enquiries");
    expect(all.status, all.text).toBe(200);
    expect(all.body.pageSize).toBe(20);
    const times = all.body.items.map((item: { createdAt: string }) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const contacts = await devops.get("/api/platform/enquiries?kind=contact");
    expect(contacts.body.items.length).toBeGreaterThan(0);
    expect(contacts.body.items.every((item: { kind: string }) => item.kind === "contact")).toBe(true);
    const affiliates = await devops.get("/api/platform/enquiries?kind=affiliate");
    expect(affiliates.body.items.find((item: { email: string }) => item.email === "priya@tutorblog.example")).toMatchObject({
      name: "Priya Shah",
      fields: { audience: affiliate.audience },
    });
    expect(contacts.body.total + affiliates.body.total).toBe(all.body.total);
    const beyond = await devops.get(`/api/platform/enquiries?page=${Math.ceil(all.body.total / 20) + 1}`);
    expect(beyond.body.items).toEqual([]);
    expect((await devops.get("/api/platform/enquiries?kind=spam")).status).toBe(422);
  });

  it("pages by 20", async () => {
    const values = Array.from({ length: 21 }, (_, index) => ({
      kind: "contact" as const,
      name: `Paged ${index}`,
      email: `paged${index}@example.com`,
      fields: { message: "paging" },
    }));
    await t.db.insert(enquiry).values(values);
    const total = (await devops.get("/api/platform/enquiries")).body.total as number;
    const second = await devops.get("/api/platform/enquiries?page=2");
    expect(second.body.items).toHaveLength(Math.min(20, total - 20));
  });

  it("is refused to everyone else: 401 signed out, 403 to admins and other members", async () => {
    expect((await visitor().get("/api/platform/enquiries")).status).toBe(401);
    expect((await admin.client.get("/api/platform/enquiries")).status).toBe(403);
    const tutor = await createMember(t, { admin, role: "tutor" });
    const res = await tutor.client.get("/api/platform/enquiries");
    expect(res.status).toBe(403);
    expect(res.text).not.toContain("Priya");
  });
});

describe("OPERATOR_EMAIL", () => {
  it("must be one email address", () => {
    expect(() => loadConfig({ NODE_ENV: "test", AUTH_SECRET: "x".repeat(32), OPERATOR_EMAIL: "ops@example.com, boss@example.com" })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: "test", AUTH_SECRET: "x".repeat(32), OPERATOR_EMAIL: "nobody" })).toThrow(
      'OPERATOR_EMAIL must be one email address such as hello@example.com, not "nobody".',
    );
    expect(loadConfig({ NODE_ENV: "test", AUTH_SECRET: "x".repeat(32), OPERATOR_EMAIL: " Ops@Example.com " }).operatorEmail).toBe("ops@example.com");
  });

  it("unset: the enquiry is stored and nobody is mailed", async () => {
    const bare = await createTestApp({ databaseUrl: t.databaseUrl });
    try {
      const { rows: before } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'mail'`);
      const res = await new ApiClient(bare.app).post("/api/public/contact", { ...contact, email: uniqueEmail("unmailed"), name: "Unmailed Sender" });
      expect(res.status).toBe(201);
      const stored = await t.db
        .select()
        .from(enquiry)
        .where(sql`${enquiry.name} = 'Unmailed Sender'`);
      expect(stored).toHaveLength(1);
      const { rows: after } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'mail'`);
      expect(after[0]!.n).toBe(before[0]!.n);
    } finally {
      await bare.close();
    }
  });
});
