/** Reading CSV: quoted fields with commas, doubled quotes and line breaks, CRLF or LF, a BOM, blank lines, the formula guard undone, and the errors. */
import { describe, expect, it } from "vitest";
import { csvRow } from "./csv.ts";
import { CsvSyntaxError, parseCsv } from "./csv-parse.ts";

describe("parseCsv", () => {
  it("reads what csvRow writes, back to the same values", () => {
    const values = ["Zoë", 'She said "hi"', "a,b", "two\r\nlines", "+44 7700 900123", "=SUM(A1)", ""];
    expect(parseCsv(`\uFEFF${csvRow(values)}${csvRow(["x"])}`).map((record) => record.fields)).toEqual([values, ["x"]]);
  });

  it("takes LF line ends, skips blank lines and numbers each record by its first line", () => {
    expect(parseCsv('a,b\n\n"c\nd",e\nf,g')).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 3, fields: ["c\nd", "e"] },
      { line: 5, fields: ["f", "g"] },
    ]);
  });

  it("refuses a quote left open, text after a closing quote, and more records than asked", () => {
    expect(() => parseCsv('a\n"b')).toThrow(new CsvSyntaxError("Line 2: a quoted field is never closed.", 2));
    expect(() => parseCsv('"a"b,c')).toThrow(/text after a closing quote/);
    expect(() => parseCsv("a\nb\nc", 2)).toThrow(/more than 2 rows/);
  });
});
