import { TextInput, type TextInputProps } from "@mantine/core";
import { currencySymbol, formatMoney, moneyText, parseMoney } from "../../../lib/format-money.ts";

/** The largest amount billing accepts (the API's limit): 100,000,000.00 in a two-decimal currency. */
const MAX_AMOUNT_MINOR = 10_000_000_000;

/**
 * A money field's text read as whole minor units of the currency (never a float): an amount, or
 * the field's message. Empty is refused.
 */
export function readAmount(text: string, currency: string, label: string, { allowZero = false } = {}): { minor: number } | { error: string } {
  if (text.trim() === "") return { error: `${label} is required.` };
  const minor = parseMoney(text, currency);
  if (minor === undefined) return { error: `${label} must be an amount such as ${moneyText(4550, currency)}.` };
  if (minor === 0 && !allowZero) return { error: `${label} must be more than zero.` };
  if (minor > MAX_AMOUNT_MINOR) return { error: `${label} must be at most ${formatMoney(MAX_AMOUNT_MINOR, currency)}.` };
  return { minor };
}

/** The minor units of a field already checked by readAmount (0 when it is not an amount). */
export const amountOf = (text: string, currency: string) => parseMoney(text, currency) ?? 0;

/** A text field for an amount in the workspace currency, its symbol beside it. */
export function MoneyField({ currency, ...props }: TextInputProps & { currency: string }) {
  return <TextInput inputMode="decimal" leftSection={<span aria-hidden="true">{currencySymbol(currency)}</span>} {...props} />;
}
