import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { currencyDecimals, formatMoney, minorToDecimal, parseMoney } from "./money.ts";

describe("money", () => {
  it("knows each currency's decimals", () => {
    expect([currencyDecimals("GBP"), currencyDecimals("JPY"), currencyDecimals("KWD")]).toEqual([2, 0, 3]);
  });

  it("formats minor units in the currency and the locale", () => {
    expect(formatMoney(4550, "GBP")).toBe("£45.50");
    expect(formatMoney(0, "USD")).toBe("$0.00");
    expect(formatMoney(1200, "JPY")).toBe("¥1,200");
    expect(formatMoney(-5, "GBP")).toBe("-£0.05");
    expect(formatMoney(1234567, "KWD")).toBe("KWD\u00a01,234.567");
    expect(formatMoney(123456, "EUR", "de-DE")).toBe("1.234,56\u00a0€");
  });

  it("formats amounts past what a float's cents survive, digit for digit", () => {
    // 2^53 - 1 cents: divided by 100 as a float, the last digits would be lost.
    expect(formatMoney(Number.MAX_SAFE_INTEGER, "USD")).toBe("$90,071,992,547,409.91");
    expect(minorToDecimal(Number.MAX_SAFE_INTEGER, "USD")).toBe("90071992547409.91");
    expect(() => minorToDecimal(1.5, "USD")).toThrow(RangeError);
  });

  it("parses an amount into minor units and refuses what is not one", () => {
    expect(parseMoney("45.5", "GBP")).toBe(4550);
    expect(parseMoney("1,200.05", "USD")).toBe(120005);
    expect(parseMoney("1200", "JPY")).toBe(1200);
    expect(parseMoney("0.1", "KWD")).toBe(100);
    expect(parseMoney("12.345", "GBP")).toBeUndefined();
    expect(parseMoney("-3", "GBP")).toBeUndefined();
    expect(parseMoney("ten", "GBP")).toBeUndefined();
    expect(parseMoney("1.5", "JPY")).toBeUndefined();
    expect(parseMoney("99999999999999999999", "GBP")).toBeUndefined();
  });

  it("turns any amount into its decimal text and back unchanged", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.constantFrom("GBP", "JPY", "KWD"), (minor, currency) => {
        expect(parseMoney(minorToDecimal(minor, currency), currency)).toBe(minor);
      }),
    );
  });
});
