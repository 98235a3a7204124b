import Papa from 'papaparse';
import { csvText, unescapeCsvCell } from './csv';
import { GST_RATES, isValidBarcode, PRODUCT_STATUSES, type ProductStatus } from './admin-catalogue';
import { FOOD_TYPES, nutritionRowSchema, productFactsSchema, type FoodType, type NutritionRow, type ProductFacts } from './product-facts';
import { SLUG_PATTERN } from './slug';
import { MAX_STEP_GRAMS } from './weighed';
import { isLanguage, type Language } from './languages';
import { maxLengthOf } from './translations';

/**
 * The catalogue's CSV format (documented in apps/server/docs/administration.md, "Catalogue import and export"):
 * one row per pack; the product's columns repeat on each of its packs' rows; one `stock:<code>`
 * column per warehouse. Money is rupees as people write it ('45', '45.50', '₹1,299', 'Rs. 45/-');
 * the export writes the plain form ('1299', '45.50'), so export → import changes nothing.
 */

export const CSV_COLUMNS = [
  'product_slug',
  'product_name',
  'brand',
  'category',
  'status',
  'description',
  'pack_name',
  'sku',
  'barcode',
  'price',
  'mrp',
  'hsn',
  'gst_rate',
  'position',
  // the product's facts (issue 39 §15): a file without these columns leaves them as they are
  'fssai_licence',
  'food_type',
  'ingredients',
  'nutrition',
  // loose goods (issue 40): a pack sold by weight has its price in price_per_kg (price left empty),
  // its MRP per kg in mrp, its stock in grams, and the 5-digit PLU its scale labels carry; a file
  // without these columns leaves them as they are. step_grams is a weighed pack's online step (what a
  // shopper's Add adds, in grams; empty keeps the pack's own, 500 for a new pack)
  'sold_by_weight',
  'price_per_kg',
  'plu',
  'step_grams',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
/** The product's own columns: the same on every row of one product. */
export const PRODUCT_COLUMNS = ['product_name', 'brand', 'category', 'status', 'description', 'hsn', 'gst_rate'] as const;
export const STOCK_PREFIX = 'stock:';
/** The weighed-goods columns (each optional in a file). */
export const WEIGHT_COLUMNS = ['sold_by_weight', 'price_per_kg', 'plu', 'step_grams'] as const;
/** The facts' columns (each optional in a file). */
export const FACT_COLUMNS = ['fssai_licence', 'food_type', 'ingredients', 'nutrition'] as const;

/**
 * The translated columns (issue 46 §2): a product's name and description in each language the
 * website offers besides its default, `product_name_hi`, `description_hi`, … after the columns
 * above. On import an empty cell leaves the translation as it is (clearing one is the
 * Translations editor's); a file without them leaves every translation.
 */
export const TRANSLATED_BASES = { product_name: 'name', description: 'description' } as const;
export type TranslatedBase = keyof typeof TRANSLATED_BASES;
export const translatedColumns = (languages: readonly Language[]): string[] =>
  languages.flatMap((l) => (Object.keys(TRANSLATED_BASES) as TranslatedBase[]).map((b) => `${b}_${l}`));
/** A translated column's field and language, or null for any other column. */
export function translatedColumnOf(column: string): { field: 'name' | 'description'; language: Language } | null {
  const m = /^(product_name|description)_([a-z]{2})$/.exec(column);
  return m && isLanguage(m[2]) ? { field: TRANSLATED_BASES[m[1] as TranslatedBase], language: m[2] } : null;
}

/** The nutrition table in one cell: `Energy: 360 kcal; Protein: 7 g` (per 100 g or ml). */
export function formatNutritionCell(rows: NutritionRow[]): string {
  return rows.map((r) => `${r.nutrient}: ${r.per_100}`).join('; ');
}

/** The cell's rows, or a message saying what is wrong. */
export function parseNutritionCell(text: string): NutritionRow[] | string {
  const parts = text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean);
  const rows: NutritionRow[] = [];
  for (const part of parts) {
    const at = part.indexOf(':');
    const row = nutritionRowSchema.safeParse(at < 0 ? null : { nutrient: part.slice(0, at), per_100: part.slice(at + 1) });
    if (!row.success) return `Nutrition is written "Energy: 360 kcal; Protein: 7 g" (${part} is not)`;
    rows.push(row.data);
  }
  return rows.length > 30 ? 'At most 30 nutrition rows' : rows;
}

