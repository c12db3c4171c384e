/**
 * The library: admins add links and files for roles, tutors share with their own students and
 * those students' guardians, and each area sees only what is for it (404 otherwise). Files are
 * checked (type, name, size, leading bytes) before anything is stored; their text is searched;
 * every opening is audited; a resource that requires acknowledgement is acknowledged version
 * by version, reminded by a digest mail, and cited by billing's cancellation policy.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries, countRows, mailsTo } from "../../../../tests/db.ts";
import { samplePdf, samplePng, sampleText, uploadResource, uploadVersion } from "../../../../tests/resource-factories.ts";
import { createSessionCast, type SessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import type { AcknowledgementList, ResourceDetail, ResourceList } from "../../../shared/schemas/resources.ts";
import { type ReminderBatch, sendReminders } from "./acknowledgements.ts";
import { extractVersionText } from "./text-extraction.ts";

let t: TestApp;
let cast: SessionCast;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "100", RESOURCE_MAX_BYTES: "200000" } });
  cast = await createSessionCast(t);
});
afterAll(async () => t?.close());

/** Runs the text-extraction jobs queued so far, as the worker would. */
async function extractQueuedText() {
  const { rows } = await t.db.execute<{ data: { organizationId: string; resourceId: string; version: number } }>(
    sql`select data from pgboss.job where name = 'resource-text' and state = 'created'`,
  );
  for (const row of rows) await extractVersionText(t.deps, row.data);
}

