import { describe, expect, it } from "vitest";
import type { Chart } from "../../../shared/schemas/analytics.ts";
import { chartData, chartHasData, chartTable, csvFileName, stepLabel, tableCsv } from "./chart-table.ts";
import { describeChange, formatCell, formatValue, plainNumber } from "./format.ts";
import { groupOf } from "./groups.ts";
import { recordHref } from "./record-links.ts";

const hours: Chart = {
  kind: "category",
  labelHeading: "Tutor",
  labels: ["Tina Tutor", 'Smith, Jo "JJ"', "=HYPERLINK(1)"],
  series: [
    { name: "Hours delivered", unit: "minutes", values: [150, 45, 0] },
    { name: "Previous period", unit: "minutes", values: [60, null, 90] },
  ],
};

describe("a figure's numbers by unit", () => {
  it("writes the value on the card: money, hours, a percentage, a rating, a count, days", () => {
    expect(formatValue("money", 125000, "GBP")).toBe("£1,250.00");
    expect(formatValue("money", 1500, "JPY")).toBe("¥1,500");
    expect(formatValue("minutes", 750, "GBP")).toBe("12.5 h");
    expect(formatValue("share", 0.4567, "GBP")).toBe("45.7%");
    expect(formatValue("rating", 4, "GBP")).toBe("4.0");
    expect(formatValue("count", 1234, "GBP")).toBe("1,234");
    expect(formatValue("days", 1, "GBP")).toBe("1 day");
    expect(formatValue("days", 2.46, "GBP")).toBe("2.5 days");
    expect(formatValue("count", null, "GBP")).toBe("–");
  });

  it("writes plain numbers for tables and files, the unit left to the heading", () => {
    expect(plainNumber("money", 125000, "GBP")).toBe("1250.00");
    expect(plainNumber("minutes", 45, "GBP")).toBe("0.8");
    expect(plainNumber("share", 0.5, "GBP")).toBe("50");
    expect(plainNumber("rating", 3.96, "GBP")).toBe("4.0");
    expect(plainNumber("count", null, "GBP")).toBe("");
  });

  it("says the change from the previous period, coloured by which way is better", () => {
    expect(describeChange("minutes", "higher", 750, 600, "GBP")).toEqual({ direction: "up", tone: "good", text: "Up 2.5 h (25%)" });
    expect(describeChange("money", "lower", 20000, 10000, "GBP")).toEqual({ direction: "up", tone: "bad", text: "Up £100.00 (100%)" });
    expect(describeChange("share", "higher", 0.4, 0.5, "GBP")).toEqual({ direction: "down", tone: "bad", text: "Down 10 points" });
    expect(describeChange("count", null, 3, 5, "GBP")).toEqual({ direction: "down", tone: "neutral", text: "Down 2 (40%)" });
    expect(describeChange("count", "higher", 3, 0, "GBP").text).toBe("Up 3");
    expect(describeChange("count", "higher", 3, 3, "GBP")).toEqual({ direction: "same", tone: "neutral", text: "No change" });
    expect(describeChange("minutes", "higher", 601, 600, "GBP").text).toBe("About the same");
    expect(describeChange("share", "higher", null, 0.5, "GBP").direction).toBe("none");
    expect(describeChange("share", "higher", 0.51, 0.5, "GBP").text).toBe("Up 1 point");
    expect(describeChange("money", "higher", 1439500, 199000, "GBP").text).toBe("Up £12,405.00 (623%)");
    expect(describeChange("count", "higher", 103, 100, "GBP").text).toBe("Up 3 (3%)");
    expect(describeChange("count", "higher", 1035, 1000, "GBP").text).toBe("Up 35 (3.5%)");
  });

  it("writes a row's cells by their column's unit", () => {
    const day = (value: string) => `day ${value}`;
    expect(formatCell({ unit: "date" }, "2026-11-12", "GBP", day)).toBe("day 2026-11-12");
    expect(formatCell({ unit: "minutes" }, 90, "GBP", day)).toBe("1.5 h");
    expect(formatCell({ unit: "text" }, "Maths", "GBP", day)).toBe("Maths");
    expect(formatCell({ unit: "money" }, null, "GBP", day)).toBe("–");
  });
});

