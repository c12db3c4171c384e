import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { MemberRole } from "../../../../shared/roles.ts";
import type { Alert, AlertList } from "../../../../shared/schemas/health-alerts.ts";
import { renderWithRouter } from "../../../test/render.tsx";
import { viewerAs } from "../../../test/viewer.tsx";
import { sessionKeys } from "../../session/api.ts";
import { alertKeys, type AlertArea } from "../api.ts";
import { AlertsSummary } from "./alerts-summary.tsx";

const alert = (id: string, studentName: string): Alert => ({
  id,
  studentId: `student-${id}`,
  studentName,
  kind: "missedShare",
  topic: "learning",
  severity: "watch",
  title: `${studentName}: missed 1 of 6 sessions`,
  evidence: [],
  familyVisible: true,
  status: "open",
  actionNote: null,
  actionOn: null,
  dismissReason: null,
  resolution: null,
  openedAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
  changedByName: null,
});

/** The dashboard's alerts of `area`, with the list the API would answer already in the cache. */
function renderSummary(area: AlertArea, list: AlertList) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(sessionKeys.me, viewerAs(area as MemberRole));
  client.setQueryData(alertKeys.list(area, { state: "live", page: 1 }), list);
  return renderWithRouter(
    <QueryClientProvider client={client}>
      <AlertsSummary area={area} />
    </QueryClientProvider>,
  );
}

describe("AlertsSummary on a dashboard", () => {
  it.each([
    ["tutor", "/tutor/alerts"],
    ["parent", "/parent/alerts"],
  ] as const)("a %s with no open alert reads a calm line and the way to all of them", (area, screenPath) => {
    renderSummary(area, { items: [], total: 0, totalIsAtLeast: false, live: 0, liveIsAtLeast: false });
    expect(screen.getByText("No open alerts.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "All alerts" }).getAttribute("href")).toBe(screenPath);
  });

  it("counts the open alerts and shows the newest three", () => {
    const items = ["Ana", "Ben", "Cleo", "Dev"].map((name, index) => alert(String(index), name));
    renderSummary("parent", { items, total: 4, totalIsAtLeast: false, live: 4, liveIsAtLeast: false });
    expect(screen.getByText("4 open alerts")).toBeTruthy();
    expect(screen.getAllByRole("article").map((article) => article.getAttribute("aria-label"))).toEqual(
      items.slice(0, 3).map((item) => `${item.studentName}: ${item.title}`),
    );
    // A guardian reads alerts; acting on them is staff's.
    expect(screen.queryByRole("button", { name: "Acknowledge" })).toBeNull();
  });

  it("says 'more than' when the server stopped counting the open alerts", () => {
    renderSummary("tutor", { items: [alert("1", "Ana")], total: 1001, totalIsAtLeast: true, live: 1001, liveIsAtLeast: true });
    expect(screen.getByText("More than 1000 open alerts")).toBeTruthy();
  });
});
