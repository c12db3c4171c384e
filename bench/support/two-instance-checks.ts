/**
 * What the load test checks once its traffic has run on two app instances sharing one
 * PostgreSQL: that nothing is lost or done twice (docs/scaling.md, step 1). Mail is counted in
 * the outbox table, where the SMTP sink writes every mail delivered (mail-sink.ts).
 */
import { and, eq, like, sql } from "drizzle-orm";
import type { Database } from "../../src/server/db/client.ts";
import { devOutbox, tutoringSession } from "../../src/server/db/schema.ts";
import { withWorkspace } from "../../src/server/db/tenant.ts";
import { FORM_LIMIT } from "../../src/server/features/enquiries/index.ts";
import { mailQueueDrained } from "../../tests/db.ts";
import { createAdmin, createMember, type FactoryContext } from "../../tests/factories.ts";
import { assignTutor, createSession, createStudent } from "../../tests/people-factories.ts";
import type { AppServer } from "./app-server.ts";

export interface Check {
  name: string;
  expected: string;
  found: string;
  passed: boolean;
}

export interface PreparedChecks {
  /** The tutor of a session that starts within the reminder lead time. */
  tutorEmail: string;
  organizationId: string;
  sessionId: string;
}

type Context = FactoryContext & { db: Database };

/** How long the reminder may take: the schedule runs every minute, pg-boss starts it within one more. */
const REMINDER_DEADLINE_MS = 150_000;

/**
 * A workspace with a tutor, a student and a session two hours from now (inside the default
 * 24-hour reminder lead time): made before the traffic, so that both instances' every-minute
 * schedules run while it is due.
 */
export async function prepareChecks(ctx: Context): Promise<PreparedChecks> {
  const admin = await createAdmin(ctx, { workspaceName: "Two instances" });
  const tutor = await createMember(ctx, { admin, role: "tutor" });
  const pupil = await createStudent(admin.client);
  await assignTutor(admin.client, { tutorMemberId: tutor.memberId, studentId: pupil.id });
  const start = new Date(Math.floor((Date.now() + 2 * 3_600_000) / 60_000) * 60_000);
  const utc = (instant: Date) => instant.toISOString().slice(0, 16);
  const batch = await createSession(admin.client, {
    tutorMemberId: tutor.memberId,
    studentIds: [pupil.id],
    startsAt: utc(start),
    endsAt: utc(new Date(start.getTime() + 30 * 60_000)),
    timeZone: "UTC",
  });
  return { tutorEmail: tutor.user.email, organizationId: admin.organizationId, sessionId: batch.items[0]!.id };
}

function check(name: string, expected: number | string, found: number | string): Check {
  return { name, expected: String(expected), found: String(found), passed: String(expected) === String(found) };
}

async function count(db: Database, query: ReturnType<typeof sql>): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(query);
  return Number(rows[0]!.n);
}

/** POST to one instance, naming the install's public address as origin (as a browser would). */
function post(server: AppServer, origin: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json", origin }, body: JSON.stringify(body) });
}

async function mailChecks(ctx: Context, servers: AppServer[], origin: string): Promise<Check[]> {
  const { db } = ctx;
  // A password reset asked for each of some accounts, alternately of either instance: one mail each.
  const emails = (await db.execute<{ email: string }>(sql`select email from "user" order by created_at limit 20`)).rows.map((row) => row.email);
  const answers = await Promise.all(
    emails.map((email, index) => post(servers[index % servers.length]!, origin, "/api/auth/request-password-reset", { email, redirectTo: "/reset-password" })),
  );
  await mailQueueDrained(db);
  const resetMails = await Promise.all(
    emails.map((email) => db.$count(devOutbox, and(eq(devOutbox.toAddress, email.toLowerCase()), like(devOutbox.subject, "Reset your Glassroom password%")))),
  );
  const mailJobs = await count(db, sql`select count(*)::int as n from pgboss.job where name = 'mail' and state = 'completed'`);
  const unsent = await count(db, sql`select count(*)::int as n from pgboss.job where name = 'mail' and state <> 'completed'`);
  const delivered = await db.$count(devOutbox);
  const duplicates = await count(
    db,
    sql`select count(*)::int as n from (select 1 from dev_outbox group by to_address, subject, body having count(*) > 1) as twice`,
  );
  const confirmationsNotOne = await count(
    db,
    sql`select count(*)::int as n from "user" u where (select count(*) from dev_outbox o where o.to_address = lower(u.email) and o.subject like 'Confirm your email%') <> 1`,
  );
  return [
    check("password resets asked of either instance, answered 200", emails.length, answers.filter((answer) => answer.status === 200).length),
    check("… each mailed exactly once", emails.length, resetMails.filter((mails) => mails === 1).length),
    check("accounts without exactly one confirmation mail", 0, confirmationsNotOne),
    check("mail jobs completed = mails delivered (none sent twice)", mailJobs, delivered),
    check("mail jobs not completed (lost or failing)", 0, unsent),
    check("identical mails delivered twice", 0, duplicates),
  ];
}

