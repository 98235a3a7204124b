import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GST_RATES, PRODUCT_STATUSES } from './admin-catalogue';
import { FOOD_TYPES } from './product-facts';
import {
  catalogueCsvTemplate,
  CSV_COLUMNS,
  formatRupees,
  parseCatalogueCsv,
  parseRupees,
  serializeCatalogueCsv,
  type CatalogueCsvRow,
} from './catalogue-csv';

const HEADER =
  'product_slug,product_name,brand,category,status,description,pack_name,sku,barcode,price,mrp,hsn,gst_rate,position,stock:BLR';

describe('rupees as people write them', () => {
  it('reads the usual ways of writing an amount', () => {
    expect(parseRupees('45')).toBe(4500);
    expect(parseRupees('45.5')).toBe(4550);
    expect(parseRupees('₹1,299.00')).toBe(129_900);
    expect(parseRupees('Rs. 45/-')).toBe(4500);
    expect(parseRupees('INR 1,00,000')).toBe(10_000_000);
    expect(parseRupees('12.345')).toBeNull();
    expect(parseRupees('-5')).toBeNull();
    expect(parseRupees('abc')).toBeNull();
  });
  it('writes whole rupees plainly and paise with two decimals', () => {
    expect(formatRupees(4500)).toBe('45');
    expect(formatRupees(4550)).toBe('45.50');
    expect(formatRupees(5)).toBe('0.05');
  });
  it('any amount written by the export reads back the same', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (paise) => parseRupees(formatRupees(paise)) === paise));
  });
});

describe('parsing the catalogue CSV', () => {
  it('names every bad cell by line and column', () => {
    const csv = [
      HEADER,
      'basmati-rice,Basmati Rice,Farm Fresh,Rice,active,,1 kg,RICE-1,,120,150,1006,5,0,10',
      'basmati-rice,Basmati Rice,Farm Fresh,Rice,active,,5 kg,RICE-5,123,abc,50,1006,5,1,x',
      'Bad Slug,,Farm Fresh,Rice,gone,,,rice-1,,10,5,12,7,0,',
      'toor-dal,Toor Dal,,,active,,1 kg,DAL-1,,"₹1,299",,,5%,0,',
    ].join('\n');
    const { rows, errors } = parseCatalogueCsv(csv);
    expect(rows.map((r) => r.line)).toEqual([2, 5]);
    expect(rows[1]!.row).toMatchObject({ price: 129_900, mrp: 129_900, gst_rate: 5, stock: { BLR: null } });
    expect(errors.map((e) => `${e.line}:${e.column}`)).toEqual([
      '3:barcode',
      '3:price',
      '3:stock:BLR',
      '4:product_slug',
      '4:product_name',
      '4:status',
      '4:pack_name',
      '4:sku',
      '4:mrp',
      '4:hsn',
      '4:gst_rate',
    ]);
    expect(errors.find((e) => e.column === 'sku')!.message).toBe('SKU is also on line 2');
  });

  it('refuses unknown or missing columns on line 1, and product columns that differ between its rows', () => {
    expect(parseCatalogueCsv('product_slug,colour\nx,y').errors.map((e) => `${e.line}:${e.column}`)).toEqual([
      '1:colour',
      '1:product_name',
      '1:pack_name',
      '1:sku',
      '1:price',
    ]);
    const csv = [HEADER, 'a,A,,,active,,1,A1,,1,,,0,0,', 'a,Other name,,,active,,2,A2,,1,,,0,1,'].join('\n');
    expect(parseCatalogueCsv(csv).errors).toEqual([
      { line: 3, column: 'product_name', message: 'Differs from line 2, the first row of product a' },
    ]);
  });

  it('lists every problem of a file in one pass: line 1 and every row, rows with errors kept for the server to check', () => {
    const csv = [
      `${HEADER},colour`,
      'a,A,,Nowhere,active,,1,A1,,abc,,,0,0,,red',
      'a,Other name,,Nowhere,gone,,2,A1,,1,,,0,1,,blue',
      'b,B,,,active,,1,B1,,1,,,0,0,,',
    ].join('\n');
    const { rows, invalid, errors } = parseCatalogueCsv(csv);
    expect(errors.map((e) => `${e.line}:${e.column}`)).toEqual(['1:colour', '2:price', '3:status', '3:sku', '3:product_name']);
    // the rows with problems are still read, so the server checks their category and SKU in the same pass
    expect(invalid.map((r) => [r.line, r.row.category, r.row.sku])).toEqual([
      [2, 'Nowhere', 'A1'],
      [3, 'Nowhere', 'A1'],
    ]);
    expect(rows.map((r) => r.line)).toEqual([4]);
    // a missing column is said once, on line 1, not on every row
    const noPrice = parseCatalogueCsv('product_slug,product_name,pack_name,sku\na,A,1,A1\nb,,1,B1');
    expect(noPrice.errors.map((e) => `${e.line}:${e.column}`)).toEqual(['1:price', '3:product_name']);
    expect(noPrice.rows).toEqual([]);
  });

  it('whatever is wrong with a row, each of its bad cells is named (property)', () => {
    // a row broken in any subset of its cells gets exactly those cells named, all at once
    const breakable = {
      product_name: '',
      status: 'gone',
      pack_name: '',
      price: 'abc',
      hsn: '12',
      gst_rate: '7',
      position: '-1',
      'stock:BLR': 'x',
    } as const;
    const good: Record<string, string> = {
      product_slug: 'a',
      product_name: 'A',
      brand: '',
      category: '',
      status: 'active',
      description: '',
      pack_name: '1 kg',
      sku: 'A1',
      barcode: '',
      price: '10',
      mrp: '',
      hsn: '',
      gst_rate: '0',
      position: '0',
      'stock:BLR': '',
    };
    fc.assert(
      fc.property(fc.subarray(Object.keys(breakable) as Array<keyof typeof breakable>), (broken) => {
        const cells = { ...good };
        for (const c of broken) cells[c] = breakable[c];
        const { errors } = parseCatalogueCsv(
          `${HEADER}\n${HEADER.split(',')
            .map((h) => cells[h])
            .join(',')}`,
        );
        expect(errors.map((e) => e.column).sort()).toEqual([...broken].sort());
      }),
    );
  });
});