/** One pack row as read: money in paise, GST in percent, stock per warehouse code (null: leave unchanged). */
export interface CatalogueCsvRow {
  product_slug: string;
  product_name: string;
  brand: string;
  category: string;
  status: ProductStatus;
  description: string;
  pack_name: string;
  sku: string;
  barcode: string;
  price: number;
  mrp: number;
  hsn: string;
  gst_rate: number;
  position: number;
  /** null: the file has no sold_by_weight column (an existing pack keeps its own; a new one is not) */
  sold_by_weight: boolean | null;
  /** null: the file has no plu column */
  plu: string | null;
  /** grams; null: no step_grams column or an empty cell (the pack keeps its own, a new pack gets DEFAULT_STEP_GRAMS) */
  step_grams: number | null;
  stock: Record<string, number | null>;
  /** the facts whose columns the file has (an export has them all) */
  facts: Partial<ProductFacts>;
  /** the translated columns' cells that are not empty, by column (`product_name_hi`: …) */
  translations?: Record<string, string>;
}

/** A problem at one cell: `line` counts records with the header as line 1 (a spreadsheet's row number). */
export interface CsvError {
  line: number;
  column: string;
  message: string;
}

/** Rupees as people write them → paise; null when it is not an amount with at most two decimals. */
export function parseRupees(text: string): number | null {
  const s = text
    .trim()
    .replace(/^(₹|rs\.?|inr)\s*/i, '')
    .replace(/\s*\/-$/, '')
    .replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  const [whole, frac = ''] = s.split('.');
  const paise = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return Number.isSafeInteger(paise) ? paise : null;
}

/** Paise → the export's rupees: '45' for whole rupees, '45.50' otherwise. */
export function formatRupees(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return rest === 0 ? String(rupees) : `${rupees}.${String(rest).padStart(2, '0')}`;
}

const formatGst = (percent: number) => String(percent);

/** The header: every column, then one stock column per warehouse code in `warehouses` (in that order). */
export const catalogueCsvHeader = (warehouses: string[], languages: readonly Language[] = []): string[] => [
  ...CSV_COLUMNS,
  ...translatedColumns(languages),
  ...warehouses.map((w) => `${STOCK_PREFIX}${w}`),
];

/** One pack's cells under `catalogueCsvHeader(warehouses)` (the writer escapes formula-like text). */
export function catalogueCsvCells(warehouses: string[], r: CatalogueCsvRow, languages: readonly Language[] = []): string[] {
  return [
    r.product_slug,
    r.product_name,
    r.brand,
    r.category,
    r.status,
    r.description,
    r.pack_name,
    r.sku,
    r.barcode,
    r.sold_by_weight ? '' : formatRupees(r.price),
    formatRupees(r.mrp),
    r.hsn,
    formatGst(r.gst_rate),
    String(r.position),
    r.facts.fssai_licence ?? '',
    r.facts.food_type ?? '',
    r.facts.ingredients ?? '',
    formatNutritionCell(r.facts.nutrition ?? []),
    r.sold_by_weight ? 'yes' : 'no',
    r.sold_by_weight ? formatRupees(r.price) : '',
    r.plu ?? '',
    r.sold_by_weight && r.step_grams !== null ? String(r.step_grams) : '',
    ...translatedColumns(languages).map((c) => r.translations?.[c] ?? ''),
    ...warehouses.map((w) => {
      const v = r.stock[w];
      return v === null || v === undefined ? '' : String(v);
    }),
  ];
}

/** The catalogue's lines end with \n (as its files always have). */
export const CATALOGUE_CSV_NEWLINE = '\n';

/** The CSV text of `rows`, with one stock column per warehouse code in `warehouses` (in that order). */
export function serializeCatalogueCsv(warehouses: string[], rows: CatalogueCsvRow[], languages: readonly Language[] = []): string {
  return csvText(
    [catalogueCsvHeader(warehouses, languages), ...rows.map((r) => catalogueCsvCells(warehouses, r, languages))],
    CATALOGUE_CSV_NEWLINE,
  );
}

/**
 * The import's template: every column (a stock column per warehouse code given) and two example
 * rows, a pack counted in units and a loose good sold by weight in 250 g steps online.
 */
