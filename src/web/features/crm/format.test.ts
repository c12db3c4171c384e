import { describe, expect, it } from "vitest";
import type { Board } from "../../../shared/schemas/crm-board.ts";
import { moveCard } from "./api.ts";
import { isOverdue, leadTitle, timeInStage, todayIn } from "./format.ts";

const stage = (id: string, name: string) => ({ id, name, position: 1, outcome: "open" as const });
const card = (id: string) => ({
  id,
  guardianName: id,
  studentName: null,
  subjects: [],
  level: null,
  source: "phone" as const,
  owner: null,
  stageEnteredAt: "2026-11-01T00:00:00.000Z",
  convertedAt: null,
  nextTask: null,
});

describe("the CRM's words", () => {
  it("names a lead by the guardian, with the student beside", () => {
    expect(leadTitle({ guardianName: "Pat", studentName: "Sam" })).toBe("Pat (for Sam)");
    expect(leadTitle({ guardianName: null, studentName: "Sam" })).toBe("Sam");
  });

  it("says how long a lead stood in its stage, in days then months", () => {
    const now = Date.parse("2026-11-27T12:00:00Z");
    expect(timeInStage("2026-11-27T08:00:00Z", now)).toBe("today");
    expect(timeInStage("2026-11-26T08:00:00Z", now)).toBe("1 day");
    expect(timeInStage("2026-11-01T08:00:00Z", now)).toBe("26 days");
    expect(timeInStage("2026-06-01T08:00:00Z", now)).toBe("5 months");
  });

  it("measures overdue against today in the viewer's zone", () => {
    const late = new Date("2026-11-27T23:30:00Z");
    expect(todayIn("Europe/London", late)).toBe("2026-11-27");
    expect(todayIn("Asia/Tokyo", late)).toBe("2026-11-28");
    expect(isOverdue("2026-11-26", "2026-11-27")).toBe(true);
    expect(isOverdue("2026-11-27", "2026-11-27")).toBe(false);
  });
});

describe("a card moved on the board before the server answers", () => {
  it("leaves its column, heads the new one, and the counts follow", () => {
    const board: Board = {
      columns: [
        { stage: stage("a", "New"), total: 3, totalIsAtLeast: false, cards: [card("x"), card("y")] },
        { stage: stage("b", "Contacted"), total: 1, totalIsAtLeast: false, cards: [card("z")] },
      ],
      lostReasons: [],
    };
    const moved = moveCard(board, "y", "b");
    expect(moved.columns.map((column) => [column.total, column.cards.map((item) => item.id)])).toEqual([
      [2, ["x"]],
      [2, ["y", "z"]],
    ]);
    expect(moveCard(board, "nobody", "b")).toBe(board);
  });

  it("leaves a column's 'more than' count as it is", () => {
    const board: Board = {
      columns: [
        { stage: stage("a", "New"), total: 1001, totalIsAtLeast: true, cards: [card("x"), card("y")] },
        { stage: stage("b", "Contacted"), total: 1, totalIsAtLeast: false, cards: [card("z")] },
      ],
      lostReasons: [],
    };
    expect(moveCard(board, "y", "b").columns.map((column) => column.total)).toEqual([1001, 2]);
  });
});
