/**
 * The arithmetic of pay, on whole minor units and basis points with BigInt intermediate values,
 * rounded half-up (half away from zero) as billing rounds a charge: a session paid at a rate
 * for some minutes is priced exactly as billing would charge it. Features reach each other only
 * through their index files, and billing's arithmetic is not exported there, so the few rules
 * pay needs are written here to the same definitions (billing/arithmetic.ts).
 */
import { BASIS_POINTS } from "../../../shared/billing-states.ts";

function divideRoundingHalfUp(numerator: bigint, denominator: bigint): bigint {
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

/** The pay for `minutes` at an hourly rate: rate × minutes ÷ 60, rounded half-up to a minor unit. */
export const payForMinutes = (hourlyRateMinor: number, minutes: number): number =>
  toSafe(divideRoundingHalfUp(BigInt(hourlyRateMinor) * BigInt(minutes), 60n));

/** The minutes a policy share pays of a session: minutes × share, rounded half-up to a whole minute. */
export const minutesAtShare = (minutes: number, shareBps: number): number =>
  toSafe(divideRoundingHalfUp(BigInt(minutes) * BigInt(shareBps), BigInt(BASIS_POINTS)));

/** 5000 → "50 %"; 1250 → "12.5 %". */
export function formatBps(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const fraction = (bps % 100).toString().padStart(2, "0").replace(/0+$/, "");
  return `${whole}${fraction ? `.${fraction}` : ""} %`;
}

/** 90 → "1 h 30 min". */
export function describeMinutes(minutes: number): string {
  const hours = Math.trunc(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
