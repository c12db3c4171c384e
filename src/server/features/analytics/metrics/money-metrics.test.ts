import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { figureOf, rowsOf, scopeFor } from "../../../../../tests/analytics-fixture.ts";
import type { ApiClient } from "../../../../../tests/client.ts";
import { draftFees, issue } from "../../../../../tests/invoice-factories.ts";
import { createPackage, sellPackage } from "../../../../../tests/package-factories.ts";
import { accountOfStudent, paymentBody, postPayment, postRefund } from "../../../../../tests/payment-factories.ts";
import { createSession, createStudent, setTutorProfile } from "../../../../../tests/people-factories.ts";
import { createSessionCast, type SessionCast } from "../../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../../tests/setup/test-app.ts";
import type { Chart } from "../../../../shared/schemas/analytics.ts";
import { fixedClock } from "../../../core/clock.ts";
import { ledgerEntry } from "../../../db/billing-schema.ts";
import type { Metric, MetricScope } from "../metric.ts";
import { hoursBoughtAndUsed } from "./hours-bought-and-used.ts";
import { MONEY_METRICS } from "./money.ts";
import { packageSales } from "./package-sales.ts";
import { prepaidHoursOutstanding } from "./prepaid-hours-outstanding.ts";
import { revenueCollected } from "./revenue-collected.ts";
import { revenueInvoiced } from "./revenue-invoiced.ts";
import { revenueOutstanding } from "./revenue-outstanding.ts";
import { revenuePerStudent } from "./revenue-per-student.ts";

/*
 * One workspace in London (BST to 25 October, GMT after), built through the billing API on a
 * fixed clock, in the order things happen. Maya's family (account M), Noah's (N), Zoe's (Z):
 *
 *   10 Aug    H  invoice M 6,000 (due 24 Aug)
 *    1 Oct 22:30Z (23:30 BST, 1 Oct)  payment M 1,000 → H
 *    1 Oct 23:30Z (00:30 BST, 2 Oct)  A  invoice M 10,000
 *   20 Oct    payment M 10,000 → A; Maya's session of 20 Oct reported (charged, no hours)
 *   25 Oct    Trial hour (free, 60 min for the family, 10 days) sold to N: hours at once
 *    1 Nov 00:30Z  B  invoice N 20,000
 *    5 Nov    C  invoice M 15,000 (due 19 Nov)
 *    8 Nov    Five hours sold to Z: invoice 25,000 (due 22 Nov), never paid
 *    9 Nov    Five hours sold to N: invoice D 25,000, voided on 10 Nov (the sale cancelled)
 *   10 Nov    credit note M 3,000 against C
 *   15 Nov    payment N 20,000 → B;  16 Nov payment N 3,000 unallocated;  18 Nov refund 2,000 of it
 *   20 Nov    Ten hours (600 min for Maya) sold to M: invoice G 45,000;  21 Nov paid (hours from then)
 *   23 Nov    Maya 60 min from hours;  24 Nov Noah 60 min charged;  25 Nov payment M 5,000 → C
 *   26 Nov    Maya 90 min from hours
 *   30 Nov 23:30Z  E  invoice M 4,000 (due 14 Dec)
 *    1 Dec    invoice M 9,999;  2 Dec payment M 4,000 → E;  3 Dec Maya 60 min from hours
 */
const clock = fixedClock(new Date("2026-08-10T09:00:00.000Z"));
let t: TestApp;
let cast: SessionCast;
let org: string;
let admin: ApiClient;
const account = { maya: "", noah: "", zoe: "" };
const number: Record<string, string> = {};
const invoiceId: Record<string, string> = {};
let creditNoteNumber = "";

const at = (instant: string) => clock.set(new Date(instant));
const ok = (what: string, response: { status: number; text: string }, ...statuses: number[]) => {
  if (!statuses.includes(response.status)) throw new Error(`${what}: ${response.status} ${response.text}`);
};

async function invoice(name: string, accountId: string, amountMinor: number, instant: string) {
  at(instant);
  const issued = await issue(admin, await draftFees(admin, accountId, [{ description: `Fee ${name}`, amountMinor }]));
  number[name] = issued.number as string;
  invoiceId[name] = issued.id as string;
}