describe("a chart as a table and a CSV file", () => {
  it("holds the chart's labels and each series in the units shown, the unit in each heading", () => {
    expect(chartTable(hours, "GBP")).toEqual({
      headings: ["Tutor", "Hours delivered (hours)", "Previous period (hours)"],
      rows: [
        ["Tina Tutor", "2.5", "1"],
        ['Smith, Jo "JJ"', "0.8", ""],
        ["=HYPERLINK(1)", "0", "1.5"],
      ],
    });
    expect(chartData(hours, "GBP")[1]).toEqual({ label: 'Smith, Jo "JJ"', s0: 0.8, s1: null });
  });

  it("writes the table as RFC 4180 CSV: quoted where needed, CRLF lines, formulas defused, a BOM first", () => {
    expect(tableCsv(chartTable(hours, "GBP"))).toBe(
      "\uFEFFTutor,Hours delivered (hours),Previous period (hours)\r\n" + "Tina Tutor,2.5,1\r\n" + '"Smith, Jo ""JJ""",0.8,\r\n' + "'=HYPERLINK(1),0,1.5\r\n",
    );
    const money: Chart = { kind: "time", labelHeading: "Month", labels: ["Oct 2026"], series: [{ name: "Revenue", unit: "money", values: [-4550] }] };
    expect(tableCsv(chartTable(money, "GBP"))).toBe("\uFEFFMonth,Revenue (GBP)\r\nOct 2026,-45.50\r\n");
    expect(csvFileName("hours-by-tutor", { from: "2026-11-01", to: "2026-11-27" })).toBe("glassroom-hours-by-tutor-2026-11-01-to-2026-11-27.csv");
  });

  it("writes a time chart's steps as days and months, longer in the table than on the axis", () => {
    const weeks: Chart = {
      kind: "time",
      labelHeading: "Week of",
      labels: ["2026-11-02", "2026-11-09"],
      series: [{ name: "Sessions", unit: "count", values: [4, null] }],
    };
    expect(chartTable(weeks, "GBP").rows).toEqual([
      ["2 Nov 2026", "4"],
      ["9 Nov 2026", ""],
    ]);
    expect(chartData(weeks, "GBP").map((point) => point.label)).toEqual(["2 Nov", "9 Nov"]);
    expect(stepLabel("2026-01")).toBe("Jan 2026");
    expect(stepLabel("Maya Chen")).toBe("Maya Chen");
  });

  it("says a chart without labels or values has nothing to draw", () => {
    expect(chartHasData(hours)).toBe(true);
    expect(chartHasData(null)).toBe(false);
    expect(chartHasData({ ...hours, labels: [], series: [{ name: "Hours delivered", unit: "minutes", values: [] }] })).toBe(false);
    expect(chartHasData({ ...hours, labels: ["a"], series: [{ name: "Hours delivered", unit: "minutes", values: [0] }] })).toBe(false);
    // None of one session's reports on time is a share that was counted: 0%, charted.
    expect(chartHasData({ ...hours, labels: ["a"], series: [{ name: "Filed within 48 hours", unit: "share", values: [0] }] })).toBe(true);
    expect(chartHasData({ ...hours, labels: ["a"], series: [{ name: "Filed within 48 hours", unit: "share", values: [null] }] })).toBe(false);
  });
});

describe("where a figure's rows and cards go", () => {
  it("links a row to its record in the viewer's own area, or nowhere when the area has no such page", () => {
    expect(recordHref("admin", { kind: "session", id: "s1" })).toBe("/admin/sessions/s1");
    expect(recordHref("parent", { kind: "session", id: "s1" })).toBe("/parent/sessions/s1");
    expect(recordHref("tutor", { kind: "student", id: "st" })).toBe("/tutor/students/st");
    expect(recordHref("admin", { kind: "tutor", id: "m1" })).toBe("/admin/tutors/m1");
    expect(recordHref("parent", { kind: "invoice", id: "i1" })).toBe("/parent/billings/invoices/i1");
    expect(recordHref("tutor", { kind: "lead", id: "l1" })).toBe("/tutor/crm/leads/l1");
    expect(recordHref("tutor", { kind: "invoice", id: "i1" })).toBeNull();
    expect(recordHref("student", { kind: "payment", id: "p1" })).toBeNull();
    expect(recordHref("admin", null)).toBeNull();
  });

  it("groups the admin's figures by what their key says", () => {
    const info = (key: string, unit: "money" | "count" | "minutes" = "count") => ({ key, name: key, definition: "", unit, better: null, filters: [] });
    expect(groupOf(info("hours-by-tutor", "minutes"))).toBe("Teaching");
    expect(groupOf(info("revenue", "money"))).toBe("Money");
    expect(groupOf(info("invoices-overdue"))).toBe("Money");
    expect(groupOf(info("active-students"))).toBe("Students");
    expect(groupOf(info("students-active"))).toBe("Students");
    expect(groupOf(info("student-retention"))).toBe("Students");
    expect(groupOf(info("tutor-utilisation"))).toBe("Tutors");
    expect(groupOf(info("lead-conversion"))).toBe("Leads");
    expect(groupOf(info("new-leads"))).toBe("Leads");
    expect(groupOf(info("students-at-risk"))).toBe("Health");
  });
});
