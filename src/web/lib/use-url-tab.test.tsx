import { act, screen } from "@testing-library/react";
import { useEffect } from "react";
import { describe, expect, it } from "vitest";
import { renderWithRouter } from "../test/render.tsx";
import { useUrlTab } from "./use-url-tab.ts";

const TABS = ["families", "invoices", "payments"] as const;

/** The hook's tab on screen, and its setter at hand. */
let setTab: (value: string | null) => void;
function Probe() {
  const [tab, set] = useUrlTab(TABS);
  useEffect(() => {
    setTab = set;
  });
  return <p>tab: {tab}</p>;
}

const searchOf = (router: ReturnType<typeof renderWithRouter>["router"]) => router.state.location.search;

describe("useUrlTab", () => {
  it("reads the tab from the URL, the first one when there is none or it is unknown", () => {
    renderWithRouter(<Probe />, { at: "/billing?tab=payments" });
    expect(screen.getByText("tab: payments")).toBeTruthy();
  });

  it.each(["/billing", "/billing?tab=ledger", "/billing?tab="])("%s opens the first tab", (at) => {
    renderWithRouter(<Probe />, { at });
    expect(screen.getByText("tab: families")).toBeTruthy();
  });

  it("a chosen tab leaves the other tab's search, filters and page behind; the first tab leaves the query empty", () => {
    const { router } = renderWithRouter(<Probe />, { at: "/billing?q=ann&status=paid&page=3" });
    act(() => setTab("invoices"));
    expect(searchOf(router)).toBe("?tab=invoices");
    expect(screen.getByText("tab: invoices")).toBeTruthy();
    act(() => setTab("families"));
    expect(searchOf(router)).toBe("");
    expect(screen.getByText("tab: families")).toBeTruthy();
  });

  it("each tab is a new history entry, so Back returns to the tab before", async () => {
    const { router } = renderWithRouter(<Probe />, { at: "/billing" });
    act(() => setTab("payments"));
    await act(() => router.navigate(-1));
    expect(screen.getByText("tab: families")).toBeTruthy();
  });

  it("ignores a value that is no tab", () => {
    const { router } = renderWithRouter(<Probe />, { at: "/billing?tab=invoices&page=2" });
    act(() => setTab(null));
    act(() => setTab("ledger"));
    expect(searchOf(router)).toBe("?tab=invoices&page=2");
  });
});