export function catalogueCsvTemplate(warehouses: string[]): string {
  const stock = Object.fromEntries(warehouses.map((w) => [w, null]));
  const common = { brand: '', category: '', status: 'draft', description: '', barcode: '', position: 0, facts: {} } as const;
  return serializeCatalogueCsv(warehouses, [
    {
      ...common,
      product_slug: 'basmati-rice',
      product_name: 'Basmati Rice',
      pack_name: '1 kg',
      sku: 'RICE-1KG',
      price: 12000,
      mrp: 15000,
      hsn: '1006',
      gst_rate: 5,
      sold_by_weight: false,
      plu: '',
      step_grams: null,
      stock,
    },
    {
      ...common,
      product_slug: 'onion-loose',
      product_name: 'Onion Loose',
      pack_name: 'per kg',
      sku: 'ONION-LOOSE',
      price: 3500,
      mrp: 4000,
      hsn: '0703',
      gst_rate: 0,
      sold_by_weight: true,
      plu: '00102',
      step_grams: 250,
      stock,
    },
  ]);
}

export interface ParsedCatalogueCsv {
  /** warehouse codes of the stock columns, in file order */
  warehouses: string[];
  /** the languages of the file's translated columns (the server checks the website offers them) */
  languages: Language[];
  rows: Array<{ line: number; row: CatalogueCsvRow }>;
  /**
   * The rows with errors, read as far as they could be (a bad cell holds its default), so the
   * server checks their references (category, a SKU of another product) in the same pass: a file's
   * every problem is listed at once, not one round at a time.
   */
  invalid: Array<{ line: number; row: CatalogueCsvRow }>;
  errors: CsvError[];
}

/**
 * Reads the CSV text: the header, then each row checked on its own (required cells, formats,
 * price and MRP, GST slab) and against the file (a SKU twice; a product's columns differing
 * between its rows). What the database decides (a category that exists, a SKU of another
 * product) the server checks. Rows with errors are left out of `rows` (they are in `invalid`).
 * Every row is checked even when line 1 has a problem; a missing column is said once, on line 1,
 * not again on every row.
 */
