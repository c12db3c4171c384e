import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithRouter } from "../../../test/render.tsx";
import { HealthBandBadge } from "./health-band-badge.tsx";
import { HealthTrend, trendLabel } from "./health-trend.tsx";

describe("HealthTrend", () => {
  it("says the week's change in words, not by arrow or colour alone", () => {
    expect(trendLabel({ since: "2026-11-20", score: 20, change: 12, direction: "up" })).toBe("Up 12 since 20 Nov 2026");
    expect(trendLabel({ since: "2026-11-20", score: 40, change: -15, direction: "down" })).toBe("Down 15 since 20 Nov 2026");
    expect(trendLabel({ since: "2026-11-20", score: 30, change: 0, direction: "flat" })).toBe("No change since 20 Nov 2026");
    expect(trendLabel(null)).toBe("No score a week old to compare");
  });

  it("is an image named by that label, showing the signed change", () => {
    renderWithRouter(<HealthTrend trend={{ since: "2026-11-20", score: 20, change: 12, direction: "up" }} />);
    expect(screen.getByRole("img", { name: "Up 12 since 20 Nov 2026" }).textContent).toBe("+12");
  });
});

describe("HealthBandBadge", () => {
  it("names the band in words, and a card not computed yet", () => {
    const view = renderWithRouter(<HealthBandBadge band="watch" />);
    expect(screen.getByText("Watch")).toBeTruthy();
    view.unmount();
    renderWithRouter(<HealthBandBadge band={null} />);
    expect(screen.getByText("Not scored yet")).toBeTruthy();
  });
});
