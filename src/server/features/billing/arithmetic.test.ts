import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chargeForMinutes, divideRoundingHalfUp, documentTotals, formatBps, minutesAtShare, taxOf, taxRuleText } from "./arithmetic.ts";

describe("divideRoundingHalfUp", () => {
  it("rounds halves away from zero and everything else to the nearest", () => {
    expect(divideRoundingHalfUp(5n, 2n)).toBe(3n);
    expect(divideRoundingHalfUp(-5n, 2n)).toBe(-3n);
    expect(divideRoundingHalfUp(7n, 3n)).toBe(2n);
    expect(divideRoundingHalfUp(8n, 3n)).toBe(3n);
    expect(divideRoundingHalfUp(0n, 7n)).toBe(0n);
  });

  it("is within half a unit of the exact quotient, and exactly half only when it rounded away from zero", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.bigInt({ min: 1n, max: 10n ** 6n }), (numerator, denominator) => {
        const rounded = divideRoundingHalfUp(numerator, denominator);
        // |rounded × d − n| ≤ d / 2, compared on integers: |2(rounded × d − n)| ≤ d.
        const twiceError = 2n * (rounded * denominator - numerator);
        const magnitude = twiceError < 0n ? -twiceError : twiceError;
        expect(magnitude <= denominator).toBe(true);
        if (magnitude === denominator) expect(rounded * denominator - numerator > 0n === numerator > 0n).toBe(true);
      }),
    );
  });

  it("refuses a zero or negative divisor", () => {
    expect(() => divideRoundingHalfUp(1n, 0n)).toThrow(RangeError);
  });
});

describe("charges", () => {
  it("an hour costs the hourly rate, and part of an hour its share rounded half-up", () => {
    expect(chargeForMinutes(4550, 60)).toBe(4550);
    expect(chargeForMinutes(4550, 90)).toBe(6825);
    expect(chargeForMinutes(4555, 30)).toBe(2278); // 2277.5 → 2278
    expect(chargeForMinutes(1, 20)).toBe(0); // a third of a penny
    expect(chargeForMinutes(5000, 0)).toBe(0);
  });

  it("a policy share of a session's minutes is rounded half-up to a whole minute", () => {
    expect(minutesAtShare(60, 10_000)).toBe(60);
    expect(minutesAtShare(60, 5_000)).toBe(30);
    expect(minutesAtShare(45, 5_000)).toBe(23); // 22.5 → 23
    expect(minutesAtShare(60, 0)).toBe(0);
  });
});

describe("tax", () => {
  it("added to a net amount or contained in a gross one, rounded half-up", () => {
    expect(taxOf(1000, 2000, false)).toBe(200);
    expect(taxOf(1200, 2000, true)).toBe(200);
    expect(taxOf(99, 2000, true)).toBe(17); // 16.5 → 17
    expect(taxOf(33, 2000, false)).toBe(7); // 6.6 → 7
  });

  it("is rounded once per rate on the document's total, not per line: three lines of 0.33 at 20 % carry 0.20 of tax, not 0.21", () => {
    const line = { amountMinor: 33, taxRateId: "vat", taxRateBps: 2000, taxRateName: "VAT" };
    const totals = documentTotals([line, line, line], false);
    expect(totals).toMatchObject({ subtotalMinor: 99, taxMinor: 20, totalMinor: 119 });
    expect(totals.bands).toEqual([{ taxRateId: "vat", name: "VAT", rateBps: 2000, amountMinor: 99, taxMinor: 20 }]);
  });

  it("groups lines by rate; with prices including tax the total is the subtotal", () => {
    const totals = documentTotals(
      [
        { amountMinor: 6000, taxRateId: "vat", taxRateBps: 2000, taxRateName: "VAT" },
        { amountMinor: 1500, taxRateId: "zero", taxRateBps: 0, taxRateName: "Zero rated" },
        { amountMinor: 6000, taxRateId: "vat", taxRateBps: 2000, taxRateName: "VAT" },
      ],
      true,
    );
    expect(totals).toMatchObject({ subtotalMinor: 13_500, taxMinor: 2000, totalMinor: 13_500 });
    expect(totals.bands.map((band) => [band.name, band.amountMinor, band.taxMinor])).toEqual([
      ["VAT", 12_000, 2000],
      ["Zero rated", 1500, 0],
    ]);
  });

  it("for any lines: the bands add up to the subtotal, and the total is the subtotal plus the tax when prices exclude it", () => {
    const lines = fc.array(
      fc.record({
        amountMinor: fc.integer({ min: 0, max: 10_000_000 }),
        taxRateBps: fc.constantFrom(0, 500, 1250, 2000),
      }),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(lines, fc.boolean(), (drawn, inclusive) => {
        const taxed = drawn.map((line) => ({ ...line, taxRateId: `rate-${line.taxRateBps}`, taxRateName: `${line.taxRateBps}` }));
        const totals = documentTotals(taxed, inclusive);
        const sum = taxed.reduce((total, line) => total + line.amountMinor, 0);
        expect(totals.subtotalMinor).toBe(sum);
        expect(totals.bands.reduce((total, band) => total + band.amountMinor, 0)).toBe(sum);
        expect(totals.taxMinor).toBe(totals.bands.reduce((total, band) => total + band.taxMinor, 0));
        expect(totals.totalMinor).toBe(inclusive ? sum : sum + totals.taxMinor);
        for (const band of totals.bands) expect(band.taxMinor).toBeLessThanOrEqual(band.amountMinor);
      }),
    );
  });

  it("in yen (no minor unit) the same rules give whole yen", () => {
    expect(documentTotals([{ amountMinor: 1999, taxRateId: "ct", taxRateBps: 1000, taxRateName: "Consumption tax" }], false)).toMatchObject({
      taxMinor: 200,
      totalMinor: 2199,
    });
  });

  it("names its rule in words", () => {
    const bands = documentTotals([{ amountMinor: 1000, taxRateId: "vat", taxRateBps: 2000, taxRateName: "VAT" }], false).bands;
    expect(taxRuleText(false, bands)).toMatch(/^Prices exclude tax \(VAT 20 %\)/);
    expect(taxRuleText(true, bands)).toMatch(/^Prices include tax \(VAT 20 %\)/);
    expect(taxRuleText(false, [])).toBe("No tax is charged on these items.");
    expect(formatBps(1250)).toBe("12.5 %");
    expect(formatBps(2000)).toBe("20 %");
    expect(formatBps(5)).toBe("0.05 %");
  });
});
