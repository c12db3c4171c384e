import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { InvoiceDetail } from "../../../../shared/schemas/billing-invoices.ts";
import { renderWithRouter } from "../../../test/render.tsx";
import { viewerAs, withViewer } from "../../../test/viewer.tsx";
import { InvoiceDocument } from "./invoice-document.tsx";

const line = {
  id: "line-1",
  position: 1,
  kind: "session" as const,
  description: "Mathematics session of 2026-11-25, 1 h",
  chargeEntryId: "entry-1",
  live: true,
  sessionId: "session-1",
  studentId: "student-1",
  studentName: "Ada Junior",
  serviceDate: "2026-11-25",
  tutorName: "Grace Hopper",
  attendance: "late_cancelled",
  policyVersion: 2,
  minutes: 30,
  unitPriceMinor: 5000,
  amountMinor: 2500,
  taxRateId: "rate-1",
  taxRateBps: 2000,
  taxRateName: "VAT",
};

const invoice: InvoiceDetail = {
  id: "invoice-1",
  number: "INV-2026-0002",
  accountId: "account-1",
  accountName: "The Lovelace family",
  state: "partly_paid",
  overdue: true,
  periodFrom: "2026-11-01",
  periodTo: "2026-11-30",
  issuedOn: "2026-12-01",
  dueOn: "2026-12-15",
  totalMinor: 3000,
  paidMinor: 1000,
  outstandingMinor: 2000,
  currency: "GBP",
  notes: "",
  pricesIncludeTax: false,
  taxRule: "Prices exclude tax (VAT 20 %).",
  subtotalMinor: 2500,
  taxMinor: 500,
  taxBands: [{ taxRateId: "rate-1", name: "VAT", rateBps: 2000, amountMinor: 2500, taxMinor: 500 }],
  lines: [line],
  allocations: [],
  creditNotes: [],
  voidReason: null,
  batchId: null,
  policies: [],
};

const render = (area: "admin" | "parent", width = 1280) =>
  renderWithRouter(
    withViewer(
      <InvoiceDocument
        invoice={invoice}
        area={area}
        pdfHref="/api/parent/billing/invoices/invoice-1/pdf"
        lineAction={(item) => <button type="button">Question {item.id}</button>}
      />,
      viewerAs(area),
    ),
    { width },
  );

describe("InvoiceDocument", () => {
  it("explains each line and links a session line to the session's page of the viewer's area", () => {
    render("parent");
    const row = screen.getByRole("row", { name: /Mathematics session/ });
    expect(within(row).getByRole("link", { name: line.description }).getAttribute("href")).toBe("/parent/sessions/session-1");
    for (const text of ["25 Nov 2026", "Grace Hopper", "Ada Junior", "Late cancellation", "Version 2", "30 min", "£25.00"]) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    expect(within(row).getByRole("button", { name: "Question line-1" })).toBeTruthy();
  });

  it("links to the admin's session page in the admin area", () => {
    render("admin");
    expect(screen.getByRole("link", { name: line.description }).getAttribute("href")).toBe("/admin/sessions/session-1");
  });

  it("shows the tax band, totals, what is paid and outstanding, the tax rule and the state", () => {
    render("parent");
    const totals = screen.getByRole("table", { name: "Totals" });
    expect(within(totals).getByRole("row", { name: /Tax: VAT 20 % on £25.00/ }).textContent).toContain("£5.00");
    expect(within(totals).getByRole("row", { name: /^Total/ }).textContent).toContain("£30.00");
    expect(within(totals).getByRole("row", { name: /Paid/ }).textContent).toContain("£10.00");
    expect(within(totals).getByRole("row", { name: /Outstanding/ }).textContent).toContain("£20.00");
    expect(screen.getByText("Prices exclude tax (VAT 20 %).")).toBeTruthy();
    expect(screen.getByText("Partly paid, overdue")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Download PDF" }).getAttribute("href")).toBe("/api/parent/billing/invoices/invoice-1/pdf");
  });

  it("stacks each line on a phone with its facts and its action", () => {
    render("parent", 390);
    const item = within(screen.getByRole("list", { name: "Invoice lines" })).getByRole("listitem");
    expect(within(item).getByRole("link", { name: line.description })).toBeTruthy();
    expect(item.textContent).toContain("Grace Hopper · Ada Junior · Late cancellation · policy version 2 · 30 min");
    expect(within(item).getByRole("button", { name: "Question line-1" })).toBeTruthy();
  });
});