const word = fc.stringMatching(/^[a-z0-9]{1,8}$/);
const text = fc.string({ maxLength: 40 }).map((s) => s.trim());
const rowArb = fc.record<CatalogueCsvRow>({
  product_slug: fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join('-')),
  product_name: text.filter((s) => s.length > 0),
  brand: text,
  category: text,
  status: fc.constantFrom(...PRODUCT_STATUSES),
  description: fc.string({ maxLength: 80 }),
  pack_name: text.filter((s) => s.length > 0 && s.length <= 60),
  sku: fc.stringMatching(/^[A-Z0-9][A-Z0-9._-]{0,10}$/),
  barcode: fc.constantFrom('', '4006381333931', '96385074', '036000291452'),
  price: fc.integer({ min: 1, max: 10_000_000 }),
  mrp: fc.integer({ min: 0, max: 1_000_000 }),
  hsn: fc.constantFrom('', '1006', '100630', '10063010'),
  gst_rate: fc.constantFrom(...GST_RATES),
  position: fc.integer({ min: 0, max: 1000 }),
  sold_by_weight: fc.boolean(),
  plu: fc.constant(''),
  step_grams: fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: null }),
  stock: fc.record({ BLR: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }), MUM: fc.option(fc.nat(1000), { nil: null }) }),
  facts: fc.record({
    fssai_licence: fc.constantFrom('', '10012011000123'),
    food_type: fc.constantFrom(null, ...FOOD_TYPES),
    ingredients: text,
    nutrition: fc.array(
      fc.record({
        nutrient: fc.stringMatching(/^[A-Za-z][A-Za-z ()]{0,20}[A-Za-z)]$/),
        per_100: fc.stringMatching(/^\d{1,3}(\.\d)? (g|mg|kcal)$/),
      }),
      { maxLength: 5 },
    ),
  }),
});