async function pay(accountId: string, amountMinor: number, instant: string, allocateTo?: string): Promise<string> {
  at(instant);
  const allocations = allocateTo ? [{ invoiceId: invoiceId[allocateTo]!, amountMinor }] : [];
  const response = await postPayment(admin, paymentBody(accountId, { amountMinor, receivedOn: instant.slice(0, 10), allocations }));
  ok("Recording a payment", response, 201);
  return response.body.id as string;
}

async function lesson(studentId: string, start: string, minutes: number): Promise<{ id: string; studentId: string; end: Date }> {
  const end = new Date(Date.parse(`${start}:00Z`) + minutes * 60_000);
  const batch = await createSession(admin, {
    tutorMemberId: cast.tina.memberId,
    studentIds: [studentId],
    startsAt: start,
    endsAt: end.toISOString().slice(0, 16),
    timeZone: "UTC",
  });
  return { id: batch.items[0]!.id, studentId, end };
}

async function report(session: { id: string; studentId: string; end: Date }) {
  clock.set(new Date(session.end.getTime() + 60 * 60_000));
  const students = [{ studentId: session.studentId, attendance: "present", previousHomework: "none_set", understanding: 4, engagement: 4 }];
  ok("Filing a report", await cast.tina.client.put(`/api/tutor/sessions/${session.id}/report`, { topics: "Fractions", students }), 200);
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  cast = await createSessionCast(t, { assignedFrom: "2020-01-01" });
  org = cast.admin.organizationId;
  admin = cast.admin.client;
  await setTutorProfile(admin, cast.tina.memberId, { chargeRateMinor: 6_000 });
  const zoe = await createStudent(admin, { name: "Zoe Park" });
  account.maya = await accountOfStudent(t.db, cast.maya);
  account.noah = await accountOfStudent(t.db, cast.noah);
  account.zoe = await accountOfStudent(t.db, zoe.id);
  const tenHours = await createPackage(admin, { name: "Ten hours", minutes: 600, priceMinor: 45_000, validDays: 180, scope: "student" });
  const fiveHours = await createPackage(admin, { name: "Five hours", minutes: 300, priceMinor: 25_000, validDays: 90, scope: "family" });
  const trialHour = await createPackage(admin, { name: "Trial hour", minutes: 60, priceMinor: 0, validDays: 10, scope: "family" });

  await invoice("H", account.maya, 6_000, "2026-08-10T10:00:00Z");
  await pay(account.maya, 1_000, "2026-10-01T22:30:00Z", "H");
  await invoice("A", account.maya, 10_000, "2026-10-01T23:30:00Z");
  at("2026-10-19T09:00:00Z");
  const october = await lesson(cast.maya, "2026-10-20T10:00", 60);
  await pay(account.maya, 10_000, "2026-10-20T09:00:00Z", "A");
  await report(october);
  at("2026-10-25T12:00:00Z");
  await sellPackage(admin, account.noah, { productId: trialHour.id });
  await invoice("B", account.noah, 20_000, "2026-11-01T00:30:00Z");
  await invoice("C", account.maya, 15_000, "2026-11-05T10:00:00Z");
  at("2026-11-08T10:00:00Z");
  await sellPackage(admin, account.zoe, { productId: fiveHours.id });
  at("2026-11-09T10:00:00Z");
  const cancelled = await sellPackage(admin, account.noah, { productId: fiveHours.id });
  invoiceId.D = cancelled.invoiceId!;
  at("2026-11-10T10:00:00Z");
  ok("Voiding D", await admin.post(`/api/admin/billing/invoices/${invoiceId.D}/void`, { reason: "Sold by mistake" }), 200);
  const note = await admin.post("/api/admin/billing/credit-notes", {
    accountId: account.maya,
    invoiceId: invoiceId.C,
    reason: "One lesson was shorter",
    lines: [{ description: "Shorter lesson", amountMinor: 3_000 }],
    idempotencyKey: "credit-c",
  });
  ok("Crediting C", note, 201);
  creditNoteNumber = note.body.number as string;
  await pay(account.noah, 20_000, "2026-11-15T10:00:00Z", "B");
  const unallocated = await pay(account.noah, 3_000, "2026-11-16T10:00:00Z");
  at("2026-11-18T10:00:00Z");
  ok("Refunding", await postRefund(admin, unallocated, { amountMinor: 2_000, refundedOn: "2026-11-18", reason: "Paid twice" }), 201);
  at("2026-11-20T10:00:00Z");
  const sale = await sellPackage(admin, account.maya, { productId: tenHours.id, studentId: cast.maya });
  invoiceId.G = sale.invoiceId!;
  await pay(account.maya, 45_000, "2026-11-21T10:00:00Z", "G");
  const first = await lesson(cast.maya, "2026-11-23T10:00", 60);
  const noahs = await lesson(cast.noah, "2026-11-24T10:00", 60);
  const second = await lesson(cast.maya, "2026-11-26T10:00", 90);
  const december = await lesson(cast.maya, "2026-12-03T10:00", 60);
  await report(first);
  await report(noahs);
  await pay(account.maya, 5_000, "2026-11-25T10:00:00Z", "C");
  await report(second);
  await invoice("E", account.maya, 4_000, "2026-11-30T23:30:00Z");
  await invoice("E2", account.maya, 9_999, "2026-12-01T00:30:00Z");
  await pay(account.maya, 4_000, "2026-12-02T10:00:00Z", "E");
  await report(december);

  // Another workspace's money never counts.
  const otherStudent = await createStudent(cast.otherAdmin.client, { name: "Olivia Other" });
  at("2026-11-10T12:00:00Z");
  await issue(
    cast.otherAdmin.client,
    await draftFees(cast.otherAdmin.client, await accountOfStudent(t.db, otherStudent.id), [{ description: "Elsewhere", amountMinor: 99_999 }]),
  );
  await postPayment(cast.otherAdmin.client, paymentBody(await accountOfStudent(t.db, otherStudent.id), { amountMinor: 77_777, receivedOn: "2026-11-10" }));
  at("2026-12-04T09:00:00Z");
}, 120_000);
afterAll(() => t?.close());

