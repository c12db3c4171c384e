import { describe, expect, it } from "vitest";
import { statementLineDetail, statementLineKind, timeAndRate } from "./format.ts";

describe("tutor pay's words", () => {
  it("names a line by its subject and basis, a session without a report, an adjustment by its kind, and a reversal", () => {
    expect(statementLineKind({ kind: "session", subject: "Mathematics", basis: "attended", category: null })).toBe("Mathematics · Taught");
    expect(statementLineKind({ kind: "session", subject: "Physics", basis: "no_show", category: null })).toBe("Physics · No-show");
    expect(statementLineKind({ kind: "session", subject: "Physics", basis: null, category: null })).toBe("Physics · Not reported yet");
    expect(statementLineKind({ kind: "adjustment", subject: null, basis: null, category: "travel" })).toBe("Travel adjustment");
    expect(statementLineKind({ kind: "reversal", subject: "Physics", basis: "attended", category: null })).toBe("Reversal of an earlier line");
  });

  it("shows an adjustment's reason and a reversal's description under it, nothing for a session", () => {
    expect(statementLineDetail({ kind: "adjustment", description: "Travel: Bus fare", reason: "Bus fare" })).toBe("Bus fare");
    expect(statementLineDetail({ kind: "reversal", description: "Reversed: Physics session", reason: "" })).toBe("Reversed: Physics session");
    expect(statementLineDetail({ kind: "session", description: "Physics session of Mon 2 Mar 2026, 1 h", reason: "" })).toBeNull();
  });

  it("says the time and rate of a line, with a share other than the whole", () => {
    expect(timeAndRate({ minutes: 60, rateMinor: 3000, shareBps: 10_000 }, "GBP")).toBe("1 h at £30.00 / h");
    expect(timeAndRate({ minutes: 30, rateMinor: 3000, shareBps: 5_000 }, "GBP")).toBe("30 min at £30.00 / h (50 %)");
    expect(timeAndRate({ minutes: 90, rateMinor: null, shareBps: null }, "GBP")).toBe("1 h 30 min");
    expect(timeAndRate({ minutes: null, rateMinor: null, shareBps: null }, "GBP")).toBe("—");
  });
});
