/**
 * The full workspace export: an admin asks (202, audited, one at a time: 409), the job builds
 * the archive (run here directly with the app's deps, on the test's clock), the admin who asked
 * is mailed, the archive is downloaded (audited each time) until it expires a day later (410),
 * and the hourly clean-up deletes it from storage. The archive holds every table of the
 * workspace as CSV and JSON and its files, and nothing of another workspace and no credential.
 */
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiClient } from "../../../../tests/client.ts";
import { parseCsv } from "../../../../tests/csv.ts";
import { auditEntries, countRows } from "../../../../tests/db.ts";
import { latestMail, linkIn } from "../../../../tests/factories.ts";
import { createCalendarFeed, createSession, createStudent } from "../../../../tests/people-factories.ts";
import { sampleMp3, uploadRecording } from "../../../../tests/recording-factories.ts";
import { createSessionCast, type SessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import type { WorkspaceExport, WorkspaceExportList } from "../../../shared/schemas/workspace-export.ts";
import { fixedClock } from "../../core/clock.ts";
import { stripeKeys } from "../../db/billing-schema.ts";
import { resource, resourceVersion, workspaceExport } from "../../db/resources-schema.ts";
import { account, calendarFeed, organization, session, twoFactor, verification, workspaceInvitation } from "../../db/schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import type { Storage } from "../../storage/storage.ts";
import { workspaceTables } from "./catalog.ts";
import { JOBS } from "../../jobs/registry.ts";
import { ABANDONED_ERROR, cleanUpExports, exportCleanupJob } from "./cleanup-job.ts";
import { RUN_EXPIRY_SECONDS, runWorkspaceExport, workspaceExportQueue } from "./export-job.ts";
import { CREDENTIAL_LIKE_NAME, EXCLUDED_COLUMNS, REVIEWED_NOT_SECRET } from "./secrets.ts";
import { readRowBatches } from "./table-rows.ts";

// Records begin at the real time (created_at defaults), so the clock starts there.
const clock = fixedClock(new Date());
const HOUR = 3_600_000;
const PATH = "/api/admin/system/exports";
let t: TestApp;
let cast: SessionCast;
let sessionId: string;
let recordingId: string;
const recordingBytes = sampleMp3(40_000);
const handbookBytes = new TextEncoder().encode("%PDF-1.4 the tutors' handbook");
let resourceId: string;
let calendarToken: string;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { RATE_LIMIT_MULTIPLIER: "100" } });
  cast = await createSessionCast(t);
  const day = new Date(clock.now().getTime() + 7 * 24 * HOUR).toISOString().slice(0, 11);
  const made = await createSession(cast.admin.client, {
    tutorMemberId: cast.tina.memberId,
    studentIds: [cast.maya],
    startsAt: `${day}10:00`,
    endsAt: `${day}11:00`,
    timeZone: "Europe/London",
  });
  sessionId = made.items[0]!.id;
  const uploaded = await uploadRecording(cast.admin.client, "admin", sessionId, recordingBytes, { title: "Fractions / part 1: ../../etc" });
  expect(uploaded.status, uploaded.text).toBe(201);
  recordingId = uploaded.body.id;
  // The library has no API yet: a file resource written as its feature will write it.
  resourceId = crypto.randomUUID();
  await t.deps.resources.put(`${cast.admin.organizationId}/${resourceId}-1`, new Blob([handbookBytes]).stream(), {
    length: handbookBytes.byteLength,
    maxBytes: 1_000_000,
    contentType: "application/pdf",
  });
  await t.db.insert(resource).values({ organizationId: cast.admin.organizationId, id: resourceId, kind: "file", title: "Handbook", category: "Policies" });
  await t.db.insert(resourceVersion).values({
    organizationId: cast.admin.organizationId,
    resourceId,
    version: 1,
    storageKey: `${cast.admin.organizationId}/${resourceId}-1`,
    fileName: "Tutor handbook.pdf",
    contentType: "application/pdf",
    sizeBytes: handbookBytes.byteLength,
  });
  // Credentials the archive must leave out: a calendar feed, an invitation, Stripe keys, a two-factor secret.
  calendarToken = new URL(await createCalendarFeed(cast.tina.client)).pathname
    .split("/")
    .at(-1)!
    .replace(/\.ics$/, "");
  const invited = await cast.admin.client.post("/api/admin/invitations", { email: "invitee@example.com", role: "tutor" });
  expect(invited.status, invited.text).toBe(201);
  await t.db.insert(stripeKeys).values({
    organizationId: cast.admin.organizationId,
    secretKeyCiphertext: "sealed-secret-key-ciphertext-0123",
    webhookSecretCiphertext: "sealed-webhook-secret-ciphertext-4567",
    secretKeyHint: "sk_test_…4242",
  });
  await t.db
    .insert(twoFactor)
    .values({ id: "tf-ada", secret: "two-factor-secret-JBSWY3DPEHPK3PXP", backupCodes: "backup-codes-8899", userId: cast.admin.user.id });
  // Another workspace's student, which must never reach Ada's archive.
  await createStudent(cast.otherAdmin.client, { name: "Zeno Otherworld" });
}, 120_000);
afterAll(async () => t?.close());

