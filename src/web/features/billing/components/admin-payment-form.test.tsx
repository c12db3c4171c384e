import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { InvoiceSummary } from "../../../../shared/schemas/billing-invoices.ts";
import { renderWithRouter } from "../../../test/render.tsx";
import { viewerAs, withViewer } from "../../../test/viewer.tsx";
import { AdminPaymentModal } from "./admin-payment-form.tsx";

const openInvoice = (number: string, issuedOn: string, outstandingMinor: number): InvoiceSummary => ({
  id: `invoice-${number}`,
  number,
  accountId: "account-1",
  accountName: "The Lovelace family",
  state: "issued",
  overdue: false,
  periodFrom: null,
  periodTo: null,
  issuedOn,
  dueOn: null,
  totalMinor: outstandingMinor,
  paidMinor: 0,
  outstandingMinor,
  currency: "GBP",
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });

/** The API: the family's open invoices (newest first, as the list sorts them), and no account for the picker's search. */
function renderForm(invoices: InvoiceSummary[], total = invoices.length) {
  const fetchMock = vi.fn(async (url: string) =>
    url.includes("/admin/billing/invoices?")
      ? json({ items: invoices, total, page: 1, pageSize: 100 })
      : json({ items: [], total: 0, page: 1, pageSize: 25, currency: "GBP" }),
  );
  vi.stubGlobal("fetch", fetchMock);
  renderWithRouter(
    withViewer(<AdminPaymentModal opened onClose={() => {}} currency="GBP" family={{ id: "account-1", name: "The Lovelace family" }} />, viewerAs("admin")),
  );
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe("the payment form's open invoices", () => {
  it("asks for every open invoice of the family (state=open, 100 a page) and offers them oldest first", async () => {
    const fetchMock = renderForm([openInvoice("INV-2026-0031", "2026-11-01", 3000), openInvoice("INV-2026-0002", "2026-01-05", 1000)]);
    await screen.findByLabelText(/^INV-2026-0002/);
    const asked = fetchMock.mock.calls.map(([url]) => url).find((url) => url.includes("/admin/billing/invoices?"));
    expect(new URLSearchParams(asked!.split("?")[1])).toEqual(new URLSearchParams({ state: "open", accountId: "account-1", page: "1", pageSize: "100" }));
    const labels = screen.getAllByText(/^INV-2026-\d{4}, issued/).map((label) => label.textContent?.slice(0, 13));
    expect(labels).toEqual(["INV-2026-0002", "INV-2026-0031"]);
  });

  it("says so when the family has more open invoices than one payment can take", async () => {
    const hundred = Array.from({ length: 100 }, (_, index) => openInvoice(`INV-2026-${String(index + 1).padStart(4, "0")}`, "2026-01-05", 1000));
    renderForm(hundred, 101);
    await waitFor(() => expect(screen.getByText(/^Shown: 100 of the family's 101 open invoices/)).toBeTruthy());
  });
});