const list = async (client: SessionCast["admin"]["client"], area: string, query = "") => {
  const res = await client.get<ResourceList>(`/api/${area}/resources${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const titles = (page: ResourceList) => page.items.map((item) => item.title);

let handbook: ResourceDetail;
let parentGuide: ResourceDetail;

describe("a workspace's library", () => {
  it("starts empty in every area", async () => {
    for (const [client, area] of [
      [cast.admin.client, "admin"],
      [cast.tina.client, "tutor"],
      [cast.parent.client, "parent"],
      [cast.pupil.client, "student"],
    ] as const) {
      const page = await list(client, area);
      expect(page).toMatchObject({ items: [], total: 0, categories: [], awaiting: [], maxUploadBytes: 200000 });
    }
  });

  it("takes an admin's PDF for tutors requiring acknowledgement, stores it, and reads its text for search", async () => {
    const pdf = await samplePdf("Tutors give families twenty-four hours notice before rescheduling. Safeguarding comes first.");
    const res = await uploadResource(cast.admin.client, "admin", pdf, {
      title: "Tutor handbook",
      category: "Handbooks",
      audience: "tutor",
      tags: "policies,onboarding",
      requiresAcknowledgement: true,
      description: "How we work: sessions, reports and safeguarding.",
    });
    expect(res.status, res.text).toBe(201);
    handbook = res.body;
    expect(handbook).toMatchObject({
      kind: "file",
      title: "Tutor handbook",
      audience: ["tutor"],
      tags: ["policies", "onboarding"],
      requiresAcknowledgement: true,
      preview: "pdf",
      canManage: true,
      current: { version: 1, fileName: "handbook.pdf", contentType: "application/pdf", sizeBytes: pdf.byteLength, textState: "pending" },
      acknowledgements: { people: 2, acknowledged: 0, awaiting: 2 },
    });
    expect((await auditEntries(t.db, { action: "RESOURCE_ADDED" })).length).toBe(1);

    // Before the job: only the title and description are searchable.
    expect(titles(await list(cast.admin.client, "admin", "?q=rescheduling"))).toEqual([]);
    await extractQueuedText();
    const found = await list(cast.admin.client, "admin", "?q=rescheduling");
    expect(titles(found)).toEqual(["Tutor handbook"]);
    expect(found.items[0]!.match).toContain("«rescheduling»");
    expect(found.items[0]!.current.textState).toBe("extracted");
    // English stemming: "policy" finds the tag "policies"; a search never fails to parse.
    expect(titles(await list(cast.admin.client, "admin", "?q=policy"))).toEqual(["Tutor handbook"]);
    expect((await cast.admin.client.get(`/api/admin/resources?q=${encodeURIComponent('"unbalanced & ( ! :*')}`)).status).toBe(200);
  });

  it("adds a link for parents and lists each area's own: tutors, parents and students see only what is for them", async () => {
    const res = await cast.admin.client.post<ResourceDetail>("/api/admin/resources/links", {
      title: "Parent guide",
      category: "Guides",
      audience: ["parent"],
      url: "https://example.com/parent-guide",
      description: "What to expect from your child's first month.",
    });
    expect(res.status, res.text).toBe(201);
    parentGuide = res.body;
    expect(parentGuide.current).toMatchObject({
      version: 1,
      url: "https://example.com/parent-guide",
      openUrl: `/api/admin/resources/${parentGuide.id}/versions/1/open`,
    });

    expect(titles(await list(cast.admin.client, "admin"))).toEqual(["Parent guide", "Tutor handbook"]);
    expect(titles(await list(cast.tina.client, "tutor"))).toEqual(["Tutor handbook"]);
    expect(titles(await list(cast.parent.client, "parent"))).toEqual(["Parent guide"]);
    expect(titles(await list(cast.pupil.client, "student"))).toEqual([]);
    expect((await list(cast.admin.client, "admin")).categories).toEqual([
      { name: "Guides", count: 1 },
      { name: "Handbooks", count: 1 },
    ]);
    expect(titles(await list(cast.admin.client, "admin", "?category=Guides"))).toEqual(["Parent guide"]);
    expect(titles(await list(cast.admin.client, "admin", "?acknowledgement=required"))).toEqual(["Tutor handbook"]);
    expect((await cast.admin.client.get("/api/admin/resources?acknowledgement=maybe")).status).toBe(422);

    // Outside its audience a resource does not exist: 404, the same as an unknown id.
    expect((await cast.parent.client.get(`/api/parent/resources/${handbook.id}`)).status).toBe(404);
    expect((await cast.parent.client.get(`/api/parent/resources/${handbook.id}/versions/1/file`)).status).toBe(404);
    expect((await cast.tina.client.get(`/api/tutor/resources/${parentGuide.id}`)).status).toBe(404);
    expect((await cast.pupil.client.get(`/api/student/resources/${parentGuide.id}/versions/1/open`)).status).toBe(404);
    expect((await cast.otherAdmin.client.get(`/api/admin/resources/${handbook.id}`)).status).toBe(404);
    expect(await list(cast.otherAdmin.client, "admin")).toMatchObject({ total: 0 });
    expect((await cast.admin.client.get("/api/admin/resources/not-an-id")).status).toBe(404);
    expect((await cast.admin.client.get(`/api/admin/resources/${handbook.id}/versions/9/file`)).status).toBe(404);
    expect((await cast.admin.client.get(`/api/admin/resources/${handbook.id}/versions/x/file`)).status).toBe(404);
  });

  it("serves a file inline or as a download, sandboxed, and audits every opening", async () => {
    const before = (await auditEntries(t.db, { action: "RESOURCE_DOWNLOADED" })).length;
    const shown = await cast.tina.client.request("GET", `/api/tutor/resources/${handbook.id}/versions/1/file`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("application/pdf");
    expect(shown.headers.get("content-disposition")).toMatch(/^inline; filename="handbook.pdf"/);
    expect(shown.headers.get("content-security-policy")).toBe("default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'");
    expect(shown.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(shown.headers.get("x-content-type-options")).toBe("nosniff");
    const saved = await cast.tina.client.request("GET", `/api/tutor/resources/${handbook.id}/versions/1/file?download=1`);
    expect(saved.headers.get("content-disposition")).toMatch(/^attachment; filename="handbook.pdf"/);
    const opened = await cast.parent.client.request("GET", `/api/parent/resources/${parentGuide.id}/versions/1/open`);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("https://example.com/parent-guide");
    const entries = await auditEntries(t.db, { action: "RESOURCE_DOWNLOADED" });
    expect(entries.length - before).toBe(3);
    expect(entries.map((entry) => entry.description)).toEqual(
      expect.arrayContaining([
        'Tina Tutor previewed version 1 of the resource "Tutor handbook"',
        'Tina Tutor downloaded version 1 of the resource "Tutor handbook"',
        'Pat Parent opened version 1 of the resource "Parent guide"',
      ]),
    );
  });
});

describe("uploads that are refused, with nothing stored", () => {
  const refused = async (bytes: Uint8Array<ArrayBuffer>, details: Parameters<typeof uploadResource>[3], status: number, message: RegExp) => {
    const before = await countRows(t.db);
    const res = await uploadResource(cast.admin.client, "admin", bytes, { audience: "parent", ...details });
    expect(res.status, res.text).toBe(status);
    expect(res.body.error.message).toMatch(message);
    expect(await countRows(t.db)).toEqual(before);
  };

  it("refuses a program behind a .pdf name, a name without its type's extension, an unknown type, a path in the name, an oversized file, no length", async () => {
    const program = new Uint8Array(2000) as Uint8Array<ArrayBuffer>;
    program.set([0x4d, 0x5a, 0x90, 0x00]);
    await refused(program, { fileName: "policy.pdf" }, 415, /not PDF/);
    await refused(await samplePdf("x"), { fileName: "policy.exe" }, 415, /does not end in \.pdf/);
    await refused(program, { fileName: "setup.exe", contentType: "application/x-msdownload" }, 415, /cannot be added/);
    await refused(await samplePdf("x"), { fileName: "../../etc/passwd.pdf" }, 422, /must not contain a path/);
    await refused(await samplePdf("x"), { fileName: "C:\\Users\\policy.pdf" }, 422, /must not contain a path/);
    await refused(new Uint8Array(200001) as Uint8Array<ArrayBuffer>, { fileName: "big.pdf" }, 413, /at most 195 KiB/);
    await refused(program, { fileName: "notes.txt", contentType: "text/plain" }, 415, /not Text/);
    await refused(samplePng(), { fileName: "photo.png", contentType: "image/png", contentLength: "10" }, 400, /did not deliver/);
    const files = await t.db.execute<{ count: number }>(sql`select count(*)::int as count from resource_version`);
    expect(files.rows[0]!.count).toBe(2);
  });

  it("refuses details by name: no audience, a tutor's audience, an admin sharing with students, a bad link", async () => {
    const noAudience = await cast.admin.client.post("/api/admin/resources/links", { title: "X", category: "Y", url: "https://example.com" });
    expect(noAudience.status).toBe(422);
    expect(noAudience.body.error.issues[0]).toMatchObject({ path: ["audience"], message: "Choose who the resource is for: tutors, parents or students." });
    const badLink = await cast.admin.client.post("/api/admin/resources/links", { title: "X", category: "Y", audience: ["parent"], url: "javascript:alert(1)" });
    expect(badLink.status).toBe(422);
    const badAudience = await cast.admin.client.post("/api/admin/resources/links", {
      title: "X",
      category: "Y",
      audience: ["admin"],
      url: "https://example.com",
    });
    expect(badAudience.status).toBe(422);
    const tutorAudience = await cast.tina.client.post("/api/tutor/resources/links", {
      title: "X",
      category: "Y",
      audience: ["parent"],
      url: "https://example.com",
    });
    expect(tutorAudience.body.error.issues[0].path).toEqual(["audience"]);
    const notMine = await cast.theo.client.post("/api/tutor/resources/links", {
      title: "X",
      category: "Y",
      studentIds: [cast.maya],
      url: "https://example.com",
    });
    expect(notMine.status).toBe(422);
    expect(notMine.body.error.message).toBe("You can share resources only with students assigned to you.");
    const acknowledged = await cast.tina.client.post("/api/tutor/resources/links", {
      title: "X",
      category: "Y",
      studentIds: [cast.maya],
      requiresAcknowledgement: true,
      url: "https://example.com",
    });
    expect(acknowledged.body.error.message).toBe("Only admins can ask people to acknowledge a resource.");
  });
});

describe("a tutor's own resources", () => {
  let worksheet: ResourceDetail;

  it("shares a file with a student of theirs: the student and their guardians see it, nobody else does", async () => {
    const res = await uploadResource(cast.tina.client, "tutor", sampleText("Fractions worksheet: simplify 6/8 and 10/15."), {
      title: "Fractions worksheet",
      category: "Worksheets",
      fileName: "fractions.txt",
      contentType: "text/plain",
      studentIds: cast.maya,
    });
    expect(res.status, res.text).toBe(201);
    worksheet = res.body;
    expect(worksheet).toMatchObject({ owner: { name: "Tina Tutor" }, sharedWith: [{ id: cast.maya, name: "Maya Lopez" }], canManage: true, preview: null });
    expect(titles(await list(cast.parent.client, "parent"))).toContain("Fractions worksheet");
    expect(titles(await list(cast.pupil.client, "student"))).toEqual(["Fractions worksheet"]);
    expect(titles(await list(cast.otherParent.client, "parent"))).not.toContain("Fractions worksheet");
    expect(titles(await list(cast.theo.client, "tutor"))).not.toContain("Fractions worksheet");
    // The family sees who shared it, never the list of students it is shared with.
    const seen = (await list(cast.parent.client, "parent")).items.find((item) => item.id === worksheet.id)!;
    expect(seen).toMatchObject({ owner: { name: "Tina Tutor" }, sharedWith: [], canManage: false });
    await extractQueuedText();
    expect(titles(await list(cast.pupil.client, "student", "?q=simplify"))).toEqual(["Fractions worksheet"]);
  });

  it("lets the tutor change and version their own, not the workspace's; another tutor cannot touch it", async () => {
    const details = { title: "Fractions worksheet", category: "Worksheets", studentIds: [cast.maya, cast.noah] };
    const changed = await cast.tina.client.put<ResourceDetail>(`/api/tutor/resources/${worksheet.id}`, details);
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.sharedWith.map((share) => share.name)).toEqual(["Maya Lopez", "Noah Kim"]);
    expect(titles(await list(cast.otherParent.client, "parent"))).toContain("Fractions worksheet");

    const workspaceOwn = await cast.tina.client.put(`/api/tutor/resources/${handbook.id}`, { ...details, studentIds: [cast.maya] });
    expect(workspaceOwn.status).toBe(403);
    expect((await cast.theo.client.delete(`/api/tutor/resources/${worksheet.id}`)).status).toBe(404);
    expect((await cast.parent.client.delete(`/api/tutor/resources/${worksheet.id}`)).status).toBe(403);

    const next = await uploadVersion(cast.tina.client, "tutor", worksheet.id, sampleText("Fractions worksheet, with answers."), {
      fileName: "fractions-answers.txt",
      contentType: "text/plain",
      note: "Answers added",
    });
    expect(next.status, next.text).toBe(201);
    expect(next.body.versions.map((version: { version: number; note: string }) => [version.version, version.note])).toEqual([
      [2, "Answers added"],
      [1, ""],
    ]);
    const deleted = await cast.tina.client.delete(`/api/tutor/resources/${worksheet.id}`);
    expect(deleted.status).toBe(200);
    expect(titles(await list(cast.pupil.client, "student"))).toEqual([]);
    const stored = await t.db.execute<{ count: number }>(sql`select count(*)::int as count from resource_version where resource_id = ${worksheet.id}`);
    expect(stored.rows[0]!.count).toBe(0);
  });
});

describe("acknowledged policies", () => {
  it("asks each tutor to acknowledge the current version until they have, by name and date; a new version asks again", async () => {
    const before = await list(cast.tina.client, "tutor");
    expect(before.awaiting.map((item) => item.title)).toEqual(["Tutor handbook"]);
    const done = await cast.tina.client.post(`/api/tutor/resources/${handbook.id}/acknowledgements`, { version: 1 });
    expect(done.status, done.text).toBe(200);
    expect(done.body.version).toBe(1);
    const again = await cast.tina.client.post(`/api/tutor/resources/${handbook.id}/acknowledgements`, { version: 1 });
    expect(again.body.at).toBe(done.body.at);
    expect((await list(cast.tina.client, "tutor")).awaiting).toEqual([]);
    expect((await list(cast.theo.client, "tutor")).awaiting.map((item) => item.title)).toEqual(["Tutor handbook"]);

    const people = await cast.admin.client.get<AcknowledgementList>(`/api/admin/resources/${handbook.id}/acknowledgements`);
    expect(people.body.counts).toEqual({ people: 2, acknowledged: 1, awaiting: 1 });
    expect(people.body.items.map((person) => [person.name, person.acknowledgedVersion, person.upToDate])).toEqual([
      ["Theo Teacher", null, false],
      ["Tina Tutor", 1, true],
    ]);
    const awaiting = await cast.admin.client.get<AcknowledgementList>(`/api/admin/resources/${handbook.id}/acknowledgements?state=awaiting`);
    expect(awaiting.body.items.map((person) => person.name)).toEqual(["Theo Teacher"]);
    // Each state's total is its count.
    expect(people.body.total).toBe(2);
    expect(awaiting.body.total).toBe(1);
    const acknowledged = await cast.admin.client.get<AcknowledgementList>(`/api/admin/resources/${handbook.id}/acknowledgements?state=acknowledged`);
    expect([acknowledged.body.total, acknowledged.body.items.map((person) => person.name)]).toEqual([1, ["Tina Tutor"]]);

    const next = await uploadVersion(cast.admin.client, "admin", handbook.id, await samplePdf("Tutors give families forty-eight hours notice."), {
      note: "Notice doubled",
    });
    expect(next.status, next.text).toBe(201);
    expect(next.body.acknowledgements).toEqual({ people: 2, acknowledged: 0, awaiting: 2 });
    const stale = await cast.tina.client.post(`/api/tutor/resources/${handbook.id}/acknowledgements`, { version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toMatch(/version 2 replaced it/);
    const future = await cast.tina.client.post(`/api/tutor/resources/${handbook.id}/acknowledgements`, { version: 99 });
    expect([future.status, future.body.error.issues[0].path, future.body.error.message]).toEqual([
      422,
      ["version"],
      "Version 99 does not exist: the current version is 2. Acknowledge the current version.",
    ]);
    expect((await list(cast.tina.client, "tutor")).items[0]).toMatchObject({ acknowledged: { version: 1 }, awaitingAcknowledgement: true });

    // Someone it does not ask cannot acknowledge it; a parent cannot even see it.
    expect((await cast.parent.client.post(`/api/parent/resources/${parentGuide.id}/acknowledgements`, { version: 1 })).status).toBe(422);
    expect((await cast.parent.client.post(`/api/parent/resources/${handbook.id}/acknowledgements`, { version: 2 })).status).toBe(404);
    expect((await auditEntries(t.db, { action: "RESOURCE_ACKNOWLEDGED" })).length).toBe(1);
  });

  it("reminds everyone still awaiting with one digest mail each, naming every document awaiting them", async () => {
    const res = await cast.admin.client.post(`/api/admin/resources/${handbook.id}/reminders`);
    expect(res.status, res.text).toBe(202);
    expect(res.body).toEqual({ awaiting: 2 });
    expect((await cast.admin.client.post(`/api/admin/resources/${parentGuide.id}/reminders`)).status).toBe(422);
    expect((await cast.tina.client.post(`/api/admin/resources/${handbook.id}/reminders`)).status).toBe(403);
    expect(await sendReminders(t.deps, { organizationId: cast.admin.organizationId, resourceId: handbook.id })).toEqual({ reminded: 2, more: false });
    const mail = (await mailsTo(t.db, cast.theo.user.email)).at(-1);
    expect(mail!.subject).toBe("Please read and acknowledge: Tutor handbook");
    expect(mail!.body).toContain(`${t.config.appUrl}/tutor/resources`);
  });

  it("reminds in batches, each queuing the next after its last person, so that everyone awaiting is mailed once", async () => {
    const awaiting = [cast.theo.user.email, cast.tina.user.email];
    const before = await Promise.all(awaiting.map(async (email) => (await mailsTo(t.db, email)).length));
    const first = { organizationId: cast.admin.organizationId, resourceId: handbook.id };
    expect(await sendReminders(t.deps, first, 1)).toEqual({ reminded: 1, more: true });
    const { rows } = await t.db.execute<{ data: ReminderBatch }>(
      sql`select data from pgboss.job where name = 'acknowledgement-reminders' and data->>'afterMemberId' is not null`,
    );
    expect(rows).toHaveLength(1);
    // The next batch, as the job's worker runs it (the test app runs only the mail queue).
    expect(await sendReminders(t.deps, rows[0]!.data, 1)).toEqual({ reminded: 1, more: true });
    const { rows: last } = await t.db.execute<{ data: ReminderBatch }>(
      sql`select data from pgboss.job where name = 'acknowledgement-reminders' and data->>'afterMemberId' is not null and data->>'afterMemberId' <> ${rows[0]!.data.afterMemberId!}`,
    );
    expect(await sendReminders(t.deps, last[0]!.data, 1)).toEqual({ reminded: 0, more: false });
    const after = await Promise.all(awaiting.map(async (email) => (await mailsTo(t.db, email)).length));
    expect(after).toEqual(before.map((count) => count + 1));
  });
});

describe("billing's cancellation policy document", () => {
  let policy: ResourceDetail;

  it("is a document for parents that requires acknowledgement; each policy version cites its version then", async () => {
    const tutorsOnly = await cast.admin.client.patch("/api/admin/billing/settings", { cancellationPolicyResourceId: handbook.id });
    expect(tutorsOnly.status).toBe(422);
    expect(tutorsOnly.body.error.issues[0].path).toEqual(["cancellationPolicyResourceId"]);

    const res = await uploadResource(cast.admin.client, "admin", await samplePdf("Cancel 24 hours ahead or the session is charged."), {
      title: "Cancellation policy",
      category: "Policies",
      audience: "parent",
      requiresAcknowledgement: true,
      fileName: "cancellation-policy.pdf",
    });
    policy = res.body;
    await cast.parent.client.post(`/api/parent/resources/${policy.id}/acknowledgements`, { version: 1 });
    const set = await cast.admin.client.patch("/api/admin/billing/settings", { cancellationPolicyResourceId: policy.id });
    expect(set.status, set.text).toBe(200);
    const cited = async () =>
      (
        await t.db.execute<{ version: number; document_version: number | null }>(
          sql`select version, document_version from cancellation_policy_version where organization_id = ${cast.admin.organizationId} order by version`,
        )
      ).rows;
    expect((await cited()).at(-1)).toMatchObject({ document_version: 1 });
    await uploadVersion(cast.admin.client, "admin", policy.id, await samplePdf("Cancel 48 hours ahead."), { fileName: "cancellation-policy.pdf" });
    expect((await cited()).at(-1)).toMatchObject({ document_version: 2 });

    const removed = await cast.admin.client.delete(`/api/admin/resources/${policy.id}`);
    expect(removed.status).toBe(409);
    const unrequired = await cast.admin.client.put(`/api/admin/resources/${policy.id}`, {
      title: "Cancellation policy",
      category: "Policies",
      audience: ["parent"],
      requiresAcknowledgement: false,
    });
    expect(unrequired.status).toBe(422);
    expect((await cast.admin.client.get<ResourceDetail>(`/api/admin/resources/${policy.id}`)).body.citedByBilling).toBe(true);
  });
});
