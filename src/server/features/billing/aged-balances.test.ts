import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, type AdminFixture } from "../../../../tests/factories.ts";
import { accountOfStudent, issuedInvoice, paymentBody, postPayment } from "../../../../tests/payment-factories.ts";
import { createStudent } from "../../../../tests/people-factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { fixedClock } from "../../core/clock.ts";

const NOW = new Date("2026-11-02T10:00:00.000Z");
const issuedOn = (day: string) => new Date(`${day}T10:00:00.000Z`);
let t: TestApp;
let admin: AdminFixture;
let ada: string;
let ben: string;

// Invoices are due 14 days after issue (the default terms); the report's day is 2 November.
beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(NOW) });
  admin = await createAdmin(t, { fullName: "Agnes Aged", workspaceName: "Aged Tutoring" });
  ada = await accountOfStudent(t.db, (await createStudent(admin.client, { name: "Ada Aged" })).id);
  ben = await accountOfStudent(t.db, (await createStudent(admin.client, { name: "Ben Aged" })).id);
  await issuedInvoice(t.db, admin, ada, 100, issuedOn("2026-11-01")); // due 15 Nov: current
  await issuedInvoice(t.db, admin, ada, 200, issuedOn("2026-10-19")); // due 2 Nov, today: current
  await issuedInvoice(t.db, admin, ada, 400, issuedOn("2026-10-18")); // due 1 Nov: 1 day past
  await issuedInvoice(t.db, admin, ada, 800, issuedOn("2026-09-18")); // due 2 Oct: 31 days past
  await issuedInvoice(t.db, admin, ada, 1600, issuedOn("2026-08-04")); // due 18 Aug: 76 days past
  await issuedInvoice(t.db, admin, ben, 3200, issuedOn("2026-06-01")); // due 15 Jun: 140 days past
  const partly = await issuedInvoice(t.db, admin, ben, 1000, issuedOn("2026-10-10")); // due 24 Oct: 9 days past
  const paid = await issuedInvoice(t.db, admin, ben, 5000, issuedOn("2026-10-10"));
  await postPayment(
    admin.client,
    paymentBody(ben, {
      amountMinor: 5600,
      allocations: [
        { invoiceId: partly.invoiceId, amountMinor: 600 },
        { invoiceId: paid.invoiceId, amountMinor: 5000 },
      ],
    }),
  );
}, 90_000);
afterAll(() => t?.close());

describe("aged balances", () => {
  it("buckets each family's unpaid issued invoices by days past due on the workspace's today, with totals", async () => {
    const res = await admin.client.get("/api/admin/billing/aged-balances");
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ asOf: "2026-11-02", currency: "USD", total: 2 });
    expect(res.body.items).toEqual([
      {
        accountId: ada,
        name: "Ada Aged",
        currentMinor: 300,
        days1To30Minor: 400,
        days31To60Minor: 800,
        days61To90Minor: 1600,
        over90Minor: 0,
        totalMinor: 3100,
      },
      { accountId: ben, name: "Ben Aged", currentMinor: 0, days1To30Minor: 400, days31To60Minor: 0, days61To90Minor: 0, over90Minor: 3200, totalMinor: 3600 },
    ]);
    expect(res.body.totals).toEqual({
      currentMinor: 300,
      days1To30Minor: 800,
      days31To60Minor: 800,
      days61To90Minor: 1600,
      over90Minor: 3200,
      totalMinor: 6700,
    });
  });

  it("on an earlier day, leaves out invoices issued after it and ages the rest from that day", async () => {
    const res = await admin.client.get("/api/admin/billing/aged-balances?asOf=2026-10-01");
    expect(res.body.items).toEqual([
      // Due 2 October: not yet due on 1 October; due 18 August: 44 days past.
      { accountId: ada, name: "Ada Aged", currentMinor: 800, days1To30Minor: 0, days31To60Minor: 1600, days61To90Minor: 0, over90Minor: 0, totalMinor: 2400 },
      // Due 15 June: 108 days past. The invoices issued on 10 October are left out.
      { accountId: ben, name: "Ben Aged", currentMinor: 0, days1To30Minor: 0, days31To60Minor: 0, days61To90Minor: 0, over90Minor: 3200, totalMinor: 3200 },
    ]);
    const paged = await admin.client.get("/api/admin/billing/aged-balances?pageSize=1&page=2");
    expect(paged.body.items.map((item: { name: string }) => item.name)).toEqual(["Ben Aged"]);
    expect(paged.body.totals.totalMinor).toBe(6700);
    expect((await admin.client.get("/api/admin/billing/aged-balances?asOf=2026-13-01")).status).toBe(422);
  });
});
