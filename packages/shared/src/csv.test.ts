import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvStream, csvText, FORMULA_START, keysetPages, unescapeCsvCell, type CsvCell } from './csv';

const parse = (text: string) => Papa.parse<string[]>(text, { delimiter: ',', skipEmptyLines: false }).data;
/** What a cell is written as: a formula-like text gets one quote in front; a number its digits. */
const written = (v: CsvCell) =>
  v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : FORMULA_START.test(v) ? `'${v}` : v;

// text made of the characters that matter to CSV and to spreadsheets, and any other
const cellText = fc.oneof(
  fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '"', ',', "'", ' ', 'a', '1', 'ऄ', '🍯') }),
  fc.string({ unit: 'binary' }),
);
const cell: fc.Arbitrary<CsvCell> = fc.oneof(cellText, fc.integer({ min: -1e9, max: 1e9 }), fc.constant(null));

describe('the CSV writer', () => {
  it('any cell text reads back through papaparse, a formula-like text with the one quote added (which unescapeCsvCell drops)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom('\r\n', '\n'),
        (rows, nl) => {
          // a row of one empty cell is an empty line, which a reader cannot tell from no row: give it a second cell
          const data = rows.map((r) => (r.length === 1 && written(r[0]) === '' ? [...r, 'x'] : r));
          const text = csvText(data, nl as '\r\n' | '\n');
          expect(text.endsWith(nl)).toBe(true);
          const back = parse(text.slice(0, -nl.length));
          expect(back).toEqual(data.map((r) => r.map(written)));
          // the reader's side: the quote dropped gives the text itself
          expect(back.map((r) => r.map(unescapeCsvCell))).toEqual(data.map((r) => r.map((v) => (typeof v === 'string' ? v : written(v)))));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('keeps a formula as text to a spreadsheet, also one with a new line or a quote already in front', () => {
    expect(csvText([['=SUM(A1)', '+91 98765', '-5', -5, '@x', '\tx', '=1\n+2', "'=x", 'a=b', "'plain"]])).toBe(
      `"'=SUM(A1)","'+91 98765","'-5",-5,"'@x","'\tx","'=1\n+2","''=x",a=b,'plain\r\n`,
    );
    // papaparse's own pattern misses the formula with a new line in it
    expect(Papa.unparse([['=1\n+2']], { escapeFormulae: true })).toBe('"=1\n+2"');
  });

  it('streams the header, then each page, and nothing for an empty page', async () => {
    async function* pages() {
      yield [['a', 1]];
      yield [];
      yield [['=b', null]];
    }
    const chunks: string[] = [];
    for await (const c of csvStream(['name', 'n'], pages())) chunks.push(c);
    expect(chunks).toEqual(['name,n\r\n', 'a,1\r\n', `"'=b",\r\n`]);
  });
});

describe('keyset pages', () => {
  it('reads every row once, a page at a time, whatever the page size', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.nat(10_000)), fc.integer({ min: 1, max: 7 }), async (ids, size) => {
        const sorted = [...ids].sort((a, b) => a - b);
        const asked: Array<number | undefined> = [];
        const seen: number[] = [];
        for await (const page of keysetPages(
          async (after: number | undefined, n) => {
            asked.push(after);
            return sorted.filter((id) => after === undefined || id > after).slice(0, n);
          },
          (id) => id,
          size,
        )) {
          expect(page.length).toBeGreaterThan(0);
          expect(page.length).toBeLessThanOrEqual(size);
          seen.push(...page);
        }
        expect(seen).toEqual(sorted);
        expect(asked.length).toBe(Math.floor(sorted.length / size) + 1);
      }),
    );
  });
});
