import { describe, expect, it } from "vitest";
import { formatMoney, parseMoney } from "./money.ts";

describe("money", () => {
  it("formats minor units in the currency", () => {
    expect(formatMoney(4550, "GBP")).toBe("£45.50");
    expect(formatMoney(0, "USD")).toBe("$0.00");
    expect(formatMoney(1200, "JPY")).toBe("¥1,200");
  });

  it("parses an amount into minor units and refuses what is not one", () => {
    expect(parseMoney("45.5", "GBP")).toBe(4550);
    expect(parseMoney("1,200.05", "USD")).toBe(120005);
    expect(parseMoney("1200", "JPY")).toBe(1200);
    expect(parseMoney("12.345", "GBP")).toBeUndefined();
    expect(parseMoney("-3", "GBP")).toBeUndefined();
    expect(parseMoney("ten", "GBP")).toBeUndefined();
    expect(parseMoney("1.5", "JPY")).toBeUndefined();
  });
});
