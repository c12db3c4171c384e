import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { OwnHealth } from "../../../../shared/schemas/student-health.ts";
import { renderWithRouter } from "../../../test/render.tsx";
import { viewerAs, withViewer } from "../../../test/viewer.tsx";
import { directionOf, homeworkWords, lastSessionWords, OwnHealthView } from "./own-health-card.tsx";

const figures = {
  windowWeeks: 8,
  held: 10,
  attended: 9,
  attendancePercent: 90,
  homework: { set: 6, completed: 4, partly: 1, notDone: 1 },
  understanding: [3, 3, 4, 4],
  scores: [62],
  daysSinceLastSession: 3,
};

const render = (health: OwnHealth, width = 1280) => renderWithRouter(withViewer(<OwnHealthView health={health} />, viewerAs("student")), { width });

/** The words of the staff's and family's card, which the student's never uses. */
const RISK_WORDS = /\b(risk|watch|act|score of|band)\b/i;

describe("the student's own card", () => {
  it("says plainly that nothing is there yet before the first computation", () => {
    const { container } = render({ scored: false, computedAt: null, figures: null });
    expect(screen.getByText(/Nothing to show yet/)).toBeTruthy();
    expect(container.textContent).not.toMatch(RISK_WORDS);
  });

  it("shows attendance with its counts, homework, the trends in words and the last session, without risk wording", () => {
    const { container } = render({ scored: true, computedAt: "2026-11-20T06:00:00.000Z", figures }, 390);
    expect(screen.getByText("You attended 9 of the 10 sessions held in the last 8 weeks. Great attendance: keep it up!")).toBeTruthy();
    expect(screen.getByText("90%")).toBeTruthy();
    expect(screen.getByText("9 of 10 sessions attended")).toBeTruthy();
    expect(screen.getByText("4 of 6 done (1 partly)")).toBeTruthy();
    expect(screen.getByText("3, 3, 4, 4")).toBeTruthy();
    expect(screen.getByText("Oldest first. Going up: great progress!")).toBeTruthy();
    expect(screen.getByText("62%")).toBeTruthy();
    expect(screen.getByText("The first so far: the next ones will show how it is going.")).toBeTruthy();
    expect(screen.getByText("3 days ago.")).toBeTruthy();
    // The line is decorative: its values are written out beside it.
    expect(container.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
    expect(container.textContent).not.toMatch(RISK_WORDS);
  });

  it("with nothing held yet, says so instead of a rate", () => {
    const { container } = render({
      scored: true,
      computedAt: "2026-11-20T06:00:00.000Z",
      figures: { ...figures, held: 0, attended: 0, attendancePercent: null, understanding: [], scores: [], daysSinceLastSession: null },
    });
    expect(screen.getByText("No session held in the last 8 weeks yet.")).toBeTruthy();
    expect(screen.getByText("No session held yet")).toBeTruthy();
    expect(screen.getAllByText("None in the reports yet.")).toHaveLength(2);
    expect(screen.getByText("No session attended in the last 8 weeks yet.")).toBeTruthy();
    expect(container.querySelector("svg")).toBeNull();
  });

  it("words the direction, the homework and the days since the last session", () => {
    expect(directionOf([])).toBeNull();
    expect(directionOf([4])).toBeNull();
    expect(directionOf([4, 2, 5])).toBe("up");
    expect(directionOf([4, 5, 3])).toBe("down");
    expect(directionOf([3, 1, 3])).toBe("steady");
    expect(homeworkWords({ set: 0, completed: 0, partly: 0, notDone: 0 }).value).toBe("None set yet");
    expect(homeworkWords({ set: 4, completed: 4, partly: 0, notDone: 0 })).toEqual({ value: "4 of 4 done", note: "All of it done: well done!" });
    expect(homeworkWords({ set: 5, completed: 1, partly: 0, notDone: 4 }).note).toBe("Your tutor can help if a piece of homework feels hard.");
    expect(lastSessionWords(0, 8)).toBe("Today.");
    expect(lastSessionWords(1, 8)).toBe("Yesterday.");
    expect(lastSessionWords(12, 8)).toBe("12 days ago.");
  });
});
