/**
 * The system status: what a workspace's admins see (their own mail and files, the install's
 * schedules without other workspaces' errors) and what devops accounts see (everything); a
 * mail that the mail server refuses is listed, without its body, for its workspace alone and
 * sent again by its admin (audited) or by devops; nobody else reads or retries.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ApiClient } from "../../../../tests/client.ts";
import { auditEntries, mailsTo } from "../../../../tests/db.ts";
import { createDevopsUser, createPendingJoiner, uniqueEmail } from "../../../../tests/factories.ts";
import { createFailedMail, createJobRun, withJobs } from "../../../../tests/job-factories.ts";
import { createSession } from "../../../../tests/people-factories.ts";
import { sampleMp3, uploadRecording } from "../../../../tests/recording-factories.ts";
import { createSessionCast, type SessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import type { FailedMail, SystemStatus } from "../../../shared/schemas/system-status.ts";
import { APP_VERSION } from "../../../shared/version.ts";
import { resource, resourceVersion } from "../../db/resources-schema.ts";
import { organization } from "../../db/schema.ts";
import { JOBS } from "../../jobs/registry.ts";

let t: TestApp;
let cast: SessionCast;
let devops: ApiClient;
/** Addresses the mail server refuses, as a mailbox that does not exist. */
const BOUNCING = /^bounce-/;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "100" } });
  cast = await createSessionCast(t);
  devops = (await createDevopsUser(t)).client;
  const send = t.deps.mailer.send.bind(t.deps.mailer);
  vi.spyOn(t.deps.mailer, "send").mockImplementation(async (mail) => {
    if (BOUNCING.test(mail.to)) throw new Error(`550 5.1.1 <${mail.to}>: Recipient address rejected: User unknown`);
    await send(mail);
  });
  // One attempt: a refused mail fails at once instead of after a day of retries.
  await withJobs(t.databaseUrl, (boss) => boss.updateQueue("mail", { retryLimit: 0 }));
}, 120_000);
afterAll(async () => t?.close());

const ADMIN_PATH = "/api/admin/system/status";
const PLATFORM_PATH = "/api/platform/system/status";

