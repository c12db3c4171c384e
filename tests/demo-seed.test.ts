import { type ServerType, serve } from "@hono/node-server";
import type { Playbook } from "../src/shared/schemas/growth-playbook.ts";
import type { AddressInfo } from "node:net";
import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN, DEMO_CARDS, DEMO_HEALTH_QUESTIONS, DEMO_HEALTH_STORIES, DEMO_PASSWORD, familyEmail } from "../scripts/demo-data.ts";
import { demoClock } from "../scripts/demo-clock.ts";
import { seedDemoWorkspace, type DemoSummary } from "../scripts/demo-seed.ts";
import { DEMO_TERM } from "../scripts/demo-data.ts";
import {
  assignment,
  auditLog,
  member,
  sessionReport,
  sessionSeries,
  sessionSummary,
  student,
  studentGuardian,
  tutorAvailability,
  tutoringSession,
  tutorProfile,
  user,
  workspaceInvitation,
} from "../src/server/db/schema.ts";
import { studentHealth } from "../src/server/db/health-schema.ts";
import { healthExcusal } from "../src/server/db/alerts-schema.ts";
import type { ContestList } from "../src/shared/schemas/health-alerts.ts";
import { signIn } from "./factories.ts";
import { runAutopay } from "../src/server/features/online-payments/index.ts";
import { createTestApp, type TestApp } from "./setup/test-app.ts";
import { startStripeDouble, type StripeDouble } from "./stripe-double/index.ts";

let t: TestApp;
let double: StripeDouble;
let webhooks: ServerType;
let summary: DemoSummary;
let seconds: number;
/** When the seed began: the term is laid out around it (a session may end while the seed runs). */
let seededAt: Date;
beforeAll(async () => {
  const clock = demoClock();
  double = await startStripeDouble();
  t = await createTestApp({
    clock,
    env: { STRIPE_SECRET_KEY: double.secretKey, STRIPE_WEBHOOK_SECRET: double.webhookSecret, STRIPE_API_URL: double.url },
  });
  // As npm run demo does: the double's webhooks reach the seeding app over HTTP.
  webhooks = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => webhooks.once("listening", resolve));
  const webhookBase = `http://127.0.0.1:${(webhooks.address() as AddressInfo).port}/api/webhooks/stripe`;
  seededAt = new Date();
  const started = performance.now();
  // On the app's own connection, as npm run demo seeds (t.db would see past row-level security).
  summary = await seedDemoWorkspace({ app: t.app, db: t.deps.db }, clock, { double, webhookBase, runAutopay: () => runAutopay(t.deps) });
  seconds = (performance.now() - started) / 1000;
  // About two minutes alone; the machine may be running other suites at the same time.
}, 600_000);
afterAll(async () => {
  await double?.close();
  await new Promise((resolve) => (webhooks ? webhooks.close(resolve) : resolve(undefined)));
  await t?.close();
});

const inWorkspace = <T extends { organizationId: unknown }>(table: T) => eq(table.organizationId as never, sql`${summary.organizationId}`);
/** The term's own rows: not the students the CRM converted (scripts/demo-crm.ts), nor its trial lessons. */
const notConverted = sql`not exists (select 1 from lead_student ls where ls.student_id = student.id)`;
const assignmentNotConverted = sql`not exists (select 1 from lead_student ls where ls.student_id = assignment.student_id)`;
const notTrial = sql`not exists (select 1 from lead_trial lt where lt.session_id = tutoring_session.id)`;

