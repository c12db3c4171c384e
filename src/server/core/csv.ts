/**
 * CSV as RFC 4180 writes it: comma-separated, CRLF line ends, a field quoted when it holds a
 * quote, comma or line break (its quotes doubled). For files people open in a spreadsheet.
 */

/** A number written as it is (an amount's decimal text, "-45.50"): never taken for a formula. */
export interface CsvNumber {
  number: string;
}

export type CsvCell = string | null | undefined | CsvNumber;

export const csvNumber = (text: string | number): CsvNumber => {
  const value = String(text);
  if (!/^-?\d+(\.\d+)?$/.test(value)) throw new RangeError(`${value} is not a decimal number`);
  return { number: value };
};

/**
 * One text field. A cell that a spreadsheet would run as a formula (starting with = + - @, or
 * a tab or carriage return that some strip first) gets a leading apostrophe: descriptions and
 * references carry what people typed, and opening a file must not run it.
 */
export function csvField(value: CsvCell): string {
  if (typeof value === "object" && value !== null) return value.number;
  let text = value ?? "";
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: CsvCell[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

/** Put first in a file: without it Excel reads UTF-8 names (Zoë, Łukasz) as Latin-1. */
export const BYTE_ORDER_MARK = "\uFEFF";
