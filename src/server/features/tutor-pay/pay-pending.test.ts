import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { createPackage, sellPackage, setBillingSettings } from "../../../../tests/package-factories.ts";
import { draftPayRun, lessonMaker, reportLesson, setPaySettings, statementOf } from "../../../../tests/pay-factories.ts";
import { accountOfStudent, paymentBody, postPayment } from "../../../../tests/payment-factories.ts";
import { setTutorProfile } from "../../../../tests/people-factories.ts";
import { createSessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { fixedClock } from "../../core/clock.ts";

const clock = fixedClock(new Date("2026-11-02T08:00:00.000Z"));
let t: TestApp;
let admin: AdminFixture;
let tina: MemberFixture;
let maya: string;
let noah: string;
let lessons: ReturnType<typeof lessonMaker>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  ({ admin, tina, maya, noah } = await createSessionCast(t, { assignedFrom: "2020-01-01" }));
  await setTutorProfile(admin.client, tina.memberId, { payRateMinor: 3_000, chargeRateMinor: 6_000 });
  await setBillingSettings(admin.client, { allowCredit: true });
  await setPaySettings(admin.client, { payOnlyWhenInvoicePaid: true });
  lessons = lessonMaker(admin.client, clock, tina.memberId);
}, 90_000);
afterAll(() => t?.close());

const itemOf = async (sessionId: string) => (await statementOf(admin.client, tina.memberId)).items.find((item) => item.sessionId === sessionId)!;

describe("where sessions are paid only once their invoice is", () => {
  it("a session waits for its report, then for its invoice, then for the payment; hours from a package count as paid", async () => {
    // Noah's family bought hours: his lesson draws them, has no charge, and is payable at once.
    const product = await createPackage(admin.client, { name: "Ten hours", minutes: 600, priceMinor: 30_000, validDays: 90, scope: "student" });
    await sellPackage(admin.client, await accountOfStudent(t.db, noah), { productId: product.id, studentId: noah });
    const mayaLesson = await lessons.make([maya], 60);
    const noahLesson = await lessons.make([noah], 60);
    lessons.after(mayaLesson, noahLesson);
    expect(await itemOf(mayaLesson.id)).toMatchObject({ earningId: null, state: "pending", pendingReason: "report_missing", amountMinor: null, minutes: 60 });

    await reportLesson(admin.client, mayaLesson.id, { [maya]: "present" });
    expect(await itemOf(mayaLesson.id)).toMatchObject({ state: "pending", pendingReason: "uninvoiced", amountMinor: 3_000 });

    await reportLesson(admin.client, noahLesson.id, { [noah]: "present" });
    expect(await itemOf(noahLesson.id)).toMatchObject({ state: "ready", pendingReason: null, amountMinor: 3_000 });

    const account = await accountOfStudent(t.db, maya);
    const draft = await admin.client.post("/api/admin/billing/invoices", {
      accountId: account,
      periodFrom: "2026-11-01",
      periodTo: clock.now().toISOString().slice(0, 10),
    });
    expect(draft.status, draft.text).toBe(201);
    expect(await itemOf(mayaLesson.id)).toMatchObject({ state: "pending", pendingReason: "uninvoiced" });
    const issued = await admin.client.post(`/api/admin/billing/invoices/${draft.body.id}/issue`);
    expect(issued.status, issued.text).toBe(200);
    expect(await itemOf(mayaLesson.id)).toMatchObject({ state: "pending", pendingReason: "invoice_unpaid" });

    const run = await draftPayRun(admin.client, "2026-11-10");
    expect(run.tutors.flatMap((tutor) => tutor.lines.map((line) => line.sessionId))).toEqual([noahLesson.id]);
    const statement = await statementOf(admin.client, tina.memberId);
    expect(statement.totals).toMatchObject({ pendingMinor: 3_000, readyMinor: 3_000 });

    const paid = await postPayment(
      admin.client,
      paymentBody(account, { amountMinor: issued.body.totalMinor, allocations: [{ invoiceId: issued.body.id, amountMinor: issued.body.totalMinor }] }),
    );
    expect(paid.status, paid.text).toBe(201);
    expect(await itemOf(mayaLesson.id)).toMatchObject({ state: "ready", pendingReason: null });
    const redrafted = await draftPayRun(admin.client, "2026-11-10");
    expect(redrafted.tutors.flatMap((tutor) => tutor.lines.map((line) => line.sessionId)).sort()).toEqual([mayaLesson.id, noahLesson.id].sort());
  });

  it("pays from the session on when the setting is off", async () => {
    await setPaySettings(admin.client, { payOnlyWhenInvoicePaid: false });
    const lesson = await lessons.make([maya], 30);
    lessons.after(lesson);
    await reportLesson(admin.client, lesson.id, { [maya]: "present" });
    expect(await itemOf(lesson.id)).toMatchObject({ state: "ready", pendingReason: null, amountMinor: 1_500 });
  });
});
