import { describe, expect, it } from "vitest";
import { balanceInWords, formatMinutes, formatPercent, hoursText, parseHours, parsePercent, percentText } from "./format.ts";

describe("billing formats", () => {
  it("writes basis points as percent and reads percent text back exactly", () => {
    expect(formatPercent(2000)).toBe("20 %");
    expect(formatPercent(1250)).toBe("12.5 %");
    expect(formatPercent(5)).toBe("0.05 %");
    expect(percentText(550)).toBe("5.5");
    expect(parsePercent("5.5")).toBe(550);
    expect(parsePercent("12.34 %")).toBe(1234);
    expect(parsePercent("100")).toBe(10_000);
    for (const refused of ["", "half", "100.01", "-5", "1.234", "1e2"]) expect(parsePercent(refused)).toBeUndefined();
    for (let bps = 0; bps <= 10_000; bps += 37) expect(parsePercent(percentText(bps))).toBe(bps);
  });

  it("writes minutes as hours and reads hours that make whole minutes", () => {
    expect(formatMinutes(450)).toBe("7 h 30 min");
    expect(formatMinutes(60)).toBe("1 h");
    expect(formatMinutes(45)).toBe("45 min");
    expect(formatMinutes(0)).toBe("0 h");
    expect(hoursText(90)).toBe("1.5");
    expect(hoursText(120)).toBe("2");
    expect(parseHours("1.5")).toBe(90);
    expect(parseHours("0.25")).toBe(15);
    expect(parseHours("0.33")).toBeUndefined();
    expect(parseHours("two")).toBeUndefined();
  });

  it("says a balance in words: owed, in the family's favour, or nothing", () => {
    expect(balanceInWords(5000, "GBP")).toBe("You owe £50.00");
    expect(balanceInWords(-1250, "GBP")).toBe("£12.50 in your favour (credit)");
    expect(balanceInWords(0, "GBP")).toBe("Nothing owed");
  });
});
