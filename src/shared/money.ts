/**
 * Money: whole minor units (cents, pence; yen have none) of an ISO 4217 currency, never a
 * floating-point amount. Amounts are JavaScript integers (exact up to 2^53 minor units, far past
 * any tutoring amount) and bigint columns in the database; conversions to and from decimal text
 * work on the digits, so no amount is ever rounded by binary fractions.
 */

export interface Money {
  minor: number;
  currency: string;
}

/** The number of decimals of a currency: 2 for GBP and USD, 0 for JPY, 3 for KWD. */
export function currencyDecimals(currency: string): number {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** 4550 GBP → "45.50"; -5 GBP → "-0.05"; 1200 JPY → "1200". Exact: built from the digits. */
export function minorToDecimal(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`${minor} is not a whole number of minor units`);
  const decimals = currencyDecimals(currency);
  const digits = Math.abs(minor)
    .toString()
    .padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${minor < 0 ? "-" : ""}${whole}${decimals > 0 ? `.${fraction}` : ""}`;
}

/** 4550 GBP → "£45.50" in the given locale (Intl formats the exact decimal text, not a float). */
export function formatMoney(minor: number, currency: string, locale = "en"): string {
  const decimals = currencyDecimals(currency);
  const format = new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return format.format(minorToDecimal(minor, currency) as Intl.StringNumericLiteral);
}

/** "45.50" → 4550 for a two-decimal currency; undefined when the text is not an amount (or too large). */
export function parseMoney(text: string, currency: string): number | undefined {
  const decimals = currencyDecimals(currency);
  const cleaned = text.trim().replace(/[,\s]/g, "");
  const pattern = decimals === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`);
  if (!pattern.test(cleaned)) return undefined;
  const [whole = "0", fraction = ""] = cleaned.split(".");
  const minor = Number(BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, "0") || "0"));
  return Number.isSafeInteger(minor) ? minor : undefined;
}