describe('export → import', () => {
  it('reads back exactly the rows it wrote (any text, quotes, commas, new lines, formula-like cells)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(rowArb, { selector: (r) => r.sku, maxLength: 8 }), (drafts) => {
        // one product per slug with the same product columns, MRP never below the price
        const first = new Map<string, CatalogueCsvRow>();
        const rows = drafts.map((d, i) => {
          const p = first.get(d.product_slug) ?? d;
          first.set(d.product_slug, p);
          // loose goods are never on an active product; their PLUs differ
          const weighed = d.sold_by_weight && p.status !== 'active';
          return {
            ...d,
            sold_by_weight: weighed,
            plu: weighed && i % 2 ? String(10_000 + i) : '',
            // a counted pack has no online step
            step_grams: weighed ? d.step_grams : null,
            product_name: p.product_name,
            brand: p.brand,
            category: p.category,
            status: p.status,
            description: p.description,
            hsn: p.hsn,
            gst_rate: p.gst_rate,
            facts: p.facts,
            mrp: d.price + d.mrp,
          };
        });
        const parsed = parseCatalogueCsv(serializeCatalogueCsv(['BLR', 'MUM'], rows));
        expect(parsed.errors).toEqual([]);
        expect(parsed.warehouses).toEqual(['BLR', 'MUM']);
        expect(parsed.rows.map((r) => r.row)).toEqual(rows);
      }),
      { numRuns: 200 },
    );
  });
});

describe("the product's facts in the CSV", () => {
  const head = `${HEADER},fssai_licence,food_type,ingredients,nutrition`;
  it('reads them, and leaves out the facts whose columns a file does not have', () => {
    const csv = [
      head,
      'oats,Oats,,,active,,1 kg,OATS-1,,120,150,1104,5,0,,10012011000123,Veg,Rolled oats,"Energy: 389 kcal; Protein: 13.2 g"',
    ].join('\n');
    expect(parseCatalogueCsv(csv).rows[0]!.row.facts).toEqual({
      fssai_licence: '10012011000123',
      food_type: 'veg',
      ingredients: 'Rolled oats',
      nutrition: [
        { nutrient: 'Energy', per_100: '389 kcal' },
        { nutrient: 'Protein', per_100: '13.2 g' },
      ],
    });
    expect(parseCatalogueCsv([HEADER, 'oats,Oats,,,active,,1 kg,OATS-1,,120,150,1104,5,0,'].join('\n')).rows[0]!.row.facts).toEqual({});
  });
  it('names a bad licence, food type or nutrition cell', () => {
    const csv = [head, 'oats,Oats,,,active,,1 kg,OATS-1,,120,150,1104,5,0,,1234,meaty,,Energy 389'].join('\n');
    expect(parseCatalogueCsv(csv).errors).toEqual([
      { line: 2, column: 'fssai_licence', message: 'FSSAI licence number is 14 digits' },
      { line: 2, column: 'food_type', message: 'Food type must be empty or one of veg, non_veg, egg, not_food' },
      { line: 2, column: 'nutrition', message: 'Nutrition is written "Energy: 360 kcal; Protein: 7 g" (Energy 389 is not)' },
    ]);
  });
});

describe('the template', () => {
  it('has every column, a stock column per warehouse, and example rows that import without an error', () => {
    const text = catalogueCsvTemplate(['BLR', 'MUM']);
    expect(text.split('\n')[0]).toBe([...CSV_COLUMNS, 'stock:BLR', 'stock:MUM'].join(','));
    const { rows, errors } = parseCatalogueCsv(text);
    expect(errors).toEqual([]);
    expect(rows.map((r) => [r.row.sku, r.row.sold_by_weight, r.row.step_grams])).toEqual([
      ['RICE-1KG', false, null],
      ['ONION-LOOSE', true, 250],
    ]);
  });
});

