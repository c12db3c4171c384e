import { describe, expect, it } from "vitest";
import type { StudentDetail } from "../../../shared/schemas/students.ts";
import { moneyText } from "../../lib/format-money.ts";
import { assignmentState, displayName, readMoney, sortAssignments, studentChanges, studentFormValues, todayIn } from "./format.ts";

const student: StudentDetail = {
  id: "0c0e8b7e-0000-4000-8000-000000000001",
  name: "Alexandra Smith",
  preferredName: "Alex",
  grade: "Year 9",
  school: null,
  subjects: ["Mathematics", "Physics"],
  goals: "Grade 7 in GCSE maths",
  notes: "",
  status: "active",
  login: null,
  guardians: [],
  assignments: [],
  createdAt: "2026-01-01T00:00:00Z",
  updatedAt: "2026-01-01T00:00:00Z",
  erasedAt: null,
};

describe("displayName", () => {
  it("adds the preferred name when it differs", () => {
    expect(displayName(student)).toBe("Alexandra Smith (Alex)");
    expect(displayName({ name: "Sam", preferredName: null })).toBe("Sam");
    expect(displayName({ name: "Sam", preferredName: "Sam" })).toBe("Sam");
  });
});

describe("todayIn", () => {
  const instant = new Date("2026-03-01T23:30:00Z");
  it("is the calendar day in the zone, not in UTC", () => {
    expect(todayIn("UTC", instant)).toBe("2026-03-01");
    expect(todayIn("Asia/Tokyo", instant)).toBe("2026-03-02");
    expect(todayIn("America/Los_Angeles", instant)).toBe("2026-03-01");
  });
});

describe("assignments", () => {
  it("are current, starting later or ended on a day", () => {
    expect(assignmentState({ startsOn: "2026-01-01", endsOn: null }, "2026-03-01")).toBe("current");
    expect(assignmentState({ startsOn: "2026-01-01", endsOn: "2026-03-01" }, "2026-03-01")).toBe("current");
    expect(assignmentState({ startsOn: "2026-01-01", endsOn: "2026-02-28" }, "2026-03-01")).toBe("ended");
    expect(assignmentState({ startsOn: "2026-03-02", endsOn: null }, "2026-03-01")).toBe("upcoming");
  });
  it("list current first, then later, then ended", () => {
    const sorted = sortAssignments(
      [
        { id: "ended", startsOn: "2025-01-01", endsOn: "2025-06-01" },
        { id: "later", startsOn: "2027-01-01", endsOn: null },
        { id: "old", startsOn: "2025-09-01", endsOn: null },
        { id: "new", startsOn: "2026-02-01", endsOn: null },
      ],
      "2026-03-01",
    );
    expect(sorted.map((item) => item.id)).toEqual(["new", "old", "later", "ended"]);
  });
});

describe("money fields", () => {
  it("read empty as none, amounts as minor units, and name the field otherwise", () => {
    expect(readMoney("", "GBP", "Rate")).toEqual({ minor: null });
    expect(readMoney(" 45.5 ", "GBP", "Rate")).toEqual({ minor: 4550 });
    expect(readMoney("1,200", "USD", "Rate")).toEqual({ minor: 120000 });
    expect(readMoney("4500", "JPY", "Rate")).toEqual({ minor: 4500 });
    expect(readMoney("45.505", "GBP", "Pay rate")).toEqual({ error: "Pay rate must be an amount such as 45.50." });
    expect(readMoney("-3", "GBP", "Rate")).toEqual({ error: "Rate must be an amount such as 45.50." });
    expect(readMoney("100000.01", "GBP", "Rate")).toEqual({ error: "Rate must be at most £100,000.00." });
  });
  it("write minor units back as the text typed", () => {
    expect(moneyText(4550, "GBP")).toBe("45.50");
    expect(moneyText(4500, "JPY")).toBe("4500");
    expect(moneyText(null, "GBP")).toBe("");
  });
});

describe("studentChanges", () => {
  it("is empty when nothing changed", () => {
    expect(studentChanges(studentFormValues(student), student)).toEqual({});
  });
  it("sends only changed fields, trimmed, with cleared optional texts as null", () => {
    const values = { ...studentFormValues(student), name: " Alexandra Smythe ", preferredName: "", school: "Hill School", subjects: ["Mathematics"] };
    expect(studentChanges(values, student)).toEqual({ name: "Alexandra Smythe", preferredName: null, school: "Hill School", subjects: ["Mathematics"] });
  });
});