async function statusOf(client: ApiClient, path = ADMIN_PATH): Promise<SystemStatus> {
  const res = await client.get<SystemStatus>(path);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

const failedTo = (status: SystemStatus, to: string): FailedMail | undefined => status.mail.failed.find((mail) => mail.to === to);

/** Waits until the mail queue has settled every mail to `to` (sent or failed). */
async function settled(to: string): Promise<void> {
  await expect
    .poll(async () => {
      const { rows } = await t.db.execute<{ waiting: number }>(
        sql`select count(*)::int as waiting from pgboss.job where name = 'mail' and data->>'to' = ${to} and state in ('created', 'retry', 'active')`,
      );
      return rows[0]!.waiting;
    })
    .toBe(0);
}

describe("a workspace's status", () => {
  it("says the version, the database with its migrations, the mail transport, the workspace's files and every job of the registry", async () => {
    const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const session = await createSession(cast.admin.client, {
      tutorMemberId: cast.tina.memberId,
      studentIds: [cast.maya],
      startsAt: `${nextWeek}T10:00`,
      endsAt: `${nextWeek}T11:00`,
    });
    const uploaded = await uploadRecording(cast.admin.client, "admin", session.items[0]!.id, sampleMp3(3_000));
    expect(uploaded.status, uploaded.text).toBe(201);

    const status = await statusOf(cast.admin.client);
    expect(status.scope).toBe("workspace");
    expect(status.version).toMatchObject({ version: APP_VERSION, node: process.version });
    expect(status.database).toMatchObject({ reachable: true, migrations: { notApplied: [] } });
    expect(status.database.sizeBytes).toBeGreaterThan(1_000_000);
    expect(status.database.migrations!.applied).toBe(status.database.migrations!.inCode);
    expect(status.database.migrations!.latest!.tag).toMatch(/^\d{4}_/);
    expect(status.mail).toMatchObject({ transport: "log", keptHours: 24, moreFailed: false });
    expect(status.mail.lastSentAt).not.toBeNull();
    expect(status.storage).toEqual({ kind: "local", recordingsBytes: 3_000, resourcesBytes: 0, workspaces: null });
    expect(status.jobs.map((job) => job.name)).toEqual(JOBS.map((job) => job.name));
    expect(status.jobs.find((job) => job.name === "session-reminders")).toMatchObject({ kind: "scheduled", cron: "* * * * *", schedule: "Every minute" });
    expect(status.jobs.find((job) => job.name === "mail")).toMatchObject({ kind: "queue", cron: null, schedule: "When queued", running: false });

    // Another workspace's files are its own.
    expect((await statusOf(cast.otherAdmin.client)).storage.recordingsBytes).toBe(0);
  });

  it("lists a mail the mail server refused for its workspace only, with the error and never the body, and its admin sends it again", async () => {
    const bounce = uniqueEmail("bounce");
    const invited = await cast.admin.client.post("/api/admin/invitations", { email: bounce, role: "tutor" });
    expect(invited.status, invited.text).toBe(201);
    await settled(bounce);

    const own = await statusOf(cast.admin.client);
    const failed = failedTo(own, bounce);
    expect(failed).toMatchObject({
      subject: "Ada Admin invited you to Ada Tutoring on Glassroom",
      error: `550 5.1.1 <${bounce}>: Recipient address rejected: User unknown`,
      attempts: 1,
      workspace: null,
    });
    // The body (its invitation link) is never shown.
    expect(JSON.stringify(own)).not.toContain("/invite");
    expect(failedTo(await statusOf(cast.otherAdmin.client), bounce)).toBeUndefined();
    const installWide = failedTo(await statusOf(devops, PLATFORM_PATH), bounce);
    expect(installWide).toMatchObject({ jobId: failed!.jobId, workspace: { name: "Ada Tutoring" } });

    // Another workspace's admin may not retry it: 404, and it stays failed.
    const stranger = await cast.otherAdmin.client.post(`/api/admin/system/mails/${failed!.jobId}/retry`);
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual({ error: { code: "NOT_FOUND", message: "The failed mail was not found." } });
    expect(failedTo(await statusOf(cast.admin.client), bounce)).toBeDefined();

    // The mail server takes it now: the retry sends it.
    vi.mocked(t.deps.mailer.send).mockImplementationOnce(async () => {});
    const retried = await cast.admin.client.post(`/api/admin/system/mails/${failed!.jobId}/retry`);
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body).toEqual({ jobId: failed!.jobId, retried: true });
    await settled(bounce);
    const after = await statusOf(cast.admin.client);
    expect(failedTo(after, bounce)).toBeUndefined();
    const { rows } = await t.db.execute<{ state: string }>(sql`select state::text from pgboss.job where id = ${failed!.jobId}::uuid`);
    expect(rows[0]!.state).toBe("completed");

    const entries = await auditEntries(t.db, { action: "MAIL_RETRIED", organizationId: cast.admin.organizationId });
    expect(entries.map((entry) => entry.description)).toContain(`Ada Admin sent again a failed mail to ${bounce}`);

    // No longer failed: a second retry finds nothing.
    expect((await cast.admin.client.post(`/api/admin/system/mails/${failed!.jobId}/retry`)).status).toBe(404);
  });

  it("answers 404 for an id that names no failed mail of the workspace", async () => {
    for (const jobId of ["not-a-job", "00000000-0000-4000-8000-000000000000", "x".repeat(100)]) {
      const res = await cast.admin.client.post(`/api/admin/system/mails/${jobId}/retry`);
      expect(res.status, jobId).toBe(404);
    }
  });

  it("shows the install's scheduled jobs without their errors, and the workspace's own runs of queued jobs with theirs", async () => {
    await createJobRun(t.databaseUrl, "session-reminders", "completed");
    await createJobRun(t.databaseUrl, "crm-lead-purge", "failed", { error: "lead 42 of Other Tutoring could not be purged" });
    await createJobRun(t.databaseUrl, "student-health-due", "running");
    await createJobRun(t.databaseUrl, "billing-ledger-verification", "failed", {
      data: { organizationId: cast.admin.organizationId, verificationId: "v1" },
      error: "hash chain broken at entry 7",
    });
    await createJobRun(t.databaseUrl, "student-health-rules-preview", "failed", {
      data: { organizationId: cast.otherAdmin.organizationId, previewId: "p1" },
      error: "Other Tutoring's preview failed",
    });

    const job = (status: SystemStatus, name: string) => status.jobs.find((candidate) => candidate.name === name)!;
    const own = await statusOf(cast.admin.client);
    expect(job(own, "session-reminders")).toMatchObject({ running: false, lastRun: { result: "completed" }, failures: { count: 0, recent: [] } });
    expect(job(own, "session-reminders").lastRun!.durationMs).toBeGreaterThanOrEqual(0);
    expect(job(own, "crm-lead-purge")).toMatchObject({ lastRun: { result: "failed" }, failures: { count: 1, recent: [{ error: null }] } });
    expect(job(own, "student-health-due")).toMatchObject({ running: true, lastRun: null });
    expect(job(own, "billing-ledger-verification")).toMatchObject({ failures: { count: 1, recent: [{ error: "hash chain broken at entry 7" }] } });
    // Another workspace's queued run is not there at all.
    expect(job(own, "student-health-rules-preview")).toMatchObject({ running: false, lastRun: null, failures: { count: 0 } });
    expect(JSON.stringify(own)).not.toContain("Other Tutoring");

    const other = await statusOf(cast.otherAdmin.client);
    expect(job(other, "billing-ledger-verification")).toMatchObject({ lastRun: null, failures: { count: 0 } });
    expect(job(other, "student-health-rules-preview").failures.recent).toEqual([{ at: expect.any(String), error: "Other Tutoring's preview failed" }]);

    const install = await statusOf(devops, PLATFORM_PATH);
    expect(job(install, "crm-lead-purge").failures.recent).toEqual([{ at: expect.any(String), error: "lead 42 of Other Tutoring could not be purged" }]);
    expect(job(install, "billing-ledger-verification").failures.count).toBe(1);
    expect(job(install, "student-health-rules-preview").failures.count).toBe(1);
  });
});

