import { formatMoney, minorToDecimal } from "../../shared/money.ts";

/**
 * The one place the web writes money: amounts are whole minor units of the workspace's
 * currency (src/shared/money.ts), shown as "£45.50", a rate per hour as "£45.50 / h", and put
 * in a money field as the digits typed ("45.50").
 */
export { formatMoney, parseMoney, type Money } from "../../shared/money.ts";

/** An hourly rate: "£55.50 / h". */
export const formatHourlyRate = (minor: number, currency: string) => `${formatMoney(minor, currency)} / h`;

/** Minor units as the text a money field holds: 4550 GBP → "45.50"; null → "". */
export const moneyText = (minor: number | null, currency: string) => (minor === null ? "" : minorToDecimal(minor, currency));

/** The currency's symbol beside a money field ("£", "$", "CHF"). */
export function currencySymbol(currency: string): string {
  return new Intl.NumberFormat("en", { style: "currency", currency }).formatToParts(0).find((part) => part.type === "currency")?.value ?? currency;
}
