import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithRouter } from "../../test/render.tsx";
import { viewerAs, withViewer } from "../../test/viewer.tsx";
import { Instant } from "./instant.tsx";

describe("Instant", () => {
  it("shows when something was done in the zone given, named, and keeps the moment machine-readable", () => {
    renderWithRouter(withViewer(<Instant at="2026-11-02T09:00:00Z" timeZone="America/New_York" />, viewerAs("admin")));
    const time = screen.getByText("2 Nov 2026, 04:00 (America/New_York)");
    expect(time.tagName).toBe("TIME");
    expect(time.getAttribute("datetime")).toBe("2026-11-02T09:00:00Z");
  });

  it("uses the display zone otherwise: the workspace's for a viewer who chose it", () => {
    window.localStorage.setItem("glassroom:time-zone-view", "workspace");
    try {
      renderWithRouter(withViewer(<Instant at="2026-11-02T09:00:00Z" />, viewerAs("parent", { timeZone: "Asia/Kolkata" })));
      expect(screen.getByText("2 Nov 2026, 14:30 (Asia/Kolkata)")).toBeTruthy();
    } finally {
      window.localStorage.removeItem("glassroom:time-zone-view");
    }
  });
});