export function parseCatalogueCsv(text: string): ParsedCatalogueCsv {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false, delimiter: ',' });
  const records = parsed.data;
  const errors: CsvError[] = [];
  for (const e of parsed.errors)
    if (e.type === 'Quotes') errors.push({ line: (e.row ?? 0) + 1, column: '', message: `The row's quotes do not close: ${e.message}` });
  const header = (records[0] ?? []).map((h) => h.trim());
  const warehouses: string[] = [];
  const translated: string[] = [];
  const index = new Map<string, number>();
  header.forEach((h, i) => {
    if (h === '') return;
    if (index.has(h)) errors.push({ line: 1, column: h, message: 'The column appears twice' });
    index.set(h, i);
    if (h.startsWith(STOCK_PREFIX)) {
      const code = h.slice(STOCK_PREFIX.length).trim();
      if (!code) errors.push({ line: 1, column: h, message: 'A stock column names its warehouse code: stock:<code>' });
      else warehouses.push(code);
    } else if (translatedColumnOf(h)) translated.push(h);
    else if (!(CSV_COLUMNS as readonly string[]).includes(h)) errors.push({ line: 1, column: h, message: 'Unknown column' });
  });
  const missing = new Set<string>();
  for (const c of ['product_slug', 'product_name', 'pack_name', 'sku', 'price'] as const)
    if (!index.has(c)) {
      errors.push({ line: 1, column: c, message: 'The column is required' });
      missing.add(c);
    }

  const rows: ParsedCatalogueCsv['rows'] = [];
  const invalid: ParsedCatalogueCsv['invalid'] = [];
  const skuLine = new Map<string, number>();
  const pluLine = new Map<string, number>();
  const productFirst = new Map<string, { line: number; row: CatalogueCsvRow; badColumns: Set<string> }>();
  for (let r = 1; r < records.length; r++) {
    const cells = records[r]!;
    if (cells.every((c) => c.trim() === '')) continue;
    const line = r + 1;
    const cell = (c: string) => {
      const i = index.get(c);
      const v = i === undefined ? '' : (cells[i] ?? '');
      return unescapeCsvCell(v);
    };
    const rowErrors: CsvError[] = [];
    const bad = (column: string, message: string) => missing.has(column) || rowErrors.push({ line, column, message });

    const product_slug = cell('product_slug').trim();
    if (!product_slug) bad('product_slug', 'Product slug is required');
    else if (product_slug.length > 200 || !SLUG_PATTERN.test(product_slug))
      bad('product_slug', 'Slug can have lowercase letters, digits and single hyphens');
    const product_name = cell('product_name').trim();
    if (!product_name) bad('product_name', 'Product name is required');
    else if (product_name.length > 200) bad('product_name', 'Product name is too long');
    const brand = cell('brand').trim();
    if (brand.length > 100) bad('brand', 'Brand is too long');
    const category = cell('category').trim();
    const statusText = cell('status').trim().toLowerCase() || 'active';
    if (!(PRODUCT_STATUSES as readonly string[]).includes(statusText))
      bad('status', `Status must be one of ${PRODUCT_STATUSES.join(', ')}`);
    const description = cell('description');
    if (description.length > 20_000) bad('description', 'Description is too long');
    const pack_name = cell('pack_name').trim();
    if (!pack_name) bad('pack_name', 'Pack name is required');
    else if (pack_name.length > 60) bad('pack_name', 'Pack name is too long');
    const sku = cell('sku').trim().toUpperCase();
    if (!sku) bad('sku', 'SKU is required');
    else if (sku.length > 64 || !/^[A-Z0-9][A-Z0-9._-]*$/.test(sku)) bad('sku', 'SKU is not in valid format');
    else if (skuLine.has(sku)) bad('sku', `SKU is also on line ${skuLine.get(sku)}`);
    const barcode = cell('barcode').trim();
    if (barcode && !isValidBarcode(barcode)) bad('barcode', 'Barcode is not a valid EAN-13, EAN-8 or UPC code');
    const weighedText = cell('sold_by_weight').trim().toLowerCase();
    const sold_by_weight = !index.has('sold_by_weight') ? null : /^(yes|y|true|1)$/.test(weighedText);
    if (!/^(yes|y|true|1|no|n|false|0)?$/.test(weighedText)) bad('sold_by_weight', 'Sold by weight is yes or no');
    const perKgText = cell('price_per_kg').trim();
    if (sold_by_weight && cell('price').trim()) bad('price', 'A pack sold by weight has its price in price_per_kg: leave price empty');
    if (!sold_by_weight && perKgText) bad('price_per_kg', 'Only a pack sold by weight has a price per kg');
    const priceColumn = sold_by_weight ? 'price_per_kg' : 'price';
    const priceLabel = sold_by_weight ? 'Price per kg' : 'Price';
    const priceText = sold_by_weight ? perKgText : cell('price').trim();
    const price = parseRupees(priceText);
    const plu = index.has('plu') ? cell('plu').trim() : null;
    if (plu && !/^\d{5}$/.test(plu)) bad('plu', 'PLU is 5 digits');
    else if (plu && !sold_by_weight) bad('plu', 'Only a pack sold by weight has a scale PLU');
    else if (plu && pluLine.has(plu)) bad('plu', `PLU is also on line ${pluLine.get(plu)}`);
    else if (plu) pluLine.set(plu, line);
    const stepText = cell('step_grams').trim();
    let step_grams: number | null = null;
    if (stepText && sold_by_weight === false) bad('step_grams', 'Only a pack sold by weight has an online step: leave step_grams empty');
    else if (stepText && (!/^\d{1,5}$/.test(stepText) || Number(stepText) < 1 || Number(stepText) > MAX_STEP_GRAMS))
      bad('step_grams', `Step is whole grams from 1 to ${MAX_STEP_GRAMS}`);
    else if (stepText) step_grams = Number(stepText);
    if (!priceText) bad(priceColumn, `${priceLabel} is required`);
    else if (price === null) bad(priceColumn, `${priceLabel} is not an amount in rupees (at most 2 decimals)`);
    else if (price <= 0) bad(priceColumn, `${priceLabel} must be more than 0`);
    else if (price > 1_000_000_000) bad(priceColumn, `${priceLabel} is too large`);
    const mrpText = cell('mrp').trim();
    const mrp = mrpText ? parseRupees(mrpText) : price;
    if (mrp === null) {
      // an empty MRP is the price: a bad price is said once, at the price
      if (mrpText) bad('mrp', 'MRP is not an amount in rupees (at most 2 decimals)');
    } else if (price !== null && mrp < price) bad('mrp', 'MRP cannot be less than the price');
    else if (mrp > 1_000_000_000) bad('mrp', 'MRP is too large');
    const hsn = cell('hsn').trim();
    if (!/^(\d{4}|\d{6}|\d{8})?$/.test(hsn)) bad('hsn', 'HSN code is 4, 6 or 8 digits');
    const gstText = cell('gst_rate').trim().replace(/\s*%$/, '');
    const gst_rate = gstText === '' ? 0 : Number(gstText);
    if (!/^\d+(\.\d+)?$/.test(gstText || '0') || !(GST_RATES as readonly number[]).includes(gst_rate))
      bad('gst_rate', `GST rate must be one of ${GST_RATES.join(', ')}`);
    const positionText = cell('position').trim();
    const position = positionText === '' ? 0 : Number(positionText);
    if (!/^\d+$/.test(positionText || '0') || position > 1000) bad('position', 'Position is a whole number from 0 to 1000');
    const stock: Record<string, number | null> = {};
    for (const code of warehouses) {
      const column = `${STOCK_PREFIX}${code}`;
      const v = cell(column).trim();
      if (v === '') stock[code] = null;
      else if (!/^\d+$/.test(v) || Number(v) > 1_000_000)
        bad(column, 'Stock is a whole number of units (grams for a pack sold by weight), 0 or more');
      else stock[code] = Number(v);
    }
    if (sku && !skuLine.has(sku)) skuLine.set(sku, line);
    const facts: Partial<ProductFacts> = {};
    if (index.has('fssai_licence')) {
      const v = productFactsSchema.shape.fssai_licence.safeParse(cell('fssai_licence'));
      if (v.success) facts.fssai_licence = v.data;
      else bad('fssai_licence', 'FSSAI licence number is 14 digits');
    }
    if (index.has('food_type')) {
      const v = cell('food_type').trim().toLowerCase().replace(/[- ]/g, '_');
      if (v === '') facts.food_type = null;
      else if ((FOOD_TYPES as readonly string[]).includes(v)) facts.food_type = v as FoodType;
      else bad('food_type', `Food type must be empty or one of ${FOOD_TYPES.join(', ')}`);
    }
    if (index.has('ingredients')) {
      const v = productFactsSchema.shape.ingredients.safeParse(cell('ingredients'));
      if (v.success) facts.ingredients = v.data;
      else bad('ingredients', 'Ingredients can be at most 4000 characters');
    }
    if (index.has('nutrition')) {
      const v = parseNutritionCell(cell('nutrition'));
      if (typeof v === 'string') bad('nutrition', v);
      else facts.nutrition = v;
    }

    const translations: Record<string, string> = {};
    for (const column of translated) {
      const { field } = translatedColumnOf(column)!;
      const v = field === 'name' ? cell(column).trim() : cell(column);
      if (v.trim() === '') continue;
      if (v.length > maxLengthOf(field)) bad(column, `At most ${maxLengthOf(field)} characters`);
      else translations[column] = v;
    }

    const row: CatalogueCsvRow = {
      product_slug,
      product_name,
      brand,
      category,
      status: statusText as ProductStatus,
      description,
      pack_name,
      sku,
      barcode,
      price: price ?? 0,
      mrp: mrp ?? 0,
      hsn,
      gst_rate,
      position,
      sold_by_weight,
      plu,
      step_grams,
      stock,
      facts,
      ...(translated.length && { translations }),
    };
    // the product's columns against its first row, where neither row has a problem of its own in that column
    const first = productFirst.get(product_slug);
    const sound = (c: string) => !rowErrors.some((e) => e.column === c) && !first?.badColumns.has(c);
    if (first && product_slug)
      for (const c of PRODUCT_COLUMNS)
        if (sound(c) && first.row[c] !== row[c]) bad(c, `Differs from line ${first.line}, the first row of product ${product_slug}`);
    if (first && product_slug)
      for (const c of FACT_COLUMNS)
        if (sound(c) && JSON.stringify(first.row.facts[c]) !== JSON.stringify(row.facts[c]))
          bad(c, `Differs from line ${first.line}, the first row of product ${product_slug}`);
    // a translation given on two rows of a product must agree (an empty cell says nothing)
    if (first && product_slug)
      for (const c of translated) {
        const mine = row.translations?.[c];
        const theirs = first.row.translations?.[c];
        if (sound(c) && mine !== undefined && theirs !== undefined && mine !== theirs)
          bad(c, `Differs from line ${first.line}, the first row of product ${product_slug}`);
      }
    errors.push(...rowErrors);
    if (!first && product_slug) productFirst.set(product_slug, { line, row, badColumns: new Set(rowErrors.map((e) => e.column)) });
    (rowErrors.length || missing.size ? invalid : rows).push({ line, row });
  }
  const languages = [...new Set(translated.map((c) => translatedColumnOf(c)!.language))];
  return { warehouses, languages, rows, invalid, errors };
}