async function reminderChecks(ctx: Context, prepared: PreparedChecks, deadline: number): Promise<Check[]> {
  const { db } = ctx;
  const reminders = () => db.$count(devOutbox, and(eq(devOutbox.toAddress, prepared.tutorEmail.toLowerCase()), like(devOutbox.subject, "Reminder:%")));
  while ((await reminders()) === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 1_000));
  const [first] = await db
    .select({ at: devOutbox.createdAt })
    .from(devOutbox)
    .where(and(eq(devOutbox.toAddress, prepared.tutorEmail.toLowerCase()), like(devOutbox.subject, "Reminder:%")))
    .limit(1);
  // A second run of the schedule (on either instance) must find the session already claimed.
  if (first) {
    const wait = first.at.getTime() + 65_000 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await mailQueueDrained(db);
  }
  // Row-level security shows the owner a workspace's rows only inside it.
  const [row] = await withWorkspace(db, prepared.organizationId, (tx) =>
    tx.select({ sentAt: tutoringSession.reminderSentAt }).from(tutoringSession).where(eq(tutoringSession.id, prepared.sessionId)),
  );
  return [
    check("session reminders to the tutor, both schedules running, a minute after the first", 1, await reminders()),
    check("the session claimed as reminded", "yes", row?.sentAt ? "yes" : "no"),
  ];
}

async function rateLimitChecks(servers: AppServer[], origin: string, multiplier: number): Promise<Check[]> {
  const limit = FORM_LIMIT.max * multiplier;
  const message = (index: number) => ({
    name: "Load Test",
    email: "rate-limit@example.com",
    topic: "other",
    message: `Message ${index} of the rate-limit check.`,
  });
  // Up to the limit, alternately to either instance, ten at a time.
  const statuses: number[] = [];
  for (let batch = 0; batch < limit; batch += 10) {
    const size = Math.min(10, limit - batch);
    const answers = await Promise.all(
      Array.from({ length: size }, (_, offset) => post(servers[(batch + offset) % servers.length]!, origin, "/api/public/contact", message(batch + offset))),
    );
    statuses.push(...answers.map((answer) => answer.status));
  }
  // Then one more of each instance: both must refuse, whichever counted the hits.
  const over = [];
  for (const server of servers) over.push((await post(server, origin, "/api/public/contact", message(limit))).status);
  return [
    check(
      `contact messages accepted of ${limit} allowed (5 × ${multiplier} per 15 minutes), alternately by either instance`,
      limit,
      statuses.filter((status) => status < 300).length,
    ),
    check("the next one refused by each instance (429)", servers.map(() => 429).join(", "), over.join(", ")),
  ];
}

/** Every check, in the order of the table. */
export async function checkNothingLostOrDuplicated(ctx: Context, servers: AppServer[], prepared: PreparedChecks, multiplier: number): Promise<Check[]> {
  const origin = servers[0]!.url;
  const deadline = Date.now() + REMINDER_DEADLINE_MS;
  const rateLimits = await rateLimitChecks(servers, origin, multiplier);
  const reminders = await reminderChecks(ctx, prepared, deadline);
  const mail = await mailChecks(ctx, servers, origin);
  return [...mail, ...reminders, ...rateLimits];
}
