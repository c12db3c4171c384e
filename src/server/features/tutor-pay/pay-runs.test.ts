import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "../../../../tests/db.ts";
import { type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { confirmPayRun, draftPayRun, lessonMaker, reportLesson, setPaySettings, statementOf } from "../../../../tests/pay-factories.ts";
import { setTutorProfile } from "../../../../tests/people-factories.ts";
import { createSessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { fixedClock } from "../../core/clock.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { PAY_RUN_CSV_COLUMNS } from "./pay-run-export.ts";

const clock = fixedClock(new Date("2026-11-02T08:00:00.000Z"));
let t: TestApp;
let admin: AdminFixture;
let tina: MemberFixture;
let maya: string;
let lessons: ReturnType<typeof lessonMaker>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  ({ admin, tina, maya } = await createSessionCast(t, { assignedFrom: "2020-01-01" }));
  await setTutorProfile(admin.client, tina.memberId, { payRateMinor: 3_000 });
  lessons = lessonMaker(admin.client, clock, tina.memberId);
}, 90_000);
afterAll(() => t?.close());

const adjust = (body: Record<string, unknown>) => admin.client.post(`/api/admin/pay/tutors/${tina.memberId}/adjustments`, body);

describe("adjustments", () => {
  it("add to (or take from) a tutor's pay with a reason; the same key again is the same adjustment; a reason and a bounded amount are required", async () => {
    const travel = await adjust({ category: "travel", amountMinor: 1_250, reason: "Bus to Maya's", earnedOn: "2026-11-02", idempotencyKey: "adjust-travel-1" });
    expect(travel.status, travel.text).toBe(201);
    expect(travel.body).toMatchObject({ kind: "adjustment", category: "travel", amountMinor: 1_250, description: "Travel: Bus to Maya's", currency: "USD" });
    const again = await adjust({ category: "travel", amountMinor: 1_250, reason: "Bus to Maya's", earnedOn: "2026-11-02", idempotencyKey: "adjust-travel-1" });
    expect(again.body.id).toBe(travel.body.id);
    const reused = await adjust({ category: "travel", amountMinor: 999, reason: "Bus to Maya's", earnedOn: "2026-11-02", idempotencyKey: "adjust-travel-1" });
    expect(reused.status).toBe(409);

    const correction = await adjust({
      category: "correction",
      amountMinor: -500,
      reason: "Overpaid in October",
      earnedOn: "2026-11-02",
      idempotencyKey: "adjust-fix-1",
    });
    expect(correction.status).toBe(201);
    for (const body of [
      { category: "training", amountMinor: 500, reason: "", earnedOn: "2026-11-02", idempotencyKey: "adjust-bad-1" },
      { category: "training", amountMinor: 0, reason: "Nothing", earnedOn: "2026-11-02", idempotencyKey: "adjust-bad-2" },
      { category: "training", amountMinor: 10_000_000_001, reason: "Too much", earnedOn: "2026-11-02", idempotencyKey: "adjust-bad-3" },
      { category: "bonus", amountMinor: 500, reason: "Unknown kind", earnedOn: "2026-11-02", idempotencyKey: "adjust-bad-4" },
    ]) {
      expect((await adjust(body)).status).toBe(422);
    }
    expect(
      (
        await admin.client.post(`/api/admin/pay/tutors/${admin.memberId}/adjustments`, {
          category: "travel",
          amountMinor: 1,
          reason: "Not a tutor",
          earnedOn: "2026-11-02",
          idempotencyKey: "adjust-admin-1",
        })
      ).status,
    ).toBe(404);
    expect((await auditEntries(t.db, { action: "PAY_ADJUSTMENT_ADDED", organizationId: admin.organizationId })).length).toBe(2);
  });
});

