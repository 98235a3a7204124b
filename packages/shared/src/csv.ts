import Papa from 'papaparse';

/**
 * The one CSV writer (issue 41 §5): every CSV the project writes (the catalogue export and its
 * template, the customer list, the reports, the agents' report, a shopper's orders) goes through
 * papaparse's `unparse` with its formula escaping. A whole file is `csvText`; a long one is
 * `csvStream`, which writes the header then one page of rows at a time, so an export of 100,000
 * products never holds every row (the server sends it as a stream).
 */

/** A cell: text, a number (written as it is, never escaped: -5 stays a number), or nothing (an empty cell). */
export type CsvCell = string | number | null | undefined;
export type CsvNewline = '\r\n' | '\n';

/**
 * Text a spreadsheet would run as a formula: starting with = + - @ tab or CR, after any quotes.
 * Such a cell is written with one more quote in front ('=SUM(A1) is text to a spreadsheet), and
 * always inside double quotes. papaparse's own `escapeFormulae: true` is /^[=+\-@\t\r].*$/: its
 * `.` stops at a line break, so a formula with a new line in it would pass unescaped, and a text
 * that already starts with a quote would not get another, so a reader dropping the quote
 * (`unescapeCsvCell`) would change it. Hence this pattern, given to papaparse as its
 * `escapeFormulae`.
 */
export const FORMULA_START = /^'*[=+\-@\t\r]/;
/** A cell as written for a formula-like text: the quote the writer added, then that text. */
const ESCAPED = /^'+[=+\-@\t\r]/;

/** Rows as CSV lines, each ended by `newline` (an empty array: no text). */
export function csvText(rows: CsvCell[][], newline: CsvNewline = '\r\n'): string {
  if (!rows.length) return '';
  return Papa.unparse(rows, { escapeFormulae: FORMULA_START, newline }) + newline;
}

/** Rows per chunk of a stream's text: a chunk of a few dozen kilobytes (see `csvStream`). */
export const STREAM_ROWS = 100;

/**
 * A file streamed: the header line, then each page's rows in chunks of `STREAM_ROWS` rows. `pages`
 * is read one page at a time (e.g. `keysetPages` over the database), so memory holds one page.
 * The chunks stay well under the ~128 KB over which V8 puts a string straight into its old
 * generation (freed only by a full collection).
 */
export async function* csvStream(
  header: readonly string[],
  pages: AsyncIterable<CsvCell[][]>,
  newline: CsvNewline = '\r\n',
): AsyncGenerator<string> {
  yield csvText([[...header]], newline);
  for await (const page of pages) for (let i = 0; i < page.length; i += STREAM_ROWS) yield csvText(page.slice(i, i + STREAM_ROWS), newline);
}

/**
 * A cell read back (papaparse's `parse` gives the text between the double quotes): the quote the
 * writer put in front of a formula-like text dropped, so writer → parser → this gives the text
 * written. Anything else is as read.
 */
export const unescapeCsvCell = (v: string): string => (ESCAPED.test(v) ? v.slice(1) : v);

/**
 * Keyset pages: `read(after, size)` answers the next `size` rows after the key (undefined: from
 * the start) in the key's order; the last row's key starts the next page. Never an offset, so
 * page 100 costs what page 1 does.
 */
export async function* keysetPages<T, K>(
  read: (after: K | undefined, size: number) => Promise<T[]>,
  keyOf: (row: T) => K,
  size = 1000,
): AsyncGenerator<T[]> {
  let after: K | undefined;
  for (;;) {
    const page = await read(after, size);
    if (page.length) yield page;
    if (page.length < size) return;
    after = keyOf(page[page.length - 1]!);
  }
}
