import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithRouter } from "../../../test/render.tsx";
import { viewerAs, withViewer } from "../../../test/viewer.tsx";
import { AdminExports } from "./admin-exports.tsx";

const render = (at: string) => renderWithRouter(withViewer(<AdminExports />, viewerAs("admin")), { at });
const fromField = () => screen.getByLabelText("From") as HTMLInputElement;
const paymentsLink = () => screen.getByRole("link", { name: "Download payments CSV" });

describe("the exports' period lives in the URL", () => {
  it("opens with the period of the address, so that a reload or a shared link shows the same one", () => {
    render("/admin/billing?tab=exports&from=2026-10-01&to=2026-10-31");
    expect(fromField().value).toBe("2026-10-01");
    expect((screen.getByLabelText("To") as HTMLInputElement).value).toBe("2026-10-31");
    expect(paymentsLink().getAttribute("href")).toBe("/api/admin/billing/exports/payments.csv?from=2026-10-01&to=2026-10-31");
  });

  it("writes a chosen day to the address (replacing the entry, the tab kept); without one, the month to date", () => {
    const { router } = render("/admin/billing?tab=exports");
    expect(fromField().value).toMatch(/^\d{4}-\d{2}-01$/);
    fireEvent.change(fromField(), { target: { value: "2026-09-15" } });
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get("tab")).toBe("exports");
    expect(search.get("from")).toBe("2026-09-15");
    expect(search.get("to")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(router.state.historyAction).toBe("REPLACE");
    expect(fromField().value).toBe("2026-09-15");
  });

  it("ignores a day it cannot read", () => {
    render("/admin/billing?tab=exports&from=yesterday&to=2026-10-31");
    expect(fromField().value).toMatch(/^\d{4}-\d{2}-01$/);
  });
});