describe("the demo seed (npm run demo)", () => {
  it("dates every report two hours after its session (or at the seed, for one that ended less than that ago), as a real term has them", async () => {
    const { rows } = await t.db.execute<{ reports: number; late: number }>(sql`
      select count(*)::int as reports,
             count(*) filter (where r.filed_at <> s.ends_at + interval '2 hours' and not (r.filed_at between s.ends_at and ${seededAt.toISOString()}::timestamptz + interval '5 minutes'))::int as late
      from session_report r join tutoring_session s on s.organization_id = r.organization_id and s.id = r.session_id
      where r.organization_id = ${summary.organizationId}`);
    expect(rows[0]!.reports).toBeGreaterThan(0);
    expect(rows[0]!.late).toBe(0);
  });

  it("makes an admin, tutors with profiles and weeks, 40 students, families, assignments, logins and pending work", async () => {
    console.log(
      `Demo seed: ${summary.accounts.length} accounts, ${summary.students} students, ${summary.assignments} assignments, ${Object.entries(summary.sessions).reduce((sum, [key, value]) => (key === "summariesShared" ? sum : sum + value), 0)} sessions, ${summary.sessions.summariesShared} shared summaries in ${seconds.toFixed(1)} s`,
    );
    const members = await t.db
      .select({ role: member.role, status: member.status, total: count() })
      .from(member)
      .where(inWorkspace(member))
      .groupBy(member.role, member.status);
    expect(Object.fromEntries(members.map((row) => [`${row.role}/${row.status}`, row.total]))).toEqual({
      "admin/active": 1,
      "tutor/active": 5,
      "parent/active": 33,
      "student/active": 2,
      "pending/pending": 1,
    });
    const [students] = await t.db
      .select({ total: count() })
      .from(student)
      .where(and(inWorkspace(student), notConverted));
    expect(students!.total).toBe(40);
    const statuses = await t.db
      .select({ status: student.status, total: count() })
      .from(student)
      .where(and(inWorkspace(student), notConverted))
      .groupBy(student.status);
    expect(Object.fromEntries(statuses.map((row) => [row.status, row.total]))).toEqual({ active: 37, paused: 2, former: 1 });
    expect(
      (
        await t.db
          .select({ total: count() })
          .from(student)
          .where(and(inWorkspace(student), isNotNull(student.userId)))
      )[0]!.total,
    ).toBe(2);

    // 36 children in 27 families: nine families with two children, six with two guardians.
    const links = await t.db
      .select({ studentId: studentGuardian.studentId, memberId: studentGuardian.memberId })
      .from(studentGuardian)
      .where(inWorkspace(studentGuardian));
    const tally = (keys: string[]) => [...keys.reduce((counts, key) => counts.set(key, (counts.get(key) ?? 0) + 1), new Map<string, number>()).values()];
    const guardiansPerChild = tally(links.map((link) => link.studentId));
    const childrenPerGuardian = tally(links.map((link) => link.memberId));
    expect(guardiansPerChild).toHaveLength(36);
    expect(guardiansPerChild.filter((n) => n === 2).length).toBeGreaterThanOrEqual(6);
    expect(childrenPerGuardian.filter((n) => n === 2).length).toBeGreaterThanOrEqual(9);

    expect(
      (
        await t.db
          .select({ total: count() })
          .from(tutorProfile)
          .where(and(inWorkspace(tutorProfile), isNotNull(tutorProfile.chargeRateMinor)))
      )[0]!.total,
    ).toBe(5);
    expect((await t.db.select({ total: count() }).from(tutorAvailability).where(inWorkspace(tutorAvailability)))[0]!.total).toBeGreaterThanOrEqual(15);
    const [assignments] = await t.db
      .select({ total: count() })
      .from(assignment)
      .where(and(inWorkspace(assignment), assignmentNotConverted));
    expect(assignments!.total).toBe(summary.assignments);
    expect(summary.assignments).toBeGreaterThanOrEqual(60);

    const invitations = await t.db
      .select({ role: workspaceInvitation.role, status: workspaceInvitation.status })
      .from(workspaceInvitation)
      .where(inWorkspace(workspaceInvitation));
    expect(invitations).toContainEqual({ role: "tutor", status: "pending" });
    expect(invitations.filter((row) => row.role === "student" && row.status === "accepted")).toHaveLength(2);

    // Every account's email is confirmed, the pending joiner's included.
    const unconfirmed = await t.db
      .select({ email: user.email })
      .from(user)
      .innerJoin(member, eq(member.userId, user.id))
      .where(and(inWorkspace(member), eq(user.emailVerified, false)));
    expect(unconfirmed).toEqual([]);
  });

  it("makes a term of weekly sessions: the past weeks reported (no-shows, late cancellations and cancellations in good time in the students' stories, a few still to report), the coming weeks scheduled, one cancelled", async () => {
    const statuses = await t.db
      .select({ status: tutoringSession.status, total: count() })
      .from(tutoringSession)
      .where(and(inWorkspace(tutoringSession), notTrial))
      .groupBy(tutoringSession.status);
    const { completed, noShow, lateCancelled, excused, unreported, scheduled, cancelled, summariesShared } = summary.sessions;
    expect(Object.fromEntries(statuses.map((row) => [row.status, row.total]))).toEqual({
      completed,
      no_show: noShow,
      late_cancelled: lateCancelled,
      scheduled: scheduled + unreported,
      cancelled: cancelled + excused,
    });
    // The stories' misses, and one no-show the tutor re-marked after the family had paid for the session.
    const misses = (kind: string) => DEMO_HEALTH_STORIES.flatMap((story) => Object.values(story.misses ?? {})).filter((miss) => miss?.kind === kind).length;
    expect(noShow).toBe(misses("no_show") + 1);
    expect(lateCancelled).toBe(misses("late_cancelled"));
    expect(excused).toBe(misses("cancelled"));
    expect(cancelled).toBe(1);
    expect(unreported).toBeGreaterThan(0);
    const series = (completed + noShow + lateCancelled + excused + unreported) / DEMO_TERM.pastWeeks;
    expect(series).toBeGreaterThanOrEqual(40);
    expect((await t.db.select({ total: count() }).from(sessionSeries).where(inWorkspace(sessionSeries)))[0]!.total).toBe(series);
    const now = new Date();
    const rows = await t.db
      .select({ status: tutoringSession.status, startsAt: tutoringSession.startsAt, endsAt: tutoringSession.endsAt })
      .from(tutoringSession)
      .where(and(inWorkspace(tutoringSession), notTrial));
    expect(rows.filter((row) => (row.status === "completed" || row.status === "no_show") && row.endsAt > seededAt)).toEqual([]);
    expect(rows.filter((row) => row.status === "scheduled" && row.endsAt < seededAt)).toHaveLength(unreported);
    const earliest = Math.min(...rows.map((row) => row.startsAt.getTime()));
    const latest = Math.max(...rows.map((row) => row.startsAt.getTime()));
    expect((now.getTime() - earliest) / 86_400_000).toBeGreaterThan(7 * (DEMO_TERM.pastWeeks - 1));
    expect((latest - now.getTime()) / 86_400_000).toBeGreaterThan(7 * (DEMO_TERM.futureWeeks - 1));
    // Every reported week but the latest is shared with the family; the latest waits as a draft.
    const summaries = await t.db
      .select({ status: sessionSummary.status, total: count() })
      .from(sessionSummary)
      .where(inWorkspace(sessionSummary))
      .groupBy(sessionSummary.status);
    expect(Object.fromEntries(summaries.map((row) => [row.status, row.total]))).toEqual({
      shared: summariesShared,
      draft: completed + noShow - summariesShared,
    });
    // Shared on the day of each session, as a real term would have them.
    const late = await t.db
      .execute(sql`select count(*)::int as n from session_summary m join tutoring_session s on s.organization_id = m.organization_id and s.id = m.session_id
      where m.organization_id = ${summary.organizationId} and m.shared_at is not null and m.shared_at - s.ends_at not between interval '0' and interval '1 day'`);
    expect(late.rows[0]).toEqual({ n: 0 });
  });

  it("files each report and shares each summary as the session's tutor, as the access log says", async () => {
    const tutorUser = sql`(select m.user_id from tutoring_session s join member m on m.organization_id = s.organization_id and m.id = s.tutor_member_id where s.organization_id = ${summary.organizationId} and s.id = (${auditLog.metadata} ->> 'sessionId')::uuid)`;
    const entries = await t.db
      .select({ action: auditLog.action, actorRole: auditLog.actorRole, byTutor: sql<boolean>`${auditLog.userId} = ${tutorUser}` })
      .from(auditLog)
      .where(and(inWorkspace(auditLog), sql`${auditLog.action} in ('SESSION_REPORT_FILED', 'SESSION_SUMMARY_SHARED')`));
    const { completed, noShow, summariesShared } = summary.sessions;
    expect(entries.filter((entry) => entry.action === "SESSION_REPORT_FILED")).toHaveLength(completed + noShow);
    expect(entries.filter((entry) => entry.action === "SESSION_SUMMARY_SHARED")).toHaveLength(summariesShared);
    expect(entries.filter((entry) => entry.actorRole !== "tutor" || !entry.byTutor)).toEqual([]);
    const filedBy = await t.db
      .select({
        byTutor: sql<boolean>`${sessionReport.filedByUserId} = (select m.user_id from tutoring_session s join member m on m.organization_id = s.organization_id and m.id = s.tutor_member_id where s.organization_id = session_report.organization_id and s.id = session_report.session_id)`,
      })
      .from(sessionReport)
      .where(inWorkspace(sessionReport));
    expect(filedBy.length).toBe(completed + noShow);
    expect(filedBy.every((row) => row.byTutor)).toBe(true);
  });

  it("lists accounts that sign in with the shared password and see their part", async () => {
    expect(summary.accounts.map((account) => account.role)).toEqual(expect.arrayContaining(["admin", "tutor", "parent", "student"]));
    const admin = await signIn(t, DEMO_ADMIN.email, DEMO_PASSWORD);
    expect((await admin.get("/api/admin/students?pageSize=1")).body.total).toBe(40 + summary.crm.convertedStudents);
    // The parents' open cancellation requests wait on the admin's dashboard.
    expect(summary.cancellationRequests).toBe(2);
    expect((await admin.get("/api/admin/cancellation-requests")).body.items.filter((item: { state: string }) => item.state === "requested")).toHaveLength(2);
    const parent = summary.accounts.find((account) => account.role === "parent" && account.note.includes(" and "))!;
    expect((await (await signIn(t, parent.email, DEMO_PASSWORD)).get("/api/parent/students")).body.items).toHaveLength(2);
    const pupil = summary.accounts.find((account) => account.role === "student")!;
    expect((await (await signIn(t, pupil.email, DEMO_PASSWORD)).get("/api/student/profile")).body.name).toBe(pupil.name);
    const tutor = summary.accounts.find((account) => account.role === "tutor")!;
    const tutorClient = await signIn(t, tutor.email, DEMO_PASSWORD);
    expect((await tutorClient.get("/api/tutor/students")).body.items.length).toBeGreaterThan(0);
    const week = new URLSearchParams({ from: new Date().toISOString(), to: new Date(Date.now() + 7 * 86_400_000).toISOString() });
    expect((await tutorClient.get(`/api/tutor/sessions?${week}`)).body.total).toBeGreaterThan(0);
    const pupilSessions = await (await signIn(t, pupil.email, DEMO_PASSWORD)).get(`/api/student/sessions?${week}`);
    expect(pupilSessions.status).toBe(200);
    expect(pupilSessions.body.total).toBeGreaterThan(0);
  });

  it("bills the term: packages sold and drawn down, a month's invoices (paid, one partly paid, one overdue), a credit note answering a question, one question open, a ledger that verifies", async () => {
    const { billing } = summary;
    expect(billing).toMatchObject({ packagesSold: 2, partlyPaid: 1, overdue: 1, creditNotes: 1, openDisputes: 1, attendanceCorrections: 1 });
    expect(billing.paid).toBeGreaterThan(3);
    const admin = await signIn(t, DEMO_ADMIN.email, DEMO_PASSWORD);
    const invoices = (await admin.get("/api/admin/billing/invoices?pageSize=100")).body.items as { state: string; overdue: boolean }[];
    const states = invoices.reduce<Record<string, number>>((counts, item) => ({ ...counts, [item.state]: (counts[item.state] ?? 0) + 1 }), {});
    expect(states.partly_paid).toBeGreaterThanOrEqual(1);
    expect(states.paid).toBeGreaterThanOrEqual(billing.paid);
    // Past due: the unpaid one, the one whose autopay card was declined, and the partly paid one for what is left.
    expect(invoices.filter((item) => item.overdue && item.state === "issued")).toHaveLength(2);
    expect(invoices.filter((item) => item.overdue && item.state === "partly_paid")).toHaveLength(1);
    // The package hours drawn by the sessions, and work after the month's invoices left to invoice.
    const hoursUsed = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from hour_movement where organization_id = ${summary.organizationId} and kind = 'use'`,
    );
    expect(hoursUsed.rows[0]!.n).toBeGreaterThan(0);
    const uninvoiced = (await admin.get("/api/admin/billing/uninvoiced")).body as { accounts: unknown[] };
    expect(uninvoiced.accounts.length).toBeGreaterThan(0);
    // Every ledger entry dated within the term, in the order written.
    const order = await t.db.execute(
      sql`select a.kind as before, a.created_at as before_at, b.kind as after, b.created_at as after_at from ledger_entry a join ledger_entry b on b.organization_id = a.organization_id and b.sequence = a.sequence + 1 where a.organization_id = ${summary.organizationId} and b.created_at < a.created_at`,
    );
    expect(order.rows).toEqual([]);
    // The attendance corrected after payment: its invoiced line credited by a credit note that undoes the charge.
    const undone = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ledger_entry where organization_id = ${summary.organizationId} and kind = 'credit_note' and reverses_entry_id is not null`,
    );
    expect(undone.rows[0]!.n).toBe(1);
    const verified = await admin.post("/api/admin/billing/ledger/verifications");
    expect(verified.status).toBeLessThan(300);
  });

  it("takes cards through the Stripe double: autopay charges one family and gives up on a declined card after two retries; an invoice and a package paid by card", async () => {
    expect(summary.cards).toEqual({ savedCards: 2, autopayCharged: 1, autopayDeclined: 3, invoicesPaidOnline: 1, packagesBoughtOnline: 1 });
    const tries = await t.db.execute<{ guardian: string; attempt: number; status: string; reason: string | null; retry: boolean }>(sql`
      select a.name as guardian, c.attempt, c.status, c.failure_reason as reason, c.retry_at is not null as retry
      from autopay_charge c join payer_account a on a.organization_id = c.organization_id and a.id = c.account_id
      where c.organization_id = ${summary.organizationId} order by a.name, c.attempt`);
    const [good, declined] = DEMO_CARDS.autopay.map((family) => `${family.guardian.split(" ").at(-1)} family`);
    expect(tries.rows.map(({ guardian, attempt, status, retry }) => ({ guardian, attempt, status, retry }))).toEqual([
      { guardian: declined, attempt: 1, status: "failed", retry: true },
      { guardian: declined, attempt: 2, status: "failed", retry: true },
      { guardian: declined, attempt: 3, status: "failed", retry: false },
      { guardian: good, attempt: 1, status: "charged", retry: false },
    ]);
    expect(tries.rows.find((row) => row.status === "failed")!.reason).toMatch(/declined/i);
    const online = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from payment where organization_id = ${summary.organizationId} and method = 'card_online'`,
    );
    expect(online.rows[0]!.n).toBe(3);
    // The families see their card and autopay; a notice before each charge and after each declined try.
    const kwame = await signIn(t, familyEmail(DEMO_CARDS.autopay[0].guardian), DEMO_PASSWORD);
    const accounts = (await kwame.get("/api/parent/billing")).body as { accounts: { id: string }[] };
    const card = await kwame.get(`/api/parent/billing/accounts/${accounts.accounts[0]!.id}/card`);
    expect(card.body).toMatchObject({ available: true, autopay: true, card: { last4: "4242" } });
    const notices = await t.db.execute<{ kind: string; n: number }>(
      sql`select kind, count(*)::int as n from billing_notice where organization_id = ${summary.organizationId} and kind like 'autopay%' group by kind order by kind`,
    );
    expect(notices.rows).toEqual([
      { kind: "autopay_failed", n: 3 },
      { kind: "autopay_upcoming", n: 2 },
    ]);
    // The package bought by card gives its hours to the child.
    const grants = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from hour_grant where organization_id = ${summary.organizationId}`);
    expect(grants.rows[0]!.n).toBe(summary.billing.packagesSold + 1);
  });

  it("scores every active student's health card from the term's sessions and reports: most on track, the stories' students to watch or act on for the reasons their term gives", async () => {
    const cards = await t.db
      .select({ name: student.name, band: studentHealth.band, score: studentHealth.score, reasons: studentHealth.reasons, figures: studentHealth.figures })
      .from(studentHealth)
      .innerJoin(student, and(eq(student.organizationId, studentHealth.organizationId), eq(student.id, studentHealth.studentId)))
      .where(inWorkspace(studentHealth));
    expect(cards).toHaveLength(37);
    // Each card holds the week-old snapshot the lists' week's change compares with.
    const trends = await t.db.select({ weekOldScore: studentHealth.weekOldScore }).from(studentHealth).where(inWorkspace(studentHealth));
    expect(trends.every((card) => card.weekOldScore !== null)).toBe(true);
    const inBand = (band: string) => cards.filter((card) => card.band === band);
    console.log(
      `Health cards: ${inBand("on_track").length} on track, ${inBand("watch").length} watch, ${inBand("act").length} act; ${cards
        .filter((card) => card.band !== "on_track")
        .map((card) => `${card.name} ${card.score} (${card.reasons.map((reason) => reason.rule).join(", ")})`)
        .join("; ")}`,
    );
    expect(inBand("on_track").length).toBeGreaterThanOrEqual(Math.floor(0.65 * cards.length));
    expect(inBand("watch").length).toBeGreaterThanOrEqual(1);
    expect(inBand("act").length).toBeGreaterThanOrEqual(1);
    for (const story of DEMO_HEALTH_STORIES) {
      const card = cards.find((candidate) => candidate.name === story.student);
      expect({ student: story.student, band: card?.band, rules: card?.reasons.map((reason) => reason.rule).sort() }).toEqual({
        student: story.student,
        band: story.expected.band,
        rules: [...story.expected.rules].sort(),
      });
    }
    // Everyone else is on track, but for the child whose attendance the tutor corrected after
    // payment when that no-show is 10% or more of their sessions (a single subject).
    const others = cards.filter((card) => card.band !== "on_track" && !DEMO_HEALTH_STORIES.some((story) => story.student === card.name));
    expect(others.length).toBeLessThanOrEqual(1);
    for (const card of others) {
      expect(card).toMatchObject({ band: "watch", figures: { noShows: 1, missed: 1 } });
      expect(card.reasons.map((reason) => reason.rule)).toContain("missedShare");
    }
  });

  it("holds the families' questions about the cards: one answered with a reason, one accepted (the absence excused, the card back on track), one open in the admin's Questions tab", async () => {
    expect(summary.healthQuestions).toEqual({ answered: 1, accepted: 1, open: 1 });
    const admin = await signIn(t, DEMO_ADMIN.email, DEMO_PASSWORD);
    const all = await admin.get<ContestList>("/api/admin/health/contests?state=all");
    expect(all.status).toBe(200);
    const byStudent = new Map(all.body.items.map((contest) => [contest.studentName, contest]));
    expect(all.body.items).toHaveLength(DEMO_HEALTH_QUESTIONS.length);
    for (const question of DEMO_HEALTH_QUESTIONS) {
      expect(byStudent.get(question.student)).toMatchObject({
        point: question.point,
        message: question.message,
        raisedByName: question.guardian,
        status: question.answer?.body.outcome ?? "open",
        answer: question.answer?.body.answer ?? null,
        answeredByName: question.answer ? DEMO_ADMIN.name : null,
      });
    }
    // The open one first, in the tab the admin answers from.
    const open = await admin.get<ContestList>("/api/admin/health/contests?state=open");
    expect(open.body.items.map((contest) => contest.studentName)).toEqual(
      DEMO_HEALTH_QUESTIONS.filter((question) => !question.answer).map((question) => question.student),
    );
    // The accepted absence is excused on the card (the attendance record and billing keep the no-show); the declined one is not.
    const accepted = DEMO_HEALTH_QUESTIONS.find((question) => question.answer?.body.outcome === "accepted")!;
    const excusals = await t.db
      .select({ contestId: healthExcusal.contestId, sessionId: healthExcusal.sessionId })
      .from(healthExcusal)
      .where(inWorkspace(healthExcusal));
    expect(excusals).toEqual([{ contestId: byStudent.get(accepted.student)!.id, sessionId: byStudent.get(accepted.student)!.sessionId }]);
    const [session] = await t.db
      .select({ status: tutoringSession.status })
      .from(tutoringSession)
      .where(and(inWorkspace(tutoringSession), eq(tutoringSession.id, excusals[0]!.sessionId)));
    expect(session!.status).toBe("no_show");
    const [card] = await t.db
      .select({ band: studentHealth.band, figures: studentHealth.figures })
      .from(studentHealth)
      .innerJoin(student, and(eq(student.organizationId, studentHealth.organizationId), eq(student.id, studentHealth.studentId)))
      .where(and(inWorkspace(studentHealth), eq(student.name, accepted.student)));
    expect(card).toMatchObject({ band: "on_track", figures: { missed: 0, excused: 1 } });
  });

  it("bills the sessions missed as the cancellation policy says: no-shows and late cancellations at their shares, cancellations in good time not at all", async () => {
    const [policy] = (
      await t.db.execute<{ late: number; noShow: number }>(sql`
        select late_cancellation_share_bps as late, no_show_share_bps as "noShow" from cancellation_policy_version
        where organization_id = ${summary.organizationId} order by version desc limit 1`)
    ).rows;
    const { rows } = await t.db.execute<{ status: string; minutes: number; billed: number }>(sql`
      select s.status, (extract(epoch from s.ends_at - s.starts_at) / 60)::int as minutes,
        (coalesce((select -sum(m.minutes) from hour_movement m where m.organization_id = s.organization_id and m.session_id = s.id), 0)
         + coalesce((select sum(e.minutes) from ledger_entry e where e.organization_id = s.organization_id and e.session_id = s.id and e.kind = 'session_charge'
                       and not exists (select 1 from ledger_entry r where r.organization_id = e.organization_id and r.reverses_entry_id = e.id)), 0))::int as billed
      from tutoring_session s
      where s.organization_id = ${summary.organizationId} and s.status in ('no_show', 'late_cancelled', 'cancelled')`);
    const share = { no_show: policy!.noShow, late_cancelled: policy!.late, cancelled: 0 } as Record<string, number>;
    expect(rows).toHaveLength(summary.sessions.noShow + summary.sessions.lateCancelled + summary.sessions.excused + summary.sessions.cancelled);
    expect(rows.filter((row) => row.billed !== Math.round((row.minutes * share[row.status]!) / 10_000))).toEqual([]);
  });

  it("pays the tutors for the term: fortnightly runs confirmed and paid, an adjustment, and this fortnight's run drafted with the correction paid back", async () => {
    const { pay } = summary;
    expect(pay.runsPaid).toBeGreaterThanOrEqual(2);
    expect(pay.adjustments).toBe(1);
    const admin = await signIn(t, DEMO_ADMIN.email, DEMO_PASSWORD);
    expect((await admin.get("/api/admin/pay/settings")).body).toMatchObject({ periodKind: "fortnightly", payOnlyWhenInvoicePaid: false });
    const runs = (await admin.get("/api/admin/pay/runs")).body.items as {
      id: string;
      status: string;
      periodFrom: string;
      periodTo: string;
      totalMinor: number;
      paidReference: string | null;
    }[];
    const paid = runs.filter((run) => run.status === "paid");
    expect(paid).toHaveLength(pay.runsPaid);
    expect(paid.every((run) => run.totalMinor > 0 && run.paidReference === `Payroll ${run.periodTo}`)).toBe(true);
    expect(runs.filter((run) => run.status === "confirmed")).toEqual([]);
    const drafts = runs.filter((run) => run.status === "draft");
    expect(drafts.map((run) => run.id)).toEqual([pay.draftRunId]);
    const today = new Date().toISOString().slice(0, 10);
    expect(drafts[0]!.periodFrom <= today && today <= drafts[0]!.periodTo).toBe(true);
    // This fortnight's draft: the travel adjustment, and the session re-marked after its run was paid, reversed and paid as a no-show.
    const draft = (await admin.get(`/api/admin/pay/runs/${pay.draftRunId}`)).body as {
      tutors: { tutorMemberId: string; lines: { kind: string; description: string }[] }[];
    };
    const lines = draft.tutors.flatMap((tutor) => tutor.lines);
    expect(lines.filter((line) => line.kind === "adjustment")).toHaveLength(1);
    expect(lines.filter((line) => line.kind === "reversal")).toHaveLength(1);
    // A tutor's statement shows lines paid by those runs, and sessions still waiting for their report.
    const adjusted = draft.tutors.find((tutor) => tutor.lines.some((line) => line.kind === "adjustment"))!;
    const statement = (await admin.get(`/api/admin/pay/tutors/${adjusted.tutorMemberId}/statement`)).body as {
      totals: { paidMinor: number; readyMinor: number };
      items: { state: string; pendingReason: string | null }[];
    };
    expect(statement.totals.paidMinor).toBeGreaterThan(0);
    expect(statement.items.some((item) => item.state === "paid")).toBe(true);
    // Every run dated within the term, in the order it was made: drafted and confirmed before being paid.
    const order = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pay_run where organization_id = ${summary.organizationId} and status = 'paid' and (confirmed_at is null or paid_on < (confirmed_at at time zone 'UTC')::date)`,
    );
    expect(order.rows[0]!.n).toBe(0);
  });

  it("shows a growth playbook mostly ticked from the demo's own data, with a step ticked by hand and one skipped with its reason", async () => {
    const admin = await signIn(t, DEMO_ADMIN.email, DEMO_PASSWORD);
    const playbook = (await admin.get<Playbook>("/api/admin/growth-playbook")).body;
    const state = Object.fromEntries(playbook.steps.map((step) => [step.key, step.state]));
    console.log(`Playbook: ${playbook.done} of ${playbook.total} done, ${playbook.skipped} skipped`);
    // The term's data: tutors with availability, packages sold, leads from the enquiry page and referrals, trials,
    // conversions, summaries shared, pay runs paid.
    for (const key of [
      "tutors-joined",
      "availability-set",
      "first-package",
      "enquiry-page-lead",
      "referral-lead",
      "first-trial",
      "first-conversion",
      "ten-summaries",
      "first-pay-run",
    ])
      expect(state[key], key).toBe("done");
    expect(state["tutor-check-ins"]).toBe("done");
    expect(state["reviews-asked"]).toBe("skipped");
  });

  it("fills the library: a handbook most tutors acknowledged, a parent guide, the cancellation policy some families acknowledged and billing cites", async () => {
    const { library } = summary;
    expect(library).toMatchObject({ resources: 6 });
    expect(library.familiesAcknowledged).toBeGreaterThan(0);
    expect(library.familiesAcknowledged).toBeLessThan(library.familiesAsked);
    const admin = await signIn(t, DEMO_ADMIN.email, DEMO_PASSWORD);
    const listed = await admin.get("/api/admin/resources?pageSize=50");
    expect(listed.body.items.map((item: { title: string }) => item.title).sort()).toEqual([
      "A guide for parents",
      "Cancellation policy",
      "GCSE Mathematics specification (AQA)",
      "Privacy notice",
      "Quadratics practice",
      "Tutor handbook",
    ]);
    const policy = await admin.get(`/api/admin/resources/${library.cancellationPolicyId}`);
    expect(policy.body).toMatchObject({
      citedByBilling: true,
      acknowledgements: { people: library.familiesAsked, acknowledged: library.familiesAcknowledged },
    });
    // Charges of the term cite the policy version in force, which cites the document.
    const { rows: cited } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ledger_entry e join cancellation_policy_version p on p.organization_id = e.organization_id and p.id = e.policy_version_id
          where e.organization_id = ${summary.organizationId} and p.document_resource_id = ${library.cancellationPolicyId}`,
    );
    expect(cited[0]!.n).toBeGreaterThan(0);
    // An invoice with a late cancellation names the policy's document and the family's acknowledgement, if any.
    const { rows: late } = await t.db.execute<{ invoiceId: string }>(
      sql`select invoice_id as "invoiceId" from invoice_line where organization_id = ${summary.organizationId} and attendance in ('late_cancelled', 'no_show') limit 1`,
    );
    expect(late.length).toBe(1);
    const invoice = await admin.get(`/api/admin/billing/invoices/${late[0]!.invoiceId}`);
    expect(invoice.body.policies[0].document).toMatchObject({ resourceId: library.cancellationPolicyId, title: "Cancellation policy", version: 1 });
  });

  it("fills the CRM: 30 leads over every stage and several sources, tasks (some overdue), trials (booked and with feedback) and conversions", async () => {
    const { crm } = summary;
    console.log(`CRM: ${JSON.stringify(crm)}`);
    expect(crm).toMatchObject({ leads: 30, trialsBooked: 8, trialsWithFeedback: 5, converted: 3, convertedStudents: 4 });
    expect(crm.byStage).toEqual({ New: 6, Contacted: 6, Consultation: 5, "Trial booked": 3, "Trial attended": 3, Won: 3, Lost: 4 });
    expect(crm.bySource).toEqual({ enquiry_page: 10, campaign: 5, referral: 6, phone: 5, walk_in: 2, other: 2 });
    expect(crm.tutorOwned).toBe(5);
    const org = summary.organizationId;
    // Made over the last eight weeks, each stage entered on its own day: varied time in stage. Whole
    // days ago, rounded down: the newest lead of today may be more than half a day old.
    const { rows: spread } = await t.db.execute<{ oldest: number; newest: number; entryDays: number; campaigns: number; lostWithReason: number }>(sql`
      select floor(max(extract(epoch from now() - created_at) / 86400))::int as oldest, floor(min(extract(epoch from now() - created_at) / 86400))::int as newest,
        count(distinct (stage_entered_at at time zone 'UTC')::date)::int as "entryDays",
        count(*) filter (where source = 'campaign' and utm ->> 'campaign' = 'autumn-open-day')::int as campaigns,
        count(*) filter (where lost_reason in ('Price', 'Timing or schedule', 'Chose another provider', 'No response'))::int as "lostWithReason"
      from lead where organization_id = ${org}`);
    expect(spread[0]!.oldest).toBeGreaterThanOrEqual(45);
    expect(spread[0]!.oldest).toBeLessThanOrEqual(60);
    expect(spread[0]!.newest).toBe(0);
    expect(spread[0]!.entryDays).toBeGreaterThanOrEqual(15);
    expect(spread[0]!.campaigns).toBeGreaterThanOrEqual(3);
    expect(spread[0]!.lostWithReason).toBe(4);
    // Timelines: calls, emails and notes logged along the way, each at its moment (never after the seed).
    const { rows: kinds } = await t.db.execute<{ kind: string; n: number }>(
      sql`select kind, count(*)::int as n from lead_activity where organization_id = ${org} and occurred_at <= now() group by kind`,
    );
    const byKind = Object.fromEntries(kinds.map((row) => [row.kind, row.n]));
    expect(byKind.call).toBeGreaterThanOrEqual(8);
    expect(byKind.email).toBeGreaterThanOrEqual(8);
    expect(byKind.note).toBeGreaterThanOrEqual(5);
    expect(byKind.trial).toBeGreaterThanOrEqual(13);
    // Tasks: the enquiries' first responses, mostly done; manual ones open for the admin and the tutors, some overdue, some due today.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date());
    const { rows: tasks } = await t.db.execute<{ kind: string; status: string; due: string; tutor: boolean }>(sql`
      select t.kind, t.status, to_char(t.due_on, 'YYYY-MM-DD') as due, m.role = 'tutor' as tutor
      from crm_task t join member m on m.id = t.assignee_member_id where t.organization_id = ${org}`);
    const firstResponses = tasks.filter((task) => task.kind === "first_response");
    expect(firstResponses).toHaveLength(15);
    expect(firstResponses.filter((task) => task.status === "done").length).toBeGreaterThanOrEqual(10);
    const openManual = tasks.filter((task) => task.kind === "manual" && task.status === "open");
    expect(openManual.filter((task) => task.due < today).length).toBeGreaterThanOrEqual(2);
    expect(openManual.filter((task) => task.due === today).length).toBeGreaterThanOrEqual(1);
    expect(openManual.filter((task) => task.due > today).length).toBeGreaterThanOrEqual(2);
    expect(openManual.filter((task) => task.tutor).length).toBeGreaterThanOrEqual(2);
    expect(crm.tasksOverdue).toBeGreaterThanOrEqual(2);
    expect(tasks.filter((task) => task.kind === "trial_follow_up")).toHaveLength(10);
    // Trials: three to come, scheduled within the tutor's week; five held, their feedback filed by the tutor who taught them.
    const { rows: trials } = await t.db.execute<{ status: string; future: boolean; feedback: boolean; byTutor: boolean | null }>(sql`
      select s.status, s.starts_at > now() as future, lt.feedback_at is not null as feedback, lt.feedback_by_user_id = m.user_id as "byTutor"
      from lead_trial lt join tutoring_session s on s.organization_id = lt.organization_id and s.id = lt.session_id
      join member m on m.id = lt.tutor_member_id where lt.organization_id = ${org}`);
    expect(trials.filter((trial) => trial.future && trial.status === "scheduled" && !trial.feedback)).toHaveLength(3);
    expect(trials.filter((trial) => !trial.future && trial.status === "completed" && trial.feedback && trial.byTutor)).toHaveLength(5);
    // Conversions: the won leads became students, family accounts, assignments and the guardians' invitations.
    const { rows: won } = await t.db.execute<{ leads: number; students: number; assignments: number; invitations: number }>(sql`
      select (select count(*)::int from lead where organization_id = ${org} and converted_at is not null) as leads,
        (select count(*)::int from lead_student where organization_id = ${org}) as students,
        (select count(*)::int from assignment a where a.organization_id = ${org} and a.student_id in (select student_id from lead_student where organization_id = ${org})) as assignments,
        (select count(*)::int from workspace_invitation i where i.organization_id = ${org} and i.status = 'pending' and i.student_id in (select student_id from lead_student where organization_id = ${org})) as invitations`);
    expect(won[0]).toEqual({ leads: 3, students: 4, assignments: 4, invitations: 3 });
    // A tutor's CRM shows their own leads and tasks only.
    const maya = await signIn(t, "maya.chen@brightpath.example", DEMO_PASSWORD);
    const mayaLeads = await maya.get("/api/tutor/crm/leads?pageSize=100");
    expect(mayaLeads.status).toBe(200);
    expect(mayaLeads.body.total).toBe(2);
    expect((await maya.get("/api/tutor/crm/tasks")).body.total).toBeGreaterThanOrEqual(1);
  });
});