describe("a pay run", () => {
  it("is drafted with a line per ready earning up to its period's end, confirmed (locked), marked paid, and exported for payroll", async () => {
    const lesson = await lessons.make([maya], 60);
    lessons.after(lesson);
    await reportLesson(admin.client, lesson.id, { [maya]: "present" });

    const draft = await draftPayRun(admin.client, "2026-11-15");
    expect(draft).toMatchObject({ periodFrom: "2026-11-01", periodTo: "2026-11-30", status: "draft", tutorCount: 1, totalMinor: 3_000 + 1_250 - 500 });
    expect(draft.tutors[0]!.lines.map((line) => [line.kind, line.amountMinor]).sort()).toEqual(
      [
        ["adjustment", -500],
        ["adjustment", 1_250],
        ["session", 3_000],
      ].sort(),
    );
    // Drafting again replaces the draft: one draft at a time.
    const redrafted = await draftPayRun(admin.client, "2026-11-03");
    expect((await admin.client.get(`/api/admin/pay/runs/${draft.id}`)).status).toBe(404);
    expect((await admin.client.get("/api/admin/pay/runs")).body.items.map((run: { id: string }) => run.id)).toEqual([redrafted.id]);

    expect((await admin.client.post(`/api/admin/pay/runs/${redrafted.id}/paid`, { paidOn: "2026-11-02", reference: "BACS-1" })).status).toBe(409);
    const confirmed = await confirmPayRun(admin.client, redrafted.id);
    expect(confirmed).toMatchObject({ status: "confirmed", totalMinor: 3_750 });
    expect((await admin.client.post(`/api/admin/pay/runs/${redrafted.id}/confirm`)).status).toBe(409);
    expect((await admin.client.post("/api/admin/pay/runs", { date: "2026-11-20" })).status).toBe(409);

    const statement = await statementOf(admin.client, tina.memberId);
    expect(statement.items.find((item) => item.sessionId === lesson.id)).toMatchObject({
      state: "confirmed",
      payRunId: redrafted.id,
      payRunPeriodTo: "2026-11-30",
    });
    expect(statement.totals).toMatchObject({ confirmedMinor: 3_750, readyMinor: 0, paidMinor: 0 });

    expect((await admin.client.post(`/api/admin/pay/runs/${redrafted.id}/paid`, { paidOn: "2026-12-01", reference: "BACS-1" })).status).toBe(422);
    const paid = await admin.client.post(`/api/admin/pay/runs/${redrafted.id}/paid`, { paidOn: "2026-11-02", reference: "BACS-1" });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toMatchObject({ status: "paid", paidOn: "2026-11-02", paidReference: "BACS-1" });
    expect((await statementOf(admin.client, tina.memberId)).totals).toMatchObject({ paidMinor: 3_750, confirmedMinor: 0 });

    const csv = await admin.client.get(`/api/admin/pay/runs/${redrafted.id}/export.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = csv.text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(PAY_RUN_CSV_COLUMNS.join(","));
    expect(PAY_RUN_CSV_COLUMNS).toEqual([
      "Period from",
      "Period to",
      "Run status",
      "Tutor",
      "Tutor member id",
      "Date",
      "Kind",
      "Description",
      "Minutes",
      "Hourly rate",
      "Share %",
      "Amount",
      "Currency",
      "Paid on",
      "Reference",
    ]);
    expect(lines.slice(1).sort()).toEqual(
      [
        `2026-11-01,2026-11-30,paid,Tina Tutor,${tina.memberId},2026-11-03,session,"Mathematics session of Tue 3 Nov 2026, 1 h",60,30.00,100,30.00,USD,2026-11-02,BACS-1`,
        `2026-11-01,2026-11-30,paid,Tina Tutor,${tina.memberId},2026-11-02,adjustment,Travel: Bus to Maya's,,,,12.50,USD,2026-11-02,BACS-1`,
        `2026-11-01,2026-11-30,paid,Tina Tutor,${tina.memberId},2026-11-02,adjustment,Correction: Overpaid in October,,,,-5.00,USD,2026-11-02,BACS-1`,
      ].sort(),
    );
    for (const action of ["PAY_RUN_DRAFTED", "PAY_RUN_CONFIRMED", "PAY_RUN_PAID", "PAY_RUN_EXPORTED"]) {
      expect((await auditEntries(t.db, { action, organizationId: admin.organizationId })).length, action).toBeGreaterThan(0);
    }
  });

  it("once confirmed is frozen: PostgreSQL refuses a change of it or its lines, for every role", async () => {
    const [run] = (await admin.client.get("/api/admin/pay/runs")).body.items;
    for (const statement of [
      sql`update pay_run set total_minor = 1 where id = ${run.id}`,
      sql`delete from pay_run where id = ${run.id}`,
      sql`update pay_run_line set amount_minor = 1 where pay_run_id = ${run.id}`,
      sql`delete from pay_run_line where pay_run_id = ${run.id}`,
    ]) {
      await expect(t.db.execute(statement)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/confirmed pay run .* cannot/) } });
    }
  });

  it("earnings are append-only: the application's role may not change or delete one", async () => {
    for (const statement of [sql`update tutor_earning set amount_minor = 1`, sql`delete from tutor_earning`]) {
      await expect(withWorkspace(t.deps.db, admin.organizationId, (tx) => tx.execute(statement))).rejects.toMatchObject({
        cause: { message: expect.stringMatching(/permission denied for table tutor_earning/) },
      });
    }
  });

  it("a session re-marked after its run was confirmed is corrected in the next run by a reversing line", async () => {
    await setPaySettings(admin.client, { periodKind: "weekly", periodAnchorOn: "2026-11-02" });
    const [paidRun] = (await admin.client.get("/api/admin/pay/runs")).body.items;
    const paidRunDetail = (await admin.client.get(`/api/admin/pay/runs/${paidRun.id}`)).body;
    const sessionLine = paidRunDetail.tutors[0].lines.find((line: { kind: string }) => line.kind === "session");
    await reportLesson(admin.client, sessionLine.sessionId, { [maya]: "absent" });

    const next = await draftPayRun(admin.client, "2026-12-07");
    expect(next).toMatchObject({ periodFrom: "2026-12-07", periodTo: "2026-12-13" });
    expect(next.tutors[0]!.lines.map((line) => [line.kind, line.amountMinor, line.sessionId]).sort()).toEqual(
      [
        ["reversal", -3_000, sessionLine.sessionId],
        ["session", 3_000, sessionLine.sessionId],
      ].sort(),
    );
    // The confirmed run still holds the first earning as it was.
    expect((await admin.client.get(`/api/admin/pay/runs/${paidRun.id}`)).body).toEqual(paidRunDetail);
  });
});
