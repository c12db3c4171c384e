/**
 * Reading CSV as RFC 4180 writes it (the reverse of csv.ts): fields separated by commas, lines
 * by CRLF or LF, a field in double quotes may hold commas, line breaks and doubled quotes. A
 * byte-order mark at the start is dropped, and so is the apostrophe csv.ts puts before a cell a
 * spreadsheet would run as a formula, so that a file Glassroom wrote reads back as it was.
 */

export class CsvSyntaxError extends Error {
  readonly line: number;
  constructor(message: string, line: number) {
    super(message);
    this.line = line;
  }
}

export interface CsvRecord {
  /** The line the record starts on (1-based), as a spreadsheet numbers rows of a file without line breaks in cells. */
  line: number;
  fields: string[];
}

/** The records of `text`; blank lines are skipped. Throws CsvSyntaxError on a quote left open or text after a closing quote. */
export function parseCsv(text: string, maxRecords = Number.POSITIVE_INFINITY): CsvRecord[] {
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let index = 0;
  const endField = () => {
    fields.push(/^'[=+\-@\t\r]/.test(field) ? field.slice(1) : field);
    field = "";
  };
  const endRecord = () => {
    endField();
    if (fields.length > 1 || fields[0] !== "") records.push({ line: recordLine, fields });
    if (records.length > maxRecords) throw new CsvSyntaxError(`The file has more than ${maxRecords} rows.`, recordLine);
    fields = [];
  };
  while (index < source.length) {
    const character = source[index]!;
    if (quoted) {
      if (character === '"') {
        if (source[index + 1] === '"') {
          field += '"';
          index += 2;
          continue;
        }
        quoted = false;
        index += 1;
        const next = source[index];
        if (next !== undefined && next !== "," && next !== "\n" && next !== "\r")
          throw new CsvSyntaxError(`Line ${line}: text after a closing quote; a quote inside a quoted field is written twice ("").`, line);
        continue;
      }
      if (character === "\n") line += 1;
      field += character;
      index += 1;
      continue;
    }
    if (character === '"' && field === "") {
      quoted = true;
      index += 1;
    } else if (character === ",") {
      endField();
      index += 1;
    } else if (character === "\r" || character === "\n") {
      endRecord();
      index += character === "\r" && source[index + 1] === "\n" ? 2 : 1;
      line += 1;
      recordLine = line;
    } else {
      field += character;
      index += 1;
    }
  }
  if (quoted) throw new CsvSyntaxError(`Line ${recordLine}: a quoted field is never closed.`, recordLine);
  if (field !== "" || fields.length > 0) endRecord();
  return records;
}
