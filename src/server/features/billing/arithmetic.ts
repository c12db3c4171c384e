/**
 * The arithmetic of billing, on whole minor units and basis points with BigInt intermediate
 * values: no floating point, and every rounding half-up (half away from zero) at one named
 * step. Amounts come in and go out as safe JavaScript integers.
 */
import { BASIS_POINTS } from "../../../shared/billing-states.ts";

/** numerator ÷ denominator rounded half away from zero (denominator > 0). */
export function divideRoundingHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError("divide by a positive number");
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (magnitude * 2n + denominator) / (denominator * 2n);
  return negative ? -rounded : rounded;
}

const toSafe = (value: bigint): number => {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new RangeError(`${value} minor units is out of range`);
  return number;
};

/** The price of `minutes` at an hourly rate: rate × minutes ÷ 60, rounded half-up to a minor unit. */
export function chargeForMinutes(hourlyRateMinor: number, minutes: number): number {
  return toSafe(divideRoundingHalfUp(BigInt(hourlyRateMinor) * BigInt(minutes), 60n));
}

/** The minutes a policy share charges of a session: minutes × share, rounded half-up to a whole minute. */
export function minutesAtShare(minutes: number, shareBps: number): number {
  return toSafe(divideRoundingHalfUp(BigInt(minutes) * BigInt(shareBps), BigInt(BASIS_POINTS)));
}

/** The tax in an amount at a rate: added to a net amount, or contained in a gross one. */
export function taxOf(amountMinor: number, rateBps: number, pricesIncludeTax: boolean): number {
  const amount = BigInt(amountMinor);
  const rate = BigInt(rateBps);
  return toSafe(
    pricesIncludeTax ? divideRoundingHalfUp(amount * rate, BigInt(BASIS_POINTS) + rate) : divideRoundingHalfUp(amount * rate, BigInt(BASIS_POINTS)),
  );
}

export interface TaxedLine {
  amountMinor: number;
  taxRateId: string | null;
  taxRateBps: number;
  taxRateName: string;
}

export interface TaxBand {
  taxRateId: string | null;
  name: string;
  rateBps: number;
  /** The lines' amounts at this rate, as priced (net, or gross when prices include tax). */
  amountMinor: number;
  taxMinor: number;
}

export interface DocumentTotals {
  /** The sum of the lines as priced. */
  subtotalMinor: number;
  taxMinor: number;
  /** What the family owes: the subtotal, plus the tax when prices exclude it. */
  totalMinor: number;
  bands: TaxBand[];
}

/**
 * An invoice's (or credit note's) totals: the lines grouped by tax rate, the tax of each group
 * rounded half-up once on the group's total (not per line), then summed.
 */
export function documentTotals(lines: readonly TaxedLine[], pricesIncludeTax: boolean): DocumentTotals {
  const bands = new Map<string, TaxBand>();
  for (const line of lines) {
    const key = `${line.taxRateId ?? "none"}:${line.taxRateBps}`;
    const band = bands.get(key) ?? { taxRateId: line.taxRateId, name: line.taxRateName, rateBps: line.taxRateBps, amountMinor: 0, taxMinor: 0 };
    band.amountMinor = toSafe(BigInt(band.amountMinor) + BigInt(line.amountMinor));
    bands.set(key, band);
  }
  const list = [...bands.values()].map((band) => ({ ...band, taxMinor: taxOf(band.amountMinor, band.rateBps, pricesIncludeTax) }));
  const subtotal = list.reduce((sum, band) => sum + BigInt(band.amountMinor), 0n);
  const tax = list.reduce((sum, band) => sum + BigInt(band.taxMinor), 0n);
  return {
    subtotalMinor: toSafe(subtotal),
    taxMinor: toSafe(tax),
    totalMinor: toSafe(pricesIncludeTax ? subtotal : subtotal + tax),
    bands: list.filter((band) => band.rateBps > 0 || band.taxRateId !== null),
  };
}

/** The rule printed on a document, e.g. "Prices exclude VAT. VAT is 20 % of each rate's total, rounded half-up to the penny." */
export function taxRuleText(pricesIncludeTax: boolean, bands: readonly TaxBand[]): string {
  if (bands.every((band) => band.rateBps === 0)) return "No tax is charged on these items.";
  const rates = bands
    .filter((band) => band.rateBps > 0)
    .map((band) => `${band.name} ${formatBps(band.rateBps)}`)
    .join(", ");
  return pricesIncludeTax
    ? `Prices include tax (${rates}). The tax shown is contained in each rate's total: total × rate ÷ (100 % + rate), rounded half-up to the smallest unit.`
    : `Prices exclude tax (${rates}). Tax is added on each rate's total: total × rate, rounded half-up to the smallest unit.`;
}

/** 2000 → "20 %"; 1250 → "12.5 %". */
export function formatBps(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const fraction = (bps % 100).toString().padStart(2, "0").replace(/0+$/, "");
  return `${whole}${fraction ? `.${fraction}` : ""} %`;
}