describe("the install's status (devops)", () => {
  it("adds up every workspace's files and lists every failed mail, naming its workspace; devops sends one again, audited in that workspace", async () => {
    // A library file of the other workspace (no library API yet: as its upload would record it).
    const resourceId = crypto.randomUUID();
    await t.db
      .insert(resource)
      .values({ organizationId: cast.otherAdmin.organizationId, id: resourceId, kind: "file", title: "Worksheet", category: "Worksheets" });
    await t.db.insert(resourceVersion).values({
      organizationId: cast.otherAdmin.organizationId,
      resourceId,
      version: 1,
      storageKey: `${resourceId}/1`,
      fileName: "worksheet.pdf",
      contentType: "application/pdf",
      sizeBytes: 500,
    });
    const status = await statusOf(devops, PLATFORM_PATH);
    expect(status.scope).toBe("install");
    const [counted] = await t.db.select({ workspaces: sql<number>`count(*)::int` }).from(organization);
    expect(status.storage).toEqual({ kind: "local", recordingsBytes: 3_000, resourcesBytes: 500, workspaces: counted!.workspaces });
    expect((await statusOf(cast.otherAdmin.client)).storage).toMatchObject({ recordingsBytes: 0, resourcesBytes: 500 });
    expect((await statusOf(cast.admin.client)).storage).toMatchObject({ recordingsBytes: 3_000, resourcesBytes: 0 });

    const [other] = await t.db.select({ slug: organization.slug }).from(organization).where(eq(organization.id, cast.otherAdmin.organizationId));
    const otherBounce = uniqueEmail("bounce");
    const jobId = await createFailedMail(t.databaseUrl, {
      to: otherBounce,
      subject: "Your invoice",
      organizationId: cast.otherAdmin.organizationId,
      error: "connect ECONNREFUSED 127.0.0.1:25",
    });
    const outsideBounce = uniqueEmail("bounce");
    await createFailedMail(t.databaseUrl, { to: outsideBounce, subject: "Confirm your email", organizationId: null, error: "421 try later" });

    const install = await statusOf(devops, PLATFORM_PATH);
    expect(failedTo(install, otherBounce)).toMatchObject({
      jobId,
      attempts: 0,
      error: "connect ECONNREFUSED 127.0.0.1:25",
      workspace: { name: "Other Tutoring", slug: other!.slug },
    });
    expect(failedTo(install, outsideBounce)).toMatchObject({ workspace: null, error: "421 try later" });
    // A mail outside any workspace is no workspace's.
    expect(failedTo(await statusOf(cast.admin.client), outsideBounce)).toBeUndefined();
    expect(failedTo(await statusOf(cast.otherAdmin.client), outsideBounce)).toBeUndefined();
    expect(failedTo(await statusOf(cast.otherAdmin.client), otherBounce)).toMatchObject({ jobId, workspace: null });

    vi.mocked(t.deps.mailer.send).mockImplementationOnce(async () => {});
    // Due two seconds after it was made (tests/job-factories.ts).
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const retried = await devops.post(`/api/platform/system/mails/${jobId}/retry`);
    expect(retried.status, retried.text).toBe(200);
    await settled(otherBounce);
    expect(failedTo(await statusOf(devops, PLATFORM_PATH), otherBounce)).toBeUndefined();
    const entries = await auditEntries(t.db, { action: "MAIL_RETRIED", organizationId: cast.otherAdmin.organizationId });
    expect(entries.map((entry) => entry.description)).toEqual([
      expect.stringMatching(new RegExp(` \\(platform operator\\) sent again a failed mail to ${otherBounce}$`)),
    ]);
  });
});

