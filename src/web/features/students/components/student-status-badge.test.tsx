import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { STUDENT_STATUSES } from "../../../../shared/student-states.ts";
import { renderWithRouter } from "../../../test/render.tsx";
import { STUDENT_STATUS_COLORS } from "../format.ts";
import { StudentStatusBadge } from "./student-status-badge.tsx";

/** The Mantine colour variable an outline badge of `color` ("teal") is drawn in: the colour scheme's outline shade of it. */
const colourVariable = (color: string) => `var(--mantine-color-${color}-outline)`;

describe("StudentStatusBadge", () => {
  it("names each status in its own colour, the same in every area", () => {
    const labels = { active: "Active", paused: "Paused", former: "Former (archived)" } as const;
    expect(new Set(Object.values(STUDENT_STATUS_COLORS)).size).toBe(STUDENT_STATUSES.length);
    for (const status of STUDENT_STATUSES) {
      const view = renderWithRouter(<StudentStatusBadge status={status} />);
      const badge = screen.getByText(labels[status]).closest(".mantine-Badge-root");
      expect(badge?.getAttribute("style")).toContain(colourVariable(STUDENT_STATUS_COLORS[status]));
      view.unmount();
    }
  });

  it("says Erased, not the status, for an erased record", () => {
    renderWithRouter(<StudentStatusBadge status="active" erased />);
    expect(screen.getByText("Erased")).toBeTruthy();
    expect(screen.queryByText("Active")).toBeNull();
  });
});
