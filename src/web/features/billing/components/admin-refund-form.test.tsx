import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Payment } from "../../../../shared/schemas/billing-payments.ts";
import { renderWithRouter } from "../../../test/render.tsx";
import { viewerAs, withViewer } from "../../../test/viewer.tsx";
import { AdminRefundSection, tooMuchToRefund } from "./admin-refund-form.tsx";

const payment: Payment = {
  id: "payment-1",
  accountId: "account-1",
  accountName: "The Lovelace family",
  method: "bank_transfer",
  amountMinor: 50_000,
  receivedOn: "2026-11-20",
  reference: "BACS 123",
  allocatedMinor: 45_000,
  refundedMinor: 0,
  unallocatedMinor: 5000,
  recordedAt: "2026-11-20T10:00:00.000Z",
  currency: "GBP",
  recordedByName: "Ada Lovelace",
  allocations: [{ invoiceId: "invoice-1", invoiceNumber: "INV-2026-0001", amountMinor: 45_000, at: "2026-11-20T10:00:00.000Z" }],
  refunds: [],
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function renderRefund(answer: Response) {
  const fetchMock = vi.fn(async () => answer);
  vi.stubGlobal("fetch", fetchMock);
  const view = renderWithRouter(withViewer(<AdminRefundSection payment={payment} />, viewerAs("admin")));
  return { ...view, fetchMock };
}

async function fillAndAsk(user: ReturnType<typeof renderRefund>["user"], amount: string) {
  await user.type(screen.getByLabelText("Amount (GBP)"), amount);
  await user.type(screen.getByLabelText("Reason"), "Paid twice");
  await user.click(screen.getByRole("button", { name: "Refund" }));
}

afterEach(() => vi.unstubAllGlobals());

describe("the refund form", () => {
  it("refuses more than the payment left as credit on the amount field, before asking or sending", async () => {
    const { user, fetchMock } = renderRefund(json(201, payment));
    await fillAndAsk(user, "50.01");
    expect(await screen.findByText(tooMuchToRefund(5000, "GBP"))).toBeTruthy();
    expect(screen.getByLabelText("Amount (GBP)").getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("asks before refunding, then sends the amount in minor units, the day, the reason and an idempotency key", async () => {
    const { user, fetchMock } = renderRefund(json(201, { ...payment, refundedMinor: 2000, unallocatedMinor: 3000 }));
    await fillAndAsk(user, "20.00");
    const dialog = await screen.findByRole("dialog", { name: "Refund £20.00?" });
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole("button", { name: "Refund £20.00" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/admin/billing/payments/payment-1/refunds");
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toMatchObject({ amountMinor: 2000, reason: "Paid twice", refundedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(JSON.parse(String(init.body)).idempotencyKey).toMatch(/^web-/);
  });

  it("shows the server's refusal (the payment changed meanwhile) on the amount field", async () => {
    const message = tooMuchToRefund(500, "GBP");
    const { user } = renderRefund(
      json(422, { error: { code: "VALIDATION_FAILED", message: "The request is not valid.", issues: [{ path: ["amountMinor"], message }] } }),
    );
    await fillAndAsk(user, "20.00");
    const dialog = await screen.findByRole("dialog", { name: "Refund £20.00?" });
    await user.click(within(dialog).getByRole("button", { name: "Refund £20.00" }));
    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByLabelText("Amount (GBP)").getAttribute("aria-invalid")).toBe("true");
  });
});
