import type { AutopayChargeState, CheckoutState, DisputeState, PaymentMethod, PurchaseStatus } from "../../../shared/billing-states.ts";
import { formatMoney } from "../../lib/format-money.ts";

/**
 * Pure helpers of the billing screens: rates in basis points as percent text (both ways, on
 * the digits, never through a float), minutes as hours, a balance in words, and the labels of
 * billing's states.
 */

/** 2000 → "20 %", 1250 → "12.5 %", 0 → "0 %". */
export function formatPercent(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const fraction = (bps % 100).toString().padStart(2, "0").replace(/0+$/, "");
  return `${whole}${fraction ? `.${fraction}` : ""} %`;
}

/** The text a percent field holds for basis points: 2000 → "20", 1250 → "12.5". */
export const percentText = (bps: number) => formatPercent(bps).slice(0, -2);

/** "20" or "12.5" (at most two decimals, 0 to 100) → basis points; undefined for anything else. */
export function parsePercent(text: string): number | undefined {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/\s*%$/, ""));
  if (!match) return undefined;
  const bps = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return bps <= 10_000 ? bps : undefined;
}

/** 450 → "7 h 30 min", 60 → "1 h", 45 → "45 min", 0 → "0 h". */
export function formatMinutes(minutes: number): string {
  const sign = minutes < 0 ? "−" : "";
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  if (hours === 0 && rest > 0) return `${sign}${rest} min`;
  return `${sign}${hours} h${rest > 0 ? ` ${rest} min` : ""}`;
}

/** A ledger balance in words: positive, the family owes it; negative, it is theirs. */
export function balanceInWords(balanceMinor: number, currency: string): string {
  if (balanceMinor > 0) return `You owe ${formatMoney(balanceMinor, currency)}`;
  if (balanceMinor < 0) return `${formatMoney(-balanceMinor, currency)} in your favour (credit)`;
  return "Nothing owed";
}

export const ATTENDANCE_LABELS: Record<string, string> = {
  present: "Present",
  late: "Late",
  absent: "No-show",
  no_show: "No-show",
  cancelled: "Cancelled",
  late_cancelled: "Late cancellation",
};

export const attendanceLabel = (attendance: string | null) => (attendance ? (ATTENDANCE_LABELS[attendance] ?? attendance) : "—");

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: "Cash",
  bank_transfer: "Bank transfer",
  card_terminal: "Card",
  cheque: "Cheque",
  card_online: "Card online (Stripe)",
};

export const PURCHASE_STATUS_LABELS: Record<PurchaseStatus, string> = {
  awaiting_payment: "Awaiting payment",
  active: "Active",
  cancelled: "Cancelled",
};

export const DISPUTE_STATE_LABELS: Record<DisputeState, string> = {
  open: "Open",
  credited: "Credited",
  explained: "Explained",
  withdrawn: "Withdrawn",
};

/** Colours without a shade: the theme keeps an outline badge's text at AA in both colour schemes. */
export const DISPUTE_STATE_COLORS: Record<DisputeState, string> = {
  open: "grape",
  credited: "teal",
  explained: "blue",
  withdrawn: "gray",
};

/** Minutes as the text an hours field holds, to the hundredth of an hour: 90 → "1.5", 120 → "2", 20 → "0.33". */
export function hoursText(minutes: number): string {
  const hundredths = Math.round((minutes * 100) / 60);
  const whole = Math.trunc(hundredths / 100);
  const fraction = (hundredths % 100).toString().padStart(2, "0").replace(/0+$/, "");
  return `${whole}${fraction ? `.${fraction}` : ""}`;
}

/** "1.5" hours → 90 minutes, on the digits; undefined when it is not a number of hours that makes whole minutes. */
export function parseHours(text: string): number | undefined {
  const match = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const hundredths = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return (hundredths * 60) % 100 === 0 ? (hundredths * 60) / 100 : undefined;
}

/** A saved card as the family and the admin read it: "Visa ending 4242, expires 04/2030". */
export function cardInWords(card: { brand: string; last4: string; expMonth: number | null; expYear: number | null }): string {
  const brand = card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  const expiry = card.expMonth && card.expYear ? `, expires ${String(card.expMonth).padStart(2, "0")}/${card.expYear}` : "";
  return `${brand} ending ${card.last4}${expiry}`;
}

export const CHECKOUT_STATE_LABELS: Record<CheckoutState, string> = {
  starting: "Starting",
  open: "On Stripe's page",
  processing: "Processing",
  paid: "Paid",
  failed: "Failed",
  expired: "Expired",
};

export const AUTOPAY_CHARGE_STATE_LABELS: Record<AutopayChargeState, string> = {
  charging: "Charging",
  charged: "Charged",
  failed: "Declined",
};
