import { describe, expect, it } from "vitest";
import { currencySymbol, formatHourlyRate, formatMoney, moneyText } from "./format-money.ts";

describe("the one money formatter", () => {
  it("shows amounts and hourly rates in the workspace's currency", () => {
    expect(formatMoney(4250, "GBP")).toBe("£42.50");
    expect(formatHourlyRate(5550, "GBP")).toBe("£55.50 / h");
    expect(formatHourlyRate(4500, "JPY")).toBe("¥4,500 / h");
  });

  it("writes minor units back as the digits a money field holds, exactly", () => {
    expect(moneyText(4550, "GBP")).toBe("45.50");
    expect(moneyText(4500, "JPY")).toBe("4500");
    expect(moneyText(1234567, "KWD")).toBe("1234.567");
    // Past what a float's cents survive: built from the digits.
    expect(moneyText(Number.MAX_SAFE_INTEGER, "USD")).toBe("90071992547409.91");
    expect(moneyText(null, "GBP")).toBe("");
  });

  it("names the currency beside a field by its symbol", () => {
    expect([currencySymbol("GBP"), currencySymbol("USD"), currencySymbol("CHF")]).toEqual(["£", "$", "CHF"]);
  });
});
