/**
 * Alerts: a rule that fires while a student is at watch or act opens one alert per student and
 * rule, never two; staff acknowledge, plan or dismiss it; it resolves itself when its
 * condition clears and says so. The billing and operational alerts use the same mechanism
 * with their own audiences. Each reader sees only their own students' alerts.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPackage, sellPackage, setBillingSettings } from "../../../../tests/package-factories.ts";
import { lessonMaker, reportLesson } from "../../../../tests/pay-factories.ts";
import { accountOfStudent, issuedInvoice, paymentBody, postPayment } from "../../../../tests/payment-factories.ts";
import { createSessionCast, type SessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import type { Alert } from "../../../shared/schemas/health-alerts.ts";
import { fixedClock } from "../../core/clock.ts";
import { healthAlert } from "../../db/alerts-schema.ts";
import { invoice } from "../../db/billing-schema.ts";
import { auditLog } from "../../db/schema.ts";
import { recomputeDueStudents } from "./due-job.ts";
import { recomputeStudents } from "./recompute.ts";
import { markUnreportedDue } from "./report-watch-job.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Students' records begin at the real time (student.created_at), so the clock starts there.
const clock = fixedClock(new Date());
let t: TestApp;
let cast: SessionCast;
let lessons: ReturnType<typeof lessonMaker>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  cast = await createSessionCast(t, { assignedFrom: "2020-01-01" });
  lessons = lessonMaker(cast.admin.client, clock, cast.tina.memberId);
}, 90_000);
afterAll(() => t?.close());

const recompute = (...studentIds: string[]) => recomputeStudents(t.deps.db, cast.admin.organizationId, studentIds, clock.now());
const storedAlerts = (studentId: string) => t.db.select().from(healthAlert).where(eq(healthAlert.studentId, studentId));
const listOf = async (client: SessionCast["admin"]["client"], path: string) => {
  const response = await client.get<{ items: Alert[]; total: number; live: number }>(path);
  expect(response.status, response.text).toBe(200);
  return response.body;
};
const liveKinds = async (client: SessionCast["admin"]["client"], path: string, studentId: string) =>
  (await listOf(client, `${path}?studentId=${studentId}`)).items.map((alert) => alert.kind).sort();

async function lesson(attendance: Record<string, "present" | "absent">): Promise<string> {
  const made = await lessons.make(Object.keys(attendance), 60);
  lessons.after(made);
  await reportLesson(cast.admin.client, made.id, attendance);
  return made.id;
}

let mayaSessions: string[] = [];

describe("a rule crossing", () => {
  it("opens one alert per student and rule, with the band as severity, and never a second while it stands", async () => {
    mayaSessions = [await lesson({ [cast.maya]: "present" }), await lesson({ [cast.maya]: "absent" }), await lesson({ [cast.maya]: "absent" })];
    await recompute(cast.maya);
    await recompute(cast.maya);
    const stored = await storedAlerts(cast.maya);
    expect(stored.map((alert) => alert.kind).sort()).toEqual(["consecutiveMisses", "dosage", "missedShare"]);
    for (const alert of stored) expect(alert).toMatchObject({ severity: "act", status: "open", familyVisible: true, clearedAt: null });
    expect(stored.find((alert) => alert.kind === "missedShare")!.title).toBe("Missed 2 of 3 sessions (67%) in the last 8 weeks: +35");
  });

  it("reaches admins, the assigned tutor and the guardian, and no one else", async () => {
    const admin = await listOf(cast.admin.client, "/api/admin/health/alerts");
    expect(admin.items.filter((alert) => alert.studentId === cast.maya)).toHaveLength(3);
    expect(admin.live).toBe(3);
    expect(await liveKinds(cast.tina.client, "/api/tutor/alerts", cast.maya)).toEqual(["consecutiveMisses", "dosage", "missedShare"]);
    expect(await liveKinds(cast.parent.client, "/api/parent/alerts", cast.maya)).toEqual(["consecutiveMisses", "dosage", "missedShare"]);
    expect((await listOf(cast.theo.client, "/api/tutor/alerts")).items).toEqual([]);
    expect((await listOf(cast.otherParent.client, "/api/parent/alerts")).items).toEqual([]);
    expect((await listOf(cast.otherAdmin.client, "/api/admin/health/alerts")).items).toEqual([]);
  });

  it("refuses a list filter that is not one", async () => {
    const response = await cast.admin.client.get("/api/admin/health/alerts?state=someday");
    expect(response.status).toBe(422);
    expect(response.body.error.issues[0].path).toEqual(["state"]);
  });
});

describe("staff act on an alert", () => {
  const alertOf = async (kind: string) => (await storedAlerts(cast.maya)).find((alert) => alert.kind === kind)!;

  it("acknowledge once, plan an action with a note and a date, dismiss with a reason; each audited", async () => {
    const missed = await alertOf("missedShare");
    const acknowledged = await cast.tina.client.patch(`/api/tutor/alerts/${missed.id}`, { status: "acknowledged" });
    expect(acknowledged.status, acknowledged.text).toBe(200);
    expect(acknowledged.body).toMatchObject({ status: "acknowledged", changedByName: "Tina Tutor" });
    expect((await cast.tina.client.patch(`/api/tutor/alerts/${missed.id}`, { status: "acknowledged" })).status).toBe(409);

    const noNote = await cast.admin.client.patch(`/api/admin/health/alerts/${missed.id}`, { status: "action_planned", note: " ", on: "2030-01-10" });
    expect(noNote.status).toBe(422);
    expect(noNote.body.error.issues[0].path).toEqual(["note"]);
    const badDate = await cast.admin.client.patch(`/api/admin/health/alerts/${missed.id}`, { status: "action_planned", note: "Call the family", on: "soon" });
    expect(badDate.status).toBe(422);
    expect(badDate.body.error.issues[0].path).toEqual(["on"]);
    const planned = await cast.admin.client.patch(`/api/admin/health/alerts/${missed.id}`, {
      status: "action_planned",
      note: "Call the family",
      on: "2030-01-10",
    });
    expect(planned.body).toMatchObject({ status: "action_planned", actionNote: "Call the family", actionOn: "2030-01-10" });

    const run = await alertOf("consecutiveMisses");
    const dismissed = await cast.admin.client.patch(`/api/admin/health/alerts/${run.id}`, { status: "dismissed", reason: "Away on a school trip" });
    expect(dismissed.body).toMatchObject({ status: "dismissed", dismissReason: "Away on a school trip" });
    expect((await cast.admin.client.patch(`/api/admin/health/alerts/${run.id}`, { status: "acknowledged" })).status).toBe(409);

    // The family sees the alert's state, not what staff wrote about it.
    const family = (await listOf(cast.parent.client, `/api/parent/alerts?studentId=${cast.maya}`)).items.find((alert) => alert.id === missed.id)!;
    expect(family).toMatchObject({ status: "action_planned", actionNote: null, actionOn: null, changedByName: null });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.studentId, cast.maya), eq(auditLog.action, "HEALTH_ALERT_UPDATED")));
    expect(entries.map((entry) => entry.description)).toEqual(
      expect.arrayContaining([
        "Tina Tutor acknowledged a learning alert",
        "Ada Admin planned an action on a learning alert",
        "Ada Admin dismissed a learning alert",
      ]),
    );
  });

  it("an alert outside the reader's students does not exist for them", async () => {
    const missed = await alertOf("missedShare");
    expect((await cast.theo.client.patch(`/api/tutor/alerts/${missed.id}`, { status: "dismissed", reason: "x" })).status).toBe(404);
    expect((await cast.otherAdmin.client.patch(`/api/admin/health/alerts/${missed.id}`, { status: "acknowledged" })).status).toBe(404);
    expect((await cast.admin.client.patch("/api/admin/health/alerts/not-an-id", { status: "acknowledged" })).status).toBe(404);
  });
});

describe("an alert resolves itself", () => {
  it("when its condition clears, saying so; a dismissed one clears without being resolved, and the rule can open it again later", async () => {
    for (const sessionId of mayaSessions) await reportLesson(cast.admin.client, sessionId, { [cast.maya]: "present" });
    await recompute(cast.maya);
    const stored = await storedAlerts(cast.maya);
    const missed = stored.find((alert) => alert.kind === "missedShare")!;
    expect(missed.status).toBe("resolved");
    expect(missed.resolution).toMatch(/^Resolved by itself on \d{4}-\d\d-\d\d: the student is back on track \(score 0\)\.$/);
    expect(stored.find((alert) => alert.kind === "consecutiveMisses")).toMatchObject({ status: "dismissed", clearedAt: clock.now() });
    expect((await listOf(cast.admin.client, `/api/admin/health/alerts?studentId=${cast.maya}`)).items).toEqual([]);
    expect((await listOf(cast.admin.client, `/api/admin/health/alerts?state=closed&studentId=${cast.maya}`)).items).toHaveLength(3);

    await lesson({ [cast.maya]: "absent" });
    await lesson({ [cast.maya]: "absent" });
    await recompute(cast.maya);
    const again = (await storedAlerts(cast.maya)).filter((alert) => alert.kind === "consecutiveMisses");
    expect(again.map((alert) => alert.status).sort()).toEqual(["dismissed", "open"]);
  });
});

describe("a report missing", () => {
  it("opens for staff 48 hours after the session ended, and resolves when the report is filed", async () => {
    const made = await lessons.make([cast.noah], 60);
    lessons.after(made);
    clock.advance(47 * HOUR);
    await recompute(cast.noah);
    expect(await storedAlerts(cast.noah)).toEqual([]);
    clock.advance(2 * HOUR);
    // The hourly watch marks Noah due as his session passes 48 hours unreported.
    expect(await markUnreportedDue(t.deps)).toEqual({ students: 1 });
    expect(await recomputeDueStudents(t.deps)).toEqual({ students: 1 });
    const [missing] = await storedAlerts(cast.noah);
    expect(missing).toMatchObject({
      kind: "reportMissing",
      severity: "watch",
      familyVisible: false,
      evidence: [{ sessionId: made.id, note: "no report filed" }],
    });
    expect(await liveKinds(cast.tina.client, "/api/tutor/alerts", cast.noah)).toEqual(["reportMissing"]);
    expect((await listOf(cast.otherParent.client, "/api/parent/alerts")).items).toEqual([]);

    await reportLesson(cast.admin.client, made.id, { [cast.noah]: "present" });
    await recompute(cast.noah);
    const [resolved] = await storedAlerts(cast.noah);
    expect(resolved).toMatchObject({ status: "resolved", resolution: expect.stringMatching(/the reports were filed\.$/) });
  });
});

describe("billing alerts", () => {
  it("hours below the low-balance mark, and an invoice two weeks overdue, reach admins and the family but not tutors; both resolve", async () => {
    const accountId = await accountOfStudent(t.db, cast.noah);
    await setBillingSettings(cast.admin.client, { allowCredit: true, lowBalanceMinutes: 120 });
    const product = await createPackage(cast.admin.client, { name: "Three hours", minutes: 180 });
    await sellPackage(cast.admin.client, accountId, { productId: product.id, studentId: cast.noah });
    await recompute(cast.noah);
    expect((await storedAlerts(cast.noah)).filter((alert) => alert.clearedAt === null)).toEqual([]);
    await lesson({ [cast.noah]: "present" });
    await lesson({ [cast.noah]: "present" });
    await recompute(cast.noah);
    const low = (await storedAlerts(cast.noah)).find((alert) => alert.kind === "hoursLow" && alert.clearedAt === null);
    expect(low).toMatchObject({ severity: "watch", familyVisible: true });
    expect(low!.title).toMatch(/^1 h of package hours left, below the 2 h mark/);

    const { number } = await issuedInvoice(t.db, { organizationId: cast.admin.organizationId, user: cast.admin.user }, accountId, 5_000, clock.now());
    clock.advance(50 * DAY);
    await recompute(cast.noah);
    const overdue = (await storedAlerts(cast.noah)).find((alert) => alert.kind === "invoiceOverdue" && alert.clearedAt === null);
    expect(overdue).toMatchObject({ severity: "act", familyVisible: true });
    // The package's invoice, issued on credit, is overdue too.
    expect(overdue!.title).toMatch(/^2 invoices overdue, the oldest INV-\S+ by \d+ days: \$\d/);
    expect(await liveKinds(cast.otherParent.client, "/api/parent/alerts", cast.noah)).toEqual(expect.arrayContaining(["hoursLow", "invoiceOverdue"]));
    expect(await liveKinds(cast.tina.client, "/api/tutor/alerts", cast.noah)).not.toContain("invoiceOverdue");
    expect(await liveKinds(cast.tina.client, "/api/tutor/alerts", cast.noah)).not.toContain("hoursLow");
    expect((await listOf(cast.admin.client, `/api/admin/health/alerts?topic=billing&studentId=${cast.noah}`)).items.map((alert) => alert.topic)).toEqual([
      "billing",
      "billing",
    ]);

    const card = await cast.otherParent.client.get(`/api/parent/students/${cast.noah}/health`);
    expect(card.body.figures.billing).toMatchObject({ lowBalanceMinutes: 120, minutesLeft: 60 });
    expect(card.body.figures.billing.overdueInvoices.map((invoice: { number: string }) => invoice.number)).toContain(number);
    expect((await cast.tina.client.get(`/api/tutor/students/${cast.noah}/health`)).body.figures.billing).toBeUndefined();

    const open = await t.db
      .select({ invoiceId: invoice.id, amountMinor: sql<number>`(${invoice.totalMinor} - ${invoice.paidMinor})::int` })
      .from(invoice)
      .where(and(eq(invoice.accountId, accountId), eq(invoice.status, "issued")));
    const allocations = open.map((row) => ({ invoiceId: row.invoiceId, amountMinor: row.amountMinor }));
    const amountMinor = allocations.reduce((sum, row) => sum + row.amountMinor, 0);
    const paid = await postPayment(cast.admin.client, paymentBody(accountId, { amountMinor, allocations, receivedOn: clock.now().toISOString().slice(0, 10) }));
    expect(paid.status, paid.text).toBe(201);
    await recompute(cast.noah);
    expect((await storedAlerts(cast.noah)).find((alert) => alert.kind === "invoiceOverdue")).toMatchObject({
      status: "resolved",
      resolution: expect.stringMatching(/no invoice is overdue any more\.$/),
    });
  });
});
