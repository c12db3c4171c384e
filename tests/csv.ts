/**
 * The tests' own RFC 4180 reader (quoted fields, doubled quotes, CRLF between records), so that
 * a test checks a CSV export against the standard rather than against the code that wrote it.
 * A leading byte-order mark is dropped. No test-runner imports here.
 */
export function parseCsv(input: string): string[][] {
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  let index = 0;
  const endField = () => {
    record.push(field);
    field = "";
  };
  while (index < text.length) {
    const character = text[index]!;
    if (quoted && character === '"' && text[index + 1] === '"') {
      field += '"';
      index += 2;
      continue;
    }
    if (character === '"') quoted = !quoted;
    else if (quoted) field += character;
    else if (character === ",") endField();
    else if (character === "\r" && text[index + 1] === "\n") {
      endField();
      records.push(record);
      record = [];
      index++;
    } else field += character;
    index++;
  }
  if (field !== "" || record.length > 0) throw new Error(`The CSV does not end with CRLF: ${JSON.stringify(text.slice(-40))}`);
  return records;
}