describe('loose goods in the CSV', () => {
  const head = 'product_slug,product_name,status,pack_name,sku,price,mrp,sold_by_weight,price_per_kg,plu';
  it('reads a weighed pack’s price from price_per_kg, and leaves the flag and PLU alone when a file has no such columns', () => {
    const { rows, errors } = parseCatalogueCsv(`${head}\nloose-onion,Onion,draft,per kg,ONION,,40,yes,35.50,00102\n`);
    expect(errors).toEqual([]);
    expect(rows[0]!.row).toMatchObject({ sold_by_weight: true, price: 3550, mrp: 4000, plu: '00102' });
    const old = parseCatalogueCsv('product_slug,product_name,pack_name,sku,price\nrice,Rice,1 kg,RICE,90\n');
    expect(old.rows[0]!.row).toMatchObject({ sold_by_weight: null, plu: null, price: 9000 });
  });
  it('names each mistake: price in the wrong column, a PLU on a counted pack or twice (an active loose good is fine)', () => {
    const csv = [
      head,
      'loose-onion,Onion,draft,per kg,ONION,35,,yes,,',
      'rice,Rice,active,1 kg,RICE,90,,no,90,00101',
      'loose-dal,Dal,active,per kg,DAL,,,yes,120,123',
      'loose-gram,Gram,draft,per kg,GRAM,,,yes,90,00777',
      'loose-peas,Peas,draft,per kg,PEAS,,,maybe,90,00777',
    ].join('\n');
    expect(parseCatalogueCsv(csv).errors).toEqual([
      { line: 2, column: 'price', message: 'A pack sold by weight has its price in price_per_kg: leave price empty' },
      { line: 2, column: 'price_per_kg', message: 'Price per kg is required' },
      { line: 3, column: 'price_per_kg', message: 'Only a pack sold by weight has a price per kg' },
      { line: 3, column: 'plu', message: 'Only a pack sold by weight has a scale PLU' },
      { line: 4, column: 'plu', message: 'PLU is 5 digits' },
      { line: 6, column: 'sold_by_weight', message: 'Sold by weight is yes or no' },
      { line: 6, column: 'price_per_kg', message: 'Only a pack sold by weight has a price per kg' },
      { line: 6, column: 'plu', message: 'Only a pack sold by weight has a scale PLU' },
      { line: 6, column: 'price', message: 'Price is required' },
    ]);
  });
  it('reads a weighed pack’s online step in grams (empty: the pack keeps its own), and names a bad one or one on a counted pack', () => {
    const steps = `${head},step_grams`;
    const { rows, errors } = parseCatalogueCsv(
      [steps, 'loose-onion,Onion,draft,per kg,ONION,,,yes,35,,250', 'loose-dal,Dal,draft,per kg,DAL,,,yes,120,,'].join('\n'),
    );
    expect(errors).toEqual([]);
    expect(rows.map((r) => r.row.step_grams)).toEqual([250, null]);
    expect(parseCatalogueCsv(`${head}\nloose-onion,Onion,draft,per kg,ONION,,40,yes,35,\n`).rows[0]!.row.step_grams).toBeNull();
    const range = 'Step is whole grams from 1 to 10000';
    const counted = 'Only a pack sold by weight has an online step: leave step_grams empty';
    // each row and what is said of its step_grams cell
    const cases: Array<[string, string]> = [
      ['loose-onion,Onion,draft,per kg,ONION,,,yes,35,,0', range],
      ['loose-dal,Dal,draft,per kg,DAL,,,yes,120,,10001', range],
      ['loose-gram,Gram,draft,per kg,GRAM,,,yes,90,,250.5', range],
      ['rice,Rice,active,1 kg,RICE,90,,no,,,500', counted],
      ['atta,Atta,active,1 kg,ATTA,50,,,,,500', counted],
    ];
    expect(parseCatalogueCsv([steps, ...cases.map(([row]) => row)].join('\n')).errors).toEqual(
      cases.map(([, message], i) => ({ line: i + 2, column: 'step_grams', message })),
    );
  });
});
