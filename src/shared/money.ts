/** Money is held as whole minor units (cents, pence) with the workspace's ISO currency. */

function fractionDigitsOf(currency: string): number {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** 4550 GBP → "£45.50" (in the given locale). */
export function formatMoney(minor: number, currency: string, locale = "en"): string {
  const digits = fractionDigitsOf(currency);
  return new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    minor / 10 ** digits,
  );
}

/** "45.50" → 4550 for a two-decimal currency; undefined when the text is not an amount. */
export function parseMoney(text: string, currency: string): number | undefined {
  const digits = fractionDigitsOf(currency);
  const cleaned = text.trim().replace(/[,\s]/g, "");
  const pattern = digits === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`);
  if (!pattern.test(cleaned)) return undefined;
  const [whole, fraction = ""] = cleaned.split(".");
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
}