describe("who may", () => {
  it("refuses the workspace's status and retries to tutors, parents and students, and the install's to everyone but devops", async () => {
    const jobId = "00000000-0000-4000-8000-000000000000";
    for (const member of [cast.tina, cast.parent, cast.pupil]) {
      expect((await member.client.get(ADMIN_PATH)).status).toBe(403);
      expect((await member.client.post(`/api/admin/system/mails/${jobId}/retry`)).status).toBe(403);
    }
    for (const client of [cast.admin.client, cast.tina.client, cast.parent.client]) {
      expect((await client.get(PLATFORM_PATH)).status).toBe(403);
      expect((await client.post(`/api/platform/system/mails/${jobId}/retry`)).status).toBe(403);
    }
    const visitor = new ApiClient(t.app);
    expect((await visitor.get(ADMIN_PATH)).status).toBe(401);
    expect((await visitor.get(PLATFORM_PATH)).status).toBe(401);
  });

  it("stamps a mail with the workspace it is about (an invitation, an approval), which never reaches the mail itself", async () => {
    const workspaceOf = async (to: string, subject: string) => {
      const { rows } = await t.db.execute<{ organizationId: string | null }>(
        sql`select data->>'organizationId' as "organizationId" from pgboss.job where name = 'mail' and data->>'to' = ${to} and data->>'subject' like ${`%${subject}%`}`,
      );
      return rows.map((row) => row.organizationId);
    };
    const invitee = uniqueEmail("plain");
    const invited = await cast.admin.client.post("/api/admin/invitations", { email: invitee, role: "parent" });
    expect(invited.status).toBe(201);
    const [mail] = await mailsTo(t.db, invitee);
    expect(mail!.body).not.toContain(cast.admin.organizationId);
    expect(await workspaceOf(invitee, "invited you")).toEqual([cast.admin.organizationId]);

    // Approving is an identity write outside the workspace's transaction: its mail is stamped all the same.
    const joiner = await createPendingJoiner(t, { joinCode: cast.otherAdmin.joinCode });
    const approved = await cast.otherAdmin.client.post(`/api/admin/approvals/${joiner.memberId}/approve`, { role: "tutor" });
    expect(approved.status, approved.text).toBe(200);
    await mailsTo(t.db, joiner.user.email);
    expect(await workspaceOf(joiner.user.email, "approved in Other Tutoring")).toEqual([cast.otherAdmin.organizationId]);
  });
});