/** A GET whose answer is read as bytes (ApiClient reads answers as text, which breaks a zip). */
async function download(client: ApiClient, path: string, method = "GET") {
  const response = await t.app.request(`http://localhost:3000${path}`, { method, headers: { cookie: client.cookieHeader(), "x-test-client-ip": client.ip } });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

const list = async (client = cast.admin.client) => {
  const res = await client.get<WorkspaceExportList>(PATH);
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const runJob = (exportId: string, organizationId = cast.admin.organizationId) => runWorkspaceExport(t.deps, { organizationId, exportId });
const exportRow = async (exportId: string) => (await t.db.select().from(workspaceExport).where(eq(workspaceExport.id, exportId)))[0]!;

describe("asking for an export", () => {
  it("queues it with its job in one go, audited; a second ask waits until it has run (409), tutors and parents are refused", async () => {
    const asked = await cast.admin.client.post<WorkspaceExport>(PATH);
    expect(asked.status, asked.text).toBe(202);
    expect(asked.body).toMatchObject({ status: "queued", requestedByName: "Ada Admin", downloadUrl: null, sizeBytes: null, error: null });
    // The server runs it (and the hourly clean-up): both are in the job registry.
    expect(JOBS).toEqual(expect.arrayContaining([workspaceExportQueue, exportCleanupJob]));
    const { rows: jobs } = await t.db.execute<{ data: unknown }>(sql`select data from pgboss.job where name = ${workspaceExportQueue.name}`);
    expect(jobs.map((job) => job.data)).toEqual([{ organizationId: cast.admin.organizationId, exportId: asked.body.id }]);
    const audited = await auditEntries(t.db, { action: "WORKSPACE_EXPORT_REQUESTED", organizationId: cast.admin.organizationId });
    expect(audited.map((entry) => entry.description)).toEqual(["Ada Admin asked for a full export of the workspace"]);

    const before = await countRows(t.db);
    const again = await cast.admin.client.post(PATH);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toContain("An export of this workspace is already being made.");
    // Running counts too.
    await t.db.update(workspaceExport).set({ status: "running", startedAt: clock.now() }).where(eq(workspaceExport.id, asked.body.id));
    expect((await cast.admin.client.post(PATH)).status).toBe(409);
    await t.db.update(workspaceExport).set({ status: "queued", startedAt: null }).where(eq(workspaceExport.id, asked.body.id));
    for (const member of [cast.tina, cast.parent, cast.pupil]) {
      expect((await member.client.post(PATH)).status).toBe(403);
      expect((await member.client.get(PATH)).status).toBe(403);
      expect((await download(member.client, `${PATH}/${asked.body.id}/file`)).status).toBe(403);
    }
    expect(await countRows(t.db)).toEqual(before);
    expect(await list()).toMatchObject({ inProgress: true, items: [{ id: asked.body.id, status: "queued" }] });
    // Another workspace sees none of it, and may ask for its own.
    expect(await list(cast.otherAdmin.client)).toEqual({ items: [], inProgress: false });
  });
});

describe("the export job", () => {
  let exportId: string;
  let files: Record<string, Uint8Array>;
  const text = (name: string) => strFromU8(files[name]!);

  beforeAll(async () => {
    exportId = (await list()).items[0]!.id;
    await runJob(exportId);
    const row = await exportRow(exportId);
    expect(row).toMatchObject({ status: "ready", startedAt: clock.now(), finishedAt: clock.now(), expiresAt: new Date(clock.now().getTime() + 24 * HOUR) });
    const stored = await t.deps.exports.get(row.storageKey!);
    files = unzipSync(new Uint8Array(await new Response(stored.body).arrayBuffer()));
    expect(stored.size).toBe(row.sizeBytes);
  });

  it("writes every table of the workspace as CSV and JSON: the students as they are", () => {
    const csv = parseCsv(text("tables/student.csv"));
    const header = csv[0]!;
    expect(header.slice(0, 4)).toEqual(["organization_id", "id", "name", "preferred_name"]);
    const maya = csv.find((row) => row[header.indexOf("id")] === cast.maya)!;
    expect(maya[header.indexOf("name")]).toBe("Maya Lopez");
    expect(maya[header.indexOf("subjects")]).toBe("[]");
    const json = JSON.parse(text("tables/student.json")) as Record<string, unknown>[];
    expect(json.map((row) => row.name).sort()).toEqual(["Maya Lopez", "Noah Kim"]);
    expect(json.find((row) => row.id === cast.maya)).toMatchObject({
      organization_id: cast.admin.organizationId,
      status: "active",
      subjects: [],
      erased_at: null,
    });
    expect(Object.keys(json[0]!)).toEqual(header);
    // Tables found in the catalog, each a pair; the workspace itself and its members' accounts.
    for (const table of [
      "tutoring_session",
      "session_recording",
      "assignment",
      "member",
      "audit_log",
      "workspace_export",
      "resource_version",
      "organization",
      "user",
    ]) {
      expect(files[`tables/${table}.csv`], table).toBeDefined();
      expect(files[`tables/${table}.json`], table).toBeDefined();
    }
    expect(JSON.parse(text("tables/organization.json"))).toEqual([expect.objectContaining({ id: cast.admin.organizationId, name: "Ada Tutoring" })]);
    const users = JSON.parse(text("tables/user.json")) as Record<string, unknown>[];
    expect(Object.keys(users[0]!)).toEqual(["id", "name", "email", "created_at"]);
    expect(users.map((row) => row.name).sort()).toEqual(["Ada Admin", "Maya Login", "Olly Parent", "Pat Parent", "Theo Teacher", "Tina Tutor"]);
  });

  it("holds the files as they are stored, under names without a path in them", () => {
    const recording = Object.keys(files).find((name) => name.startsWith(`files/recordings/${sessionId}/${recordingId}-`))!;
    expect(recording).toBe(`files/recordings/${sessionId}/${recordingId}-Fractions part 1 .. .. etc.mp3`);
    expect(files[recording]).toEqual(recordingBytes);
    expect(files[`files/resources/${resourceId}/1-Tutor handbook.pdf`]).toEqual(handbookBytes);
    expect(Object.keys(files).every((name) => !name.split("/").some((part) => part === ".." || part === ""))).toBe(true);
  });

  it("explains itself in README.txt", () => {
    const readme = text("README.txt");
    expect(readme).toContain("Workspace: Ada Tutoring");
    expect(readme).toContain("Asked for by: Ada Admin <");
    expect(readme).toMatch(/\r\nstudent +2\r\n/);
    expect(readme).toContain("Files: 1 recording, 1 library file.");
    expect(readme).toContain("- the table account: password hashes");
    expect(readme).toContain("- the column calendar_feed.token_hash:");
  });

  it("leaves out every credential and everything of another workspace", async () => {
    const everything = Object.values(files)
      .map((bytes) => Buffer.from(bytes).toString("latin1"))
      .join("\n");
    const secrets: string[] = [];
    for (const row of await t.db.select({ password: account.password }).from(account)) if (row.password) secrets.push(row.password);
    for (const row of await t.db.select({ token: session.token }).from(session)) secrets.push(row.token);
    for (const row of await t.db.select({ value: verification.value }).from(verification)) secrets.push(row.value);
    for (const row of await t.db.select({ hash: calendarFeed.tokenHash }).from(calendarFeed)) secrets.push(row.hash);
    for (const row of await t.db.select({ hash: workspaceInvitation.tokenHash }).from(workspaceInvitation)) secrets.push(row.hash);
    const [workspace] = await t.db.select({ joinCode: organization.joinCode }).from(organization).where(eq(organization.id, cast.admin.organizationId));
    secrets.push(
      workspace!.joinCode,
      calendarToken,
      createHash("sha256").update(calendarToken).digest("hex"),
      "sealed-secret-key-ciphertext-0123",
      "sealed-webhook-secret-ciphertext-4567",
      "two-factor-secret-JBSWY3DPEHPK3PXP",
      "backup-codes-8899",
    );
    expect(secrets.length).toBeGreaterThan(10);
    expect(secrets.filter((secret) => everything.includes(secret))).toEqual([]);
    expect(files["tables/stripe_keys.csv"]).toBeUndefined();
    expect(files["tables/account.csv"]).toBeUndefined();
    // The calendar feed is there, less its token's hash.
    expect(parseCsv(text("tables/calendar_feed.csv"))[0]).toEqual(["organization_id", "member_id", "created_at"]);
    for (const other of [cast.otherAdmin.organizationId, cast.otherAdmin.user.email, "Zeno Otherworld", "Other Tutoring"])
      expect(everything).not.toContain(other);
  });

  it("mails the admin who asked where to download it, signed in", async () => {
    const mail = await latestMail(t.db, cast.admin.user.email, "Your export of Ada Tutoring is ready");
    expect(mail, "the ready mail").toBeDefined();
    expect(linkIn(mail!.body, "/admin/system")).toBe("http://localhost:3000/admin/system?tab=export");
    expect(mail!.body).toContain("signed in as an admin of Ada Tutoring (the link works for nobody else)");
  });

  it("builds nothing on a second delivery of the same job", async () => {
    const before = await exportRow(exportId);
    // A minute on, so that a second build would show in its times.
    clock.advance(60_000);
    await runJob(exportId);
    expect(await exportRow(exportId)).toEqual(before);
  });

  it("is listed ready with its size and download address, and downloaded as a zip, audited each time", async () => {
    const { items, inProgress } = await list();
    expect(inProgress).toBe(false);
    const row = await exportRow(exportId);
    expect(items[0]).toMatchObject({ id: exportId, status: "ready", sizeBytes: row.sizeBytes, downloadUrl: `${PATH}/${exportId}/file`, error: null });

    const got = await download(cast.admin.client, `${PATH}/${exportId}/file`);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("application/zip");
    expect(got.headers.get("cache-control")).toBe("private, no-store");
    const day = clock.now().toLocaleDateString("en-CA", { timeZone: "Europe/London" });
    expect(got.headers.get("content-disposition")).toMatch(new RegExp(`^attachment; filename="glassroom-export-[a-z0-9-]+-${day}\\.zip"$`));
    expect(Object.keys(unzipSync(got.bytes))).toContain("tables/student.csv");
    expect((await download(cast.admin.client, `${PATH}/${exportId}/file`, "HEAD")).status).toBe(200);
    await download(cast.admin.client, `${PATH}/${exportId}/file`);
    const downloads = await auditEntries(t.db, { action: "WORKSPACE_EXPORT_DOWNLOADED", organizationId: cast.admin.organizationId });
    expect(downloads).toHaveLength(2);
    expect(downloads[0]!.description).toMatch(/^Ada Admin downloaded the full export of the workspace made /);
  });

  it("answers 404 for an id that names no archive of the workspace", async () => {
    for (const id of ["not-an-id", crypto.randomUUID()]) expect((await download(cast.admin.client, `${PATH}/${id}/file`)).status).toBe(404);
    expect((await download(cast.otherAdmin.client, `${PATH}/${exportId}/file`)).status).toBe(404);
  });

  it("expires a day after it was made: 410 and listed expired, then the clean-up deletes the archive and keeps the row", async () => {
    const { storageKey, expiresAt } = await exportRow(exportId);
    clock.set(new Date(expiresAt!.getTime() - 1000));
    expect((await download(cast.admin.client, `${PATH}/${exportId}/file`)).status).toBe(200);
    expect(await cleanUpExports(t.deps)).toEqual({ deleted: 0, abandoned: 0 });
    clock.advance(1000);
    const gone = await cast.admin.client.get(`${PATH}/${exportId}/file`);
    expect(gone.status).toBe(410);
    expect(gone.body.error.message).toMatch(/^This export's download expired on .+ and its archive was deleted\. Ask for a new export in System\.$/);
    expect((await list()).items[0]).toMatchObject({ id: exportId, status: "expired", downloadUrl: null, error: null });

    expect(await cleanUpExports(t.deps)).toEqual({ deleted: 1, abandoned: 0 });
    expect(await t.deps.exports.size(storageKey!)).toBeNull();
    expect(await exportRow(exportId)).toMatchObject({ status: "ready", error: null, archiveDeletedAt: expect.any(Date) });
    expect(await cleanUpExports(t.deps)).toEqual({ deleted: 0, abandoned: 0 });
    expect((await list()).items[0]).toMatchObject({ id: exportId, status: "expired" });
  });
});

describe("when the export fails", () => {
  it("marks it failed with the reason, keeps no archive, mails the admin, and lets them ask again", async () => {
    const asked = await cast.admin.client.post<WorkspaceExport>(PATH);
    expect(asked.status, asked.text).toBe(202);
    const store = t.deps.exports;
    const refusingStore: Storage = {
      kind: "local",
      put: () => Promise.reject(new Error("disk full")),
      get: (key) => store.get(key),
      size: (key) => store.size(key),
      delete: (key) => store.delete(key),
    };
    await runWorkspaceExport({ ...t.deps, exports: refusingStore }, { organizationId: cast.admin.organizationId, exportId: asked.body.id });
    expect(await exportRow(asked.body.id)).toMatchObject({ status: "failed", storageKey: null, sizeBytes: null });
    const { items } = await list();
    expect(items[0]).toMatchObject({
      id: asked.body.id,
      status: "failed",
      downloadUrl: null,
      error: "The export failed: something went wrong while building the archive. Ask for a new export; if it fails again, contact support.",
    });
    const mail = await latestMail(t.db, cast.admin.user.email, "failed");
    expect(mail?.subject).toBe("Your export of Ada Tutoring failed");
    expect((await download(cast.admin.client, `${PATH}/${asked.body.id}/file`)).status).toBe(404);
    expect((await cast.admin.client.post(PATH)).status).toBe(202);
  });

  it("fails an export left queued or running long after every run of its job must have ended", async () => {
    const [row] = await t.db
      .select()
      .from(workspaceExport)
      .where(and(eq(workspaceExport.organizationId, cast.admin.organizationId), eq(workspaceExport.status, "queued")));
    clock.advance(6 * HOUR + 1000);
    expect(await cleanUpExports(t.deps)).toEqual({ deleted: 0, abandoned: 1 });
    expect(await exportRow(row!.id)).toMatchObject({ status: "failed", error: ABANDONED_ERROR });
  });
});

describe("what the archive reads", () => {
  it("includes a table added later without a change to the export, still only the workspace's rows", async () => {
    await t.db.execute(sql`create table export_probe (organization_id text not null, id int not null, note text, primary key (organization_id, id))`);
    await t.db.execute(sql`alter table export_probe enable row level security`);
    await t.db.execute(sql`alter table export_probe force row level security`);
    await t.db.execute(
      sql`create policy export_probe_isolation on export_probe to glassroom_app using (organization_id = current_setting('app.organization_id', true))`,
    );
    await t.db.execute(sql`grant select on export_probe to glassroom_app`);
    await t.db.execute(
      sql`insert into export_probe values (${cast.admin.organizationId}, 1, '=1+1, "ours"'), (${cast.otherAdmin.organizationId}, 1, 'theirs')`,
    );
    const asked = await cast.admin.client.post<WorkspaceExport>(PATH);
    expect(asked.status, asked.text).toBe(202);
    await runJob(asked.body.id);
    const row = await exportRow(asked.body.id);
    const files = unzipSync(new Uint8Array(await new Response((await t.deps.exports.get(row.storageKey!)).body).arrayBuffer()));
    expect(parseCsv(strFromU8(files["tables/export_probe.csv"]!))).toEqual([
      ["organization_id", "id", "note"],
      [cast.admin.organizationId, "1", `'=1+1, "ours"`],
    ]);
    expect(JSON.parse(strFromU8(files["tables/export_probe.json"]!))).toEqual([{ organization_id: cast.admin.organizationId, id: 1, note: '=1+1, "ours"' }]);
  });

  it("reads a table in batches in key order, each row once", async () => {
    await createStudent(cast.admin.client, { name: "Ola Third" });
    const batches = await withWorkspace(t.deps.db, cast.admin.organizationId, async (tx) => {
      const student = (await workspaceTables(tx)).find((table) => table.name === "student")!;
      const read: string[][] = [];
      for await (const batch of readRowBatches(tx, { ...student, where: sql`t.organization_id = ${cast.admin.organizationId}` }, 2))
        read.push(batch.json.map((row) => (JSON.parse(row) as { id: string }).id));
      return read;
    });
    expect(batches.map((batch) => batch.length)).toEqual([2, 1]);
    const ids = batches.flat();
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(3);
  });

  it("looks at every credential-like column: each is left out of the archive or reviewed as not a secret", async () => {
    const tables = await withWorkspace(t.deps.db, cast.admin.organizationId, (tx) => workspaceTables(tx));
    const unreviewed = tables.flatMap((table) =>
      table.columns
        .filter((column) => CREDENTIAL_LIKE_NAME.test(column.name) && !Object.hasOwn(REVIEWED_NOT_SECRET[table.name] ?? {}, column.name))
        .map((column) => `${table.name}.${column.name}`),
    );
    expect(unreviewed).toEqual([]);
    // The lists name real columns, so that a rename cannot quietly let a secret through.
    const { rows } = await t.db.execute<{ name: string }>(
      sql`select table_name || '.' || column_name as name from information_schema.columns where table_schema = 'public'`,
    );
    const columns = new Set(rows.map((row) => row.name));
    for (const [table, names] of [...Object.entries(EXCLUDED_COLUMNS), ...Object.entries(REVIEWED_NOT_SECRET)])
      for (const name of Object.keys(names)) expect(columns.has(`${table}.${name}`), `${table}.${name}`).toBe(true);
  });
});

describe("a run that stopped", () => {
  it("is taken over by the job's retry once pg-boss gave it up, and not before", async () => {
    const asked = await cast.admin.client.post<WorkspaceExport>(PATH);
    expect(asked.status, asked.text).toBe(202);
    const startedAt = new Date(clock.now().getTime() - 10 * 60_000);
    await t.db.update(workspaceExport).set({ status: "running", startedAt }).where(eq(workspaceExport.id, asked.body.id));
    await runJob(asked.body.id);
    expect(await exportRow(asked.body.id)).toMatchObject({ status: "running", startedAt });

    await t.db
      .update(workspaceExport)
      .set({ startedAt: new Date(clock.now().getTime() - RUN_EXPIRY_SECONDS * 1000) })
      .where(eq(workspaceExport.id, asked.body.id));
    await runJob(asked.body.id);
    expect(await exportRow(asked.body.id)).toMatchObject({ status: "ready", startedAt: clock.now() });
  });
});
