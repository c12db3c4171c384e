import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { createPackage, sellPackage, setBillingSettings } from "../../../../tests/package-factories.ts";
import { accountOfStudent } from "../../../../tests/payment-factories.ts";
import { assignTutor, createSession, createStudent, setTutorProfile } from "../../../../tests/people-factories.ts";
import { createSessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import type { PackageScope } from "../../../shared/billing-states.ts";
import type { HoursSummary } from "../../../shared/schemas/billing-packages.ts";
import { fixedClock } from "../../core/clock.ts";
import { billingNotice, hourGrant, hourMovement } from "../../db/billing-schema.ts";
import { expireHours } from "./hours-expiry-job.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const clock = fixedClock(new Date("2026-11-02T08:00:00.000Z"));
let t: TestApp;
let admin: AdminFixture;
let otherAdmin: AdminFixture;
let tina: MemberFixture;
let parent: MemberFixture;
let pupil: MemberFixture;

beforeAll(async () => {
  t = await createTestApp({ clock });
  ({ admin, otherAdmin, tina, parent, pupil } = await createSessionCast(t, { assignedFrom: "2020-01-01" }));
  await setTutorProfile(admin.client, tina.memberId, { chargeRateMinor: 6_000 });
  await setBillingSettings(admin.client, { allowCredit: true });
}, 90_000);
afterAll(() => t?.close());

async function newStudent(name: string, account?: string): Promise<{ id: string; account: string }> {
  const { id } = await createStudent(admin.client, { name });
  await assignTutor(admin.client, { tutorMemberId: tina.memberId, studentId: id, startsOn: "2020-01-01" });
  const own = await accountOfStudent(t.db, id);
  // A sibling: the admin merges the new student's own account into the family's.
  if (account) {
    const merged = await admin.client.post(`/api/admin/billing/accounts/${own}/merge`, { intoAccountId: account });
    expect(merged.status, merged.text).toBe(200);
  }
  return { id, account: account ?? own };
}

async function hours(person: { id: string; account: string }, minutes: number, validDays: number, scope: PackageScope = "student"): Promise<string> {
  const product = await createPackage(admin.client, { name: `${minutes / 60} hours`, minutes, priceMinor: minutes * 50, validDays, scope });
  const purchase = await sellPackage(admin.client, person.account, { productId: product.id, studentId: scope === "student" ? person.id : null });
  const [grant] = await t.db.select().from(hourGrant).where(eq(hourGrant.purchaseId, purchase.id));
  return grant!.id;
}

/** One-hour sessions of Tina's on the given UTC days at 10:00 (and 14:00 for a second student), one student each. */
async function weekly(studentId: string, days: string[], at = "10:00") {
  for (const day of days) {
    const end = `${String(Number(at.slice(0, 2)) + 1).padStart(2, "0")}:00`;
    await createSession(admin.client, {
      tutorMemberId: tina.memberId,
      studentIds: [studentId],
      startsAt: `${day}T${at}`,
      endsAt: `${day}T${end}`,
      timeZone: "UTC",
    });
  }
}

describe("an account's hours", () => {
  it("per student and the family pool: grants with remaining minutes and expiry, and the projected run-out date", async () => {
    const ava = await newStudent("Ava Hours");
    const ben = await newStudent("Ben Hours", ava.account);
    const avaGrant = await hours(ava, 120, 30);
    const familyGrant = await hours(ava, 60, 60, "family");
    // Ava: two hours of her own, then the family's hour: her fourth session is short.
    await weekly(ava.id, ["2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06"]);
    // Ben has no hours of his own; the family's are drawn by Ava's third session first.
    await weekly(ben.id, ["2026-11-10"], "14:00");

    const res = await admin.client.get<HoursSummary>(`/api/admin/billing/accounts/${ava.account}/hours`);
    expect(res.status).toBe(200);
    expect(res.body.accountId).toBe(ava.account);
    const [avaPool, benPool, familyPool] = res.body.pools;
    expect(avaPool).toMatchObject({ studentId: ava.id, studentName: "Ava Hours", remainingMinutes: 120, runsOutOn: "2026-11-06" });
    expect(avaPool!.grants).toEqual([
      {
        grantId: avaGrant,
        purchaseId: expect.any(String),
        name: "2 hours",
        minutes: 120,
        remainingMinutes: 120,
        startsAt: clock.now().toISOString(),
        expiresAt: new Date(clock.now().getTime() + 30 * DAY).toISOString(),
      },
    ]);
    expect(benPool).toMatchObject({ studentId: ben.id, grants: [], remainingMinutes: 0, runsOutOn: null });
    expect(familyPool).toMatchObject({ studentId: null, studentName: null, remainingMinutes: 60, runsOutOn: "2026-11-06" });
    expect(familyPool!.grants.map((grant) => grant.grantId)).toEqual([familyGrant]);
  });

  it("has no run-out date when the hours outlast the scheduled sessions", async () => {
    const cal = await newStudent("Cal Plenty");
    await hours(cal, 600, 90);
    await weekly(cal.id, ["2026-11-12"], "16:00");
    const res = await admin.client.get<HoursSummary>(`/api/admin/billing/accounts/${cal.account}/hours`);
    expect(res.body.pools).toEqual([expect.objectContaining({ studentId: cal.id, remainingMinutes: 600, runsOutOn: null })]);
  });

  it("answers 404 outside the workspace and refuses tutors, parents and students", async () => {
    const dee = await newStudent("Dee Private");
    expect((await otherAdmin.client.get(`/api/admin/billing/accounts/${dee.account}/hours`)).status).toBe(404);
    expect((await admin.client.get("/api/admin/billing/accounts/not-an-id/hours")).status).toBe(404);
    for (const member of [tina, parent, pupil]) expect((await member.client.get(`/api/admin/billing/accounts/${dee.account}/hours`)).status).toBe(403);
  });
});

describe("the hours expiry job", () => {
  it("warns once before expiry, then books the minutes left when the grant expires, once", async () => {
    const eve = await newStudent("Eve Expiry");
    const grant = await hours(eve, 90, 20);
    const notices = () =>
      t.db
        .select()
        .from(billingNotice)
        .where(and(eq(billingNotice.accountId, eve.account), eq(billingNotice.kind, "hours_expiring")));
    const movements = () => t.db.select().from(hourMovement).where(eq(hourMovement.grantId, grant));

    // 20 days valid, warned 14 days ahead (the default): nothing yet on day 5.
    clock.advance(5 * DAY);
    await expireHours(t.deps);
    expect(await notices()).toEqual([]);

    clock.advance(2 * DAY);
    await Promise.all([expireHours(t.deps), expireHours(t.deps)]);
    const warned = await notices();
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({ dedupeKey: `expiring:${grant}` });
    expect(warned[0]!.text).toBe("1 h 30 min of Eve Expiry's package hours (1.5 hours) expire on 2026-11-22.");

    clock.advance(14 * DAY);
    await Promise.all([expireHours(t.deps), expireHours(t.deps)]);
    await expireHours(t.deps);
    expect((await movements()).map((move) => [move.kind, move.minutes, move.causeKey])).toEqual([["expiry", -90, `expiry:${grant}`]]);
    expect(await notices()).toHaveLength(1);
    const res = await admin.client.get<HoursSummary>(`/api/admin/billing/accounts/${eve.account}/hours`);
    expect(res.body.pools).toEqual([expect.objectContaining({ studentId: eve.id, grants: [], remainingMinutes: 0 })]);
  });
});
