/**
 * CSV as RFC 4180 writes it: fields separated by commas, records by CRLF or LF (a lone CR too);
 * a field in double quotes may hold commas, line breaks and doubled quotes (""). A byte order
 * mark at the start is dropped. One pass over the text, linear in its length.
 *
 * Lenient where real files are: a quote inside an unquoted field is kept as text, text after a
 * closing quote is added to the field, and an unclosed quote runs to the end of the text.
 */

/** The records of a CSV text, each a list of fields; blank lines give no record. */
export function parseCsv(text: string, maxRecords = Infinity): string[][] {
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  /** The record has a field (so an empty line is no record, but `,` is two empty fields). */
  let started = false;
  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    if (started || field) {
      endField();
      records.push(record);
    }
    record = [];
    field = '';
    started = false;
  };
  for (let i = 0; i < s.length && records.length < maxRecords; i++) {
    const c = s[i]!;
    if (quoted) {
      if (c !== '"') field += c;
      else if (s[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (c === '"' && field === '') {
      quoted = true;
      started = true;
    } else if (c === ',') {
      endField();
      started = true;
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && s[i + 1] === '\n') i++;
      endRecord();
    } else {
      field += c;
      started = true;
    }
  }
  if (records.length < maxRecords) endRecord();
  return records;
}

/** A table of named columns: each row as a map from header name to value. */
export interface CsvTable {
  /** The header row's names as written (trimmed). */
  headers: string[];
  rows: Record<string, string>[];
}

const headerKey = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The rows of a CSV whose header row holds at least one of `expected` (case and spacing
 * ignored), by header name, so column order and extra columns do not matter. Records before the
 * header row (a "Notes:" preamble) are skipped; a row shorter than the header leaves the rest
 * empty. Returns undefined when no record within the first ten is such a header.
 */
export function readTable(
  text: string,
  expected: readonly string[],
  maxRows = Infinity,
): CsvTable | undefined {
  const records = parseCsv(text, maxRows === Infinity ? Infinity : maxRows + 10);
  const wanted = new Set(expected.map(headerKey));
  const at = records.slice(0, 10).findIndex((r) => r.some((name) => wanted.has(headerKey(name))));
  if (at < 0) return undefined;
  const headers = records[at]!.map((h) => h.trim());
  const keys = headers.map(headerKey);
  const rows = records.slice(at + 1, at + 1 + maxRows).map((r) => {
    const row: Record<string, string> = {};
    keys.forEach((k, i) => {
      // the first column of a name wins (some exports repeat a column name)
      if (!(k in row)) row[k] = r[i] ?? '';
    });
    return row;
  });
  return { headers, rows };
}

/** A row's value by header name (case and spacing ignored), trimmed; '' when absent. */
export const cell = (row: Record<string, string>, name: string): string =>
  (row[headerKey(name)] ?? '').trim();
