import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiClient } from "../../../../tests/client.ts";
import { createAdmin, createMember, type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { addCharge, createFamily, createTaxRate, draftFees, issue, setBillingSettings } from "../../../../tests/invoice-factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { fixedClock } from "../../core/clock.ts";
import { renderBillingDocument } from "./pdf/document.ts";

const clock = fixedClock(new Date("2026-11-10T10:00:00.000Z"));
let t: TestApp;
let admin: AdminFixture;
let payer: MemberFixture;
let folder: string;

/** The PDF's text as poppler's pdftotext lays it out. */
function textOf(pdf: Buffer): string {
  const file = path.join(folder, `document-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
}

/** A PDF answer's bytes (the API client reads answers as text). */
async function pdfOf(client: ApiClient, url: string): Promise<Buffer> {
  const response = await t.app.request(`http://localhost:3000${url}`, { headers: { cookie: client.cookieHeader(), "x-test-client-ip": client.ip } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  return Buffer.from(await response.arrayBuffer());
}

beforeAll(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), "glassroom-pdf-"));
  t = await createTestApp({ clock });
  admin = await createAdmin(t, { fullName: "Élodie Admin", workspaceName: "Ñandú Tutoring" });
  payer = await createMember(t, { admin, role: "parent", fullName: "Zoë Ångström" });
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("the billing document layout", () => {
  it("prints accented names and £ € ¥ with the embedded font", async () => {
    const pdf = await renderBillingDocument({
      title: "Statement",
      workspace: { name: "Café Tutoring", logo: "data:image/png;base64,not-a-png", address: "1 Rue de l'École\nParis" },
      recipient: { name: "Zoë Ångström", lines: ["Payers: Søren Øster"] },
      facts: [{ label: "Period", value: "2026-11-01 to 2026-11-30" }],
      columns: [
        { header: "Description", width: 0.7 },
        { header: "Amount", width: 0.3, align: "right" },
      ],
      rows: [
        ["Leçon de français", "£45.50"],
        ["Nachhilfe", "€12.00"],
        ["数学", "¥1,200"],
      ],
      totals: [{ label: "Total", value: "£57.50", bold: true }],
      paragraphs: [{ heading: "Note", text: "Thank you" }],
    });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = textOf(pdf);
    for (const expected of ["Café Tutoring", "Zoë Ångström", "Søren Øster", "Leçon de français", "£45.50", "€12.00", "¥1,200", "Statement", "Total"]) {
      expect(text).toContain(expected);
    }
  });
});

describe("invoice and credit note PDFs", () => {
  it("carry the number, the family and its payers, the lines, tax bands, totals, the tax rule and payment instructions", async () => {
    const family = await createFamily(t, admin, "Zoë Ångström Junior", payer.memberId);
    const vat = await createTaxRate(admin.client, "VAT", 2000);
    await setBillingSettings(admin.client, {
      defaultTaxRateId: vat,
      businessAddress: "12 Høgsbro Street\nLondon",
      paymentInstructions: "Pay to sort code 12-34-56.",
    });
    await admin.client.patch("/api/admin/workspace", { currency: "GBP" });
    await addCharge(t, admin, family.accountId, 4550, {
      at: new Date("2026-11-03T10:00:00Z"),
      description: "Maths with Élodie, 1 h",
      studentId: family.studentId,
      minutes: 60,
    });
    const draft = await admin.client.post("/api/admin/billing/invoices", { accountId: family.accountId, periodFrom: "2026-11-01", periodTo: "2026-11-30" });
    await admin.client.patch(`/api/admin/billing/invoices/${draft.body.id}`, { addLines: [{ description: "Workbook", amountMinor: 1000 }] });
    const issued = await admin.client.post(`/api/admin/billing/invoices/${draft.body.id}/issue`);
    expect(issued.status).toBe(200);

    const text = textOf(await pdfOf(admin.client, `/api/admin/billing/invoices/${issued.body.id}/pdf`));
    for (const expected of [
      "Ñandú Tutoring",
      "12 Høgsbro Street",
      "INV-2026-0001",
      "Zoë Ångström Junior",
      "Payers: Zoë Ångström",
      "Maths with Élodie, 1 h",
      "2026-11-03",
      "Workbook",
      "£45.50",
      "£10.00",
      "£55.50",
      "£11.10",
      "£66.60",
      "2026-11-24",
      "Prices exclude tax",
      "Pay to sort code 12-34-56.",
    ]) {
      expect(text, expected).toContain(expected);
    }

    // The payer prints it too; another family's parent may not.
    expect((await payer.client.get(`/api/parent/billing/invoices/${issued.body.id}/pdf`)).status).toBe(200);

    const note = await admin.client.post("/api/admin/billing/credit-notes", {
      accountId: family.accountId,
      invoiceId: issued.body.id,
      reason: "Workbook returned",
      idempotencyKey: "pdf-test-credit-note-1",
      lines: [{ description: "Workbook returned", amountMinor: 1000 }],
    });
    expect(note.status).toBe(201);
    const noteText = textOf(await pdfOf(admin.client, `/api/admin/billing/credit-notes/${note.body.id}/pdf`));
    for (const expected of ["Credit note", "CN-2026-0001", "INV-2026-0001", "Zoë Ångström Junior", "Workbook returned", "£10.00", "£2.00", "£12.00"]) {
      expect(noteText, expected).toContain(expected);
    }
  });

  it("print the state the screens show: an invoice credit notes settled wholly is Credited", async () => {
    const family = await createFamily(t, admin, "Cyril Credited", payer.memberId);
    const invoice = await issue(admin.client, await draftFees(admin.client, family.accountId, [{ description: "Registration", amountMinor: 2000 }]));
    const note = await admin.client.post("/api/admin/billing/credit-notes", {
      accountId: family.accountId,
      invoiceId: invoice.id,
      reason: "Registration waived",
      idempotencyKey: "pdf-test-credit-note-2",
      lines: [{ description: "Registration waived", amountMinor: 2000 }],
    });
    expect(note.body.totalMinor).toBe(invoice.totalMinor);
    const text = textOf(await pdfOf(admin.client, `/api/admin/billing/invoices/${invoice.id}/pdf`));
    expect(text).toContain("State: Credited");
  });
});