const NOVEMBER = ["2026-11-01", "2026-11-30"] as const;
const OCTOBER = ["2026-10-02", "2026-10-31"] as const; // November's previous period: the 30 days before it
const EMPTY = ["2025-01-01", "2025-01-31"] as const;

const figure = (metric: Metric, range: readonly [string, string], scope: MetricScope = scopeFor(org)) => figureOf(t, metric, scope, range[0], range[1]);
const rows = (metric: Metric, range: readonly [string, string], scope: MetricScope = scopeFor(org)) => rowsOf(t, metric, scope, range[0], range[1]);

/** The labels of a month's day-by-day chart, from `from` on, `days` of them. */
const daysFrom = (from: string, days: number) =>
  Array.from({ length: days }, (_, index) => new Date(Date.parse(`${from}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10));
/** A day-by-day series: the values given, null elsewhere. */
const daily = (labels: string[], values: Record<string, number>) => labels.map((label) => values[label] ?? null);
const sumOf = (values: readonly (number | string | null | undefined)[]) => values.reduce<number>((sum, value) => sum + Number(value ?? 0), 0);
const exact = (chart: Chart | null) => chart?.series.every((series) => series.values.every((value) => value === null || Number.isSafeInteger(value))) ?? true;

describe("revenue invoiced", () => {
  it("adds the invoices issued in the period, by the workspace's day, less its credit notes; a void invoice never counts", async () => {
    const result = await figure(revenueInvoiced, NOVEMBER);
    expect(result.value).toBe(20_000 + 15_000 + 25_000 + 45_000 + 4_000 - 3_000);
    const labels = daysFrom("2026-11-01", 30);
    expect(result.chart).toEqual({
      kind: "time",
      labelHeading: "Day",
      labels,
      series: [
        {
          name: "Invoiced",
          unit: "money",
          values: daily(labels, {
            "2026-11-01": 20_000,
            "2026-11-05": 15_000,
            "2026-11-08": 25_000,
            "2026-11-10": -3_000,
            "2026-11-20": 45_000,
            "2026-11-30": 4_000,
          }),
        },
      ],
    });
    expect(exact(result.chart)).toBe(true);
    // 1 October 23:30 UTC is 2 October in London: A is in the previous period.
    expect((await figure(revenueInvoiced, OCTOBER)).value).toBe(10_000);
    const empty = await figure(revenueInvoiced, EMPTY);
    expect(empty.value).toBe(0);
    expect(empty.chart!.series[0]!.values).toEqual(Array(31).fill(null));
  });

  it("lists the invoices and credit notes behind it, newest first, adding up to the figure", async () => {
    const { rows: listed, total } = await rows(revenueInvoiced, NOVEMBER);
    expect(total).toBe(6);
    expect(listed.map((row) => row.cells)).toEqual([
      { date: "2026-11-30", number: number.E, document: "Invoice", family: "Maya Lopez", amount: 4_000 },
      { date: "2026-11-20", number: expect.any(String), document: "Invoice", family: "Maya Lopez", amount: 45_000 },
      { date: "2026-11-10", number: creditNoteNumber, document: "Credit note", family: "Maya Lopez", amount: -3_000 },
      { date: "2026-11-08", number: expect.any(String), document: "Invoice", family: "Zoe Park", amount: 25_000 },
      { date: "2026-11-05", number: number.C, document: "Invoice", family: "Maya Lopez", amount: 15_000 },
      { date: "2026-11-01", number: number.B, document: "Invoice", family: "Noah Kim", amount: 20_000 },
    ]);
    expect(listed[0]!.record).toEqual({ kind: "invoice", id: invoiceId.E });
    // The credit note opens the invoice it corrects.
    expect(listed[2]!.record).toEqual({ kind: "invoice", id: invoiceId.C });
    expect(sumOf(listed.map((row) => row.cells.amount))).toBe((await figure(revenueInvoiced, NOVEMBER)).value);
    expect((await rows(revenueInvoiced, EMPTY)).total).toBe(0);
  });

  it("is narrowed to a student's family account", async () => {
    expect((await figure(revenueInvoiced, NOVEMBER, scopeFor(org, "admin", { studentId: cast.maya }))).value).toBe(15_000 + 45_000 + 4_000 - 3_000);
    expect((await figure(revenueInvoiced, NOVEMBER, scopeFor(org, "admin", { studentId: cast.noah }))).value).toBe(20_000);
  });
});

describe("revenue collected", () => {
  it("is the ledger's payments less its refunds on the days they were recorded", async () => {
    const result = await figure(revenueCollected, NOVEMBER);
    expect(result.value).toBe(20_000 + 3_000 - 2_000 + 45_000 + 5_000);
    const labels = daysFrom("2026-11-01", 30);
    expect(result.chart).toEqual({
      kind: "time",
      labelHeading: "Day",
      labels,
      series: [
        {
          name: "Collected",
          unit: "money",
          values: daily(labels, { "2026-11-15": 20_000, "2026-11-16": 3_000, "2026-11-18": -2_000, "2026-11-21": 45_000, "2026-11-25": 5_000 }),
        },
      ],
    });
    expect(exact(result.chart)).toBe(true);
    // The payment of 1 October 23:30 in London is outside 2–31 October.
    expect((await figure(revenueCollected, OCTOBER)).value).toBe(10_000);
    expect((await figure(revenueCollected, EMPTY)).value).toBe(0);
    expect((await figure(revenueCollected, NOVEMBER, scopeFor(org, "admin", { studentId: cast.maya }))).value).toBe(50_000);
  });

  it("equals the ledger's payment and refund entries of the period, summed here on their own", async () => {
    const ledgerSum = async (from: string, to: string) => {
      const [row] = await t.db
        .select({ total: sql<string>`coalesce(-sum(${ledgerEntry.amountMinor}), 0)` })
        .from(ledgerEntry)
        .where(
          and(
            eq(ledgerEntry.organizationId, org),
            inArray(ledgerEntry.kind, ["payment", "refund"]),
            gte(ledgerEntry.createdAt, new Date(from)),
            lt(ledgerEntry.createdAt, new Date(to)),
          ),
        );
      return Number(row!.total);
    };
    // London's midnights: GMT in November, BST on 2 October.
    expect((await figure(revenueCollected, NOVEMBER)).value).toBe(await ledgerSum("2026-11-01T00:00:00Z", "2026-12-01T00:00:00Z"));
    expect((await figure(revenueCollected, OCTOBER)).value).toBe(await ledgerSum("2026-10-01T23:00:00Z", "2026-11-01T00:00:00Z"));
  });

  it("lists the payments and refunds, newest first, adding up to the figure", async () => {
    const { rows: listed, total } = await rows(revenueCollected, NOVEMBER);
    expect(total).toBe(5);
    expect(listed.map((row) => [row.cells.date, row.cells.family, row.cells.entry, row.cells.amount])).toEqual([
      ["2026-11-25", "Maya Lopez", "Payment", 5_000],
      ["2026-11-21", "Maya Lopez", "Payment", 45_000],
      ["2026-11-18", "Noah Kim", "Refund", -2_000],
      ["2026-11-16", "Noah Kim", "Payment", 3_000],
      ["2026-11-15", "Noah Kim", "Payment", 20_000],
    ]);
    expect(listed.every((row) => row.record?.kind === "payment")).toBe(true);
    // The refund opens the payment it gave back.
    expect(listed[2]!.record).toEqual(listed[3]!.record);
    expect(sumOf(listed.map((row) => row.cells.amount))).toBe((await figure(revenueCollected, NOVEMBER)).value);
  });
});

describe("revenue outstanding", () => {
  const bands = (values: number[]) => ({
    kind: "category",
    labelHeading: "Age",
    labels: ["Not yet due", "1–30 days overdue", "31–60 days overdue", "61–90 days overdue", "Over 90 days overdue"],
    series: [{ name: "Outstanding", unit: "money", values }],
  });

  it("is what was owed at the end of the period's last day, by age, with later payments replayed away", async () => {
    // H 5,000 (98 days overdue), C 7,000 (11), Zoe's 25,000 (8), E 4,000 (paid on 2 December: still owed on 30 November).
    const result = await figure(revenueOutstanding, NOVEMBER);
    expect(result.value).toBe(5_000 + 7_000 + 25_000 + 4_000);
    expect(result.chart).toEqual(bands([4_000, 32_000, 0, 0, 5_000]));
    // At the end of October only H was owed (68 days overdue); A had been paid.
    const before = await figure(revenueOutstanding, OCTOBER);
    expect(before.value).toBe(5_000);
    expect(before.chart).toEqual(bands([0, 0, 0, 5_000, 0]));
    // On 9 November B, C and D (voided the next day) were all still owed, with Zoe's invoice and H.
    expect((await figure(revenueOutstanding, ["2026-11-09", "2026-11-09"])).value).toBe(5_000 + 20_000 + 15_000 + 25_000 + 25_000);
    expect(await figure(revenueOutstanding, EMPTY)).toEqual({ value: 0, chart: bands([0, 0, 0, 0, 0]) });
    expect((await figure(revenueOutstanding, NOVEMBER, scopeFor(org, "admin", { studentId: cast.maya }))).value).toBe(5_000 + 7_000 + 4_000);
  });

  it("lists the invoices with something owed, oldest due first, adding up to the figure", async () => {
    const { rows: listed, total } = await rows(revenueOutstanding, NOVEMBER);
    expect(total).toBe(4);
    expect(listed.map((row) => row.cells)).toEqual([
      { number: number.H, family: "Maya Lopez", issuedOn: "2026-08-10", dueOn: "2026-08-24", daysOverdue: 98, total: 6_000, outstanding: 5_000 },
      { number: number.C, family: "Maya Lopez", issuedOn: "2026-11-05", dueOn: "2026-11-19", daysOverdue: 11, total: 15_000, outstanding: 7_000 },
      { number: expect.any(String), family: "Zoe Park", issuedOn: "2026-11-08", dueOn: "2026-11-22", daysOverdue: 8, total: 25_000, outstanding: 25_000 },
      { number: number.E, family: "Maya Lopez", issuedOn: "2026-11-30", dueOn: "2026-12-14", daysOverdue: 0, total: 4_000, outstanding: 4_000 },
    ]);
    expect(listed.every((row) => row.record?.kind === "invoice")).toBe(true);
    expect(sumOf(listed.map((row) => row.cells.outstanding))).toBe((await figure(revenueOutstanding, NOVEMBER)).value);
  });
});

describe("revenue per active student", () => {
  it("divides revenue invoiced by the students with a completed session in the period", async () => {
    // Maya and Noah had completed sessions in November; Zoe none.
    expect(await figure(revenuePerStudent, NOVEMBER)).toEqual({ value: 106_000 / 2, chart: null });
    // October: A's 10,000 over Maya alone.
    expect((await figure(revenuePerStudent, OCTOBER)).value).toBe(10_000);
    expect((await figure(revenuePerStudent, EMPTY)).value).toBeNull();
  });

  it("lists the families: their invoiced amounts over their active students give the figure", async () => {
    const { rows: listed, total } = await rows(revenuePerStudent, NOVEMBER);
    expect(total).toBe(3);
    expect(listed.map((row) => row.cells)).toEqual([
      { family: "Maya Lopez", students: 1, invoiced: 61_000, perStudent: 61_000 },
      { family: "Zoe Park", students: 0, invoiced: 25_000, perStudent: null },
      { family: "Noah Kim", students: 1, invoiced: 20_000, perStudent: 20_000 },
    ]);
    expect(listed.map((row) => row.record)).toEqual([
      { kind: "account", id: account.maya },
      { kind: "account", id: account.zoe },
      { kind: "account", id: account.noah },
    ]);
    const invoiced = sumOf(listed.map((row) => row.cells.invoiced));
    expect(invoiced).toBe((await figure(revenueInvoiced, NOVEMBER)).value);
    expect(invoiced / sumOf(listed.map((row) => row.cells.students))).toBe((await figure(revenuePerStudent, NOVEMBER)).value);
  });
});

describe("package sales", () => {
  it("adds the prices of the packages sold in the period by package; a cancelled sale never counts", async () => {
    expect(await figure(packageSales, NOVEMBER)).toEqual({
      value: 45_000 + 25_000,
      chart: {
        kind: "category",
        labelHeading: "Package",
        labels: ["Ten hours", "Five hours"],
        series: [{ name: "Sold", unit: "money", values: [45_000, 25_000] }],
      },
    });
    expect(await figure(packageSales, OCTOBER)).toEqual({
      value: 0,
      chart: { kind: "category", labelHeading: "Package", labels: ["Trial hour"], series: [{ name: "Sold", unit: "money", values: [0] }] },
    });
    expect((await figure(packageSales, EMPTY)).value).toBe(0);
    expect((await figure(packageSales, NOVEMBER, scopeFor(org, "admin", { studentId: cast.maya }))).value).toBe(45_000);
    expect((await figure(packageSales, NOVEMBER, scopeFor(org, "admin", { studentId: cast.noah }))).value).toBe(0);
  });

  it("lists the sales, newest first, adding up to the figure", async () => {
    const { rows: listed, total } = await rows(packageSales, NOVEMBER);
    expect(total).toBe(2);
    expect(listed.map((row) => row.cells)).toEqual([
      { date: "2026-11-20", family: "Maya Lopez", package: "Ten hours", forWhom: "Maya Lopez", minutes: 600, status: "Active", price: 45_000 },
      { date: "2026-11-08", family: "Zoe Park", package: "Five hours", forWhom: "Whole family", minutes: 300, status: "Awaiting payment", price: 25_000 },
    ]);
    expect(listed[0]!.record).toEqual({ kind: "invoice", id: invoiceId.G });
    expect(sumOf(listed.map((row) => row.cells.price))).toBe(70_000);
  });
});

describe("prepaid hours outstanding", () => {
  it("is the package minutes held at the end of the period's last day, by package", async () => {
    // Ten hours less the 60 and 90 minutes of November; December's use comes later; the trial hour has expired.
    expect(await figure(prepaidHoursOutstanding, NOVEMBER)).toEqual({
      value: 450,
      chart: { kind: "category", labelHeading: "Package", labels: ["Ten hours"], series: [{ name: "Hours held", unit: "minutes", values: [450] }] },
    });
    // At the end of October Noah's family held its trial hour.
    expect((await figure(prepaidHoursOutstanding, OCTOBER)).value).toBe(60);
    expect((await figure(prepaidHoursOutstanding, EMPTY)).value).toBe(0);
    expect((await figure(prepaidHoursOutstanding, OCTOBER, scopeFor(org, "admin", { studentId: cast.noah }))).value).toBe(60);
    expect((await figure(prepaidHoursOutstanding, OCTOBER, scopeFor(org, "admin", { studentId: cast.maya }))).value).toBe(0);
  });

  it("lists the family accounts holding hours, adding up to the figure", async () => {
    const { rows: listed, total } = await rows(prepaidHoursOutstanding, NOVEMBER);
    expect(total).toBe(1);
    expect(listed).toEqual([
      { record: { kind: "account", id: account.maya }, cells: { family: "Maya Lopez", grants: 1, nextExpiry: "2027-05-20", minutes: 450 } },
    ]);
  });
});

describe("package hours bought and used, a family's view of one child", () => {
  const mayaScope = (area: "parent" | "student") => scopeFor(org, area, { studentId: cast.maya });
  const noahScope = () => scopeFor(org, "parent", { studentId: cast.noah });
  const series = (labels: string[], bought: Record<string, number>, used: Record<string, number>) => [
    { name: "Bought", unit: "minutes", values: daily(labels, bought) },
    { name: "Used", unit: "minutes", values: daily(labels, used) },
  ];

  it("shows the hours that became the child's and those their sessions drew, by day", async () => {
    const labels = daysFrom("2026-11-01", 30);
    for (const area of ["parent", "student"] as const) {
      expect(await figure(hoursBoughtAndUsed, NOVEMBER, mayaScope(area))).toEqual({
        value: 150,
        chart: { kind: "time", labelHeading: "Day", labels, series: series(labels, { "2026-11-21": 600 }, { "2026-11-23": 60, "2026-11-26": 90 }) },
      });
    }
    const october = daysFrom("2026-10-02", 30);
    // Maya's October session was charged, not drawn from hours.
    expect(await figure(hoursBoughtAndUsed, OCTOBER, mayaScope("parent"))).toEqual({
      value: 0,
      chart: { kind: "time", labelHeading: "Day", labels: october, series: series(october, {}, {}) },
    });
    expect((await figure(hoursBoughtAndUsed, EMPTY, mayaScope("parent"))).value).toBe(0);
  });

  it("sees only the child's own family account", async () => {
    // Noah's family bought its trial hour in October; Maya's view never shows it, nor Noah's hers.
    const october = daysFrom("2026-10-02", 30);
    expect((await figure(hoursBoughtAndUsed, OCTOBER, noahScope())).chart!.series).toEqual(series(october, { "2026-10-25": 60 }, {}));
    const november = await figure(hoursBoughtAndUsed, NOVEMBER, noahScope());
    expect(november.value).toBe(0);
    expect(november.chart!.series.every((line) => line.values.every((value) => value === null))).toBe(true);
    expect((await rows(hoursBoughtAndUsed, NOVEMBER, noahScope())).total).toBe(0);
  });

  it("lists the grants and uses, newest first; the used column adds up to the figure", async () => {
    const { rows: listed, total } = await rows(hoursBoughtAndUsed, NOVEMBER, mayaScope("student"));
    expect(total).toBe(3);
    expect(listed.map((row) => row.cells)).toEqual([
      { date: "2026-11-26", what: "Mathematics session", bought: null, used: 90 },
      { date: "2026-11-23", what: "Mathematics session", bought: null, used: 60 },
      { date: "2026-11-21", what: "Ten hours bought", bought: 600, used: null },
    ]);
    expect(listed.map((row) => row.record?.kind ?? null)).toEqual(["session", "session", null]);
    expect(sumOf(listed.map((row) => row.cells.used))).toBe(150);
  });

  it("is answered to the child's parent and the student through the API, and to no one else", async () => {
    const query = "from=2026-11-01&to=2026-11-30";
    const asParent = await cast.parent.client.get(`/api/parent/students/${cast.maya}/analytics/hours-bought-and-used?${query}`);
    expect(asParent.status, asParent.text).toBe(200);
    expect([asParent.body.value, asParent.body.previous]).toEqual([150, 0]);
    const asStudent = await cast.pupil.client.get(`/api/student/analytics/hours-bought-and-used?${query}`);
    expect(asStudent.body.value).toBe(150);
    expect((await cast.otherParent.client.get(`/api/parent/students/${cast.maya}/analytics/hours-bought-and-used?${query}`)).status).toBe(404);
    expect((await admin.get(`/api/admin/analytics/hours-bought-and-used?${query}`)).status).toBe(404);
    expect((await cast.parent.client.get(`/api/parent/students/${cast.maya}/analytics/revenue-invoiced?${query}`)).status).toBe(404);
  });
});

describe("the money metrics together", () => {
  it("are listed in order, and an admin reads them through the API with the previous period beside a category chart", async () => {
    expect(MONEY_METRICS.map((metric) => metric.key)).toEqual([
      "revenue-invoiced",
      "revenue-collected",
      "revenue-outstanding",
      "revenue-per-student",
      "package-sales",
      "prepaid-hours-outstanding",
      "hours-bought-and-used",
    ]);
    const response = await admin.get("/api/admin/analytics/revenue-outstanding?from=2026-11-01&to=2026-11-30");
    expect(response.status, response.text).toBe(200);
    expect([response.body.value, response.body.previous]).toEqual([41_000, 5_000]);
    expect(response.body.chart.series[1]).toEqual({ name: "Previous period", unit: "money", values: [0, 0, 0, 5_000, 0] });
  });

  it("chart a year by month and a longer range by week, the steps adding up to the figure", async () => {
    const year = ["2026-01-01", "2026-12-31"] as const;
    const months = Array.from({ length: 12 }, (_, index) => `2026-${String(index + 1).padStart(2, "0")}`);
    const byMonth = (values: Record<string, number>) => months.map((month) => values[month] ?? null);
    // The payment of 1 October 23:30 in London is October's; A (2 October in London) too.
    expect((await figure(revenueCollected, year)).chart).toMatchObject({
      labelHeading: "Month",
      labels: months,
      series: [{ values: byMonth({ "2026-10": 11_000, "2026-11": 71_000, "2026-12": 4_000 }) }],
    });
    expect((await figure(revenueInvoiced, year)).chart!.series[0]!.values).toEqual(
      byMonth({ "2026-08": 6_000, "2026-10": 10_000, "2026-11": 106_000, "2026-12": 9_999 }),
    );
    for (const metric of [revenueInvoiced, revenueCollected]) {
      const weekly = await figure(metric, ["2026-08-01", "2026-12-31"]);
      expect(weekly.chart!.labelHeading, metric.key).toBe("Week of");
      expect(weekly.chart!.labels[0], metric.key).toBe("2026-07-27");
      expect(sumOf(weekly.chart!.series[0]!.values), metric.key).toBe(weekly.value);
    }
  });

  it("page their rows, with the total on every page", async () => {
    const page = (offset: number) => rowsOf(t, revenueOutstanding, scopeFor(org), ...NOVEMBER, { limit: 2, offset });
    expect((await page(2)).rows.map((row) => row.cells.number)).toEqual([expect.any(String), number.E]);
    expect((await page(2)).total).toBe(4);
    expect(await page(10)).toEqual({ rows: [], total: 4 });
    const sales = await rowsOf(t, packageSales, scopeFor(org), ...NOVEMBER, { limit: 1, offset: 1 });
    expect([sales.total, sales.rows[0]!.cells.family]).toEqual([2, "Zoe Park"]);
  });

  it("give whole amounts of money for every range", async () => {
    for (const metric of MONEY_METRICS.filter((candidate) => candidate.areas.includes("admin"))) {
      for (const range of [NOVEMBER, OCTOBER, ["2026-08-01", "2026-12-31"] as const]) {
        const result = await figure(metric, range);
        expect(result.value === null || Number.isSafeInteger(result.value), metric.key).toBe(true);
        expect(exact(result.chart), metric.key).toBe(true);
      }
    }
  });
});
