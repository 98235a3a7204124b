import type { CatalogueImportReport } from '@grocer/shared/catalogue-import';
import {
  CATALOGUE_CSV_NEWLINE,
  catalogueCsvCells,
  catalogueCsvHeader,
  CSV_COLUMNS,
  parseCatalogueCsv,
  STOCK_PREFIX,
  translatedColumnOf,
  type CatalogueCsvRow,
  type CsvError,
} from '@grocer/shared/catalogue-csv';
import { slugify } from '@grocer/shared/slug';
import { DEFAULT_STEP_GRAMS } from '@grocer/shared/weighed';
import { csvStream, keysetPages } from '@grocer/shared/csv';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { Readable } from 'node:stream';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { rowsOf } from '../../db/rows';
import { invalidateWebsite } from '../../http/cache';
import { AppError, fail } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { balancesOf, countStockBulk, stockKeyOf, warehouseCodes } from '../inventory';
import { orderedRefs } from '../orders/ordered-products';
import { sanitizeDescription } from './admin-service';
import { refreshProductIndex } from './search';
import { brands, categories, packs, products } from './tables';
import { EMPTY_FACTS, type ProductFacts } from '@grocer/shared/product-facts';
import type { Language } from '@grocer/shared/languages';
import { translate, upsertTranslations, type TranslationRow } from '../translations';
import { websiteLanguages } from '../website';

/**
 * The catalogue's CSV import and export (format: packages/shared/src/catalogue-csv.ts and
 * apps/server/docs/administration.md). An import is planned against the database (a dry run answers the plan's
 * report) and applied in one transaction, keyed by SKU, in batched statements: a few statements
 * per thousand rows, never one round trip per row.
 */

// rows per statement (a chunk of inserts or updates is one JSON parameter; a lookup of slugs or SKUs
// one array): a 50,000-row file is ~50 statements per kind, never one per row
const CHUNK = 1000;
const chunks = <T>(xs: T[], n = CHUNK): T[][] => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

interface ProductState {
  id: number;
  slug: string;
  name: string;
  brandId: number | null;
  categoryId: number | null;
  status: string;
  description: string;
  hsnCode: string;
  gstRate: number;
  facts: ProductFacts;
}
interface PackState {
  id: number;
  productId: number;
  sku: string;
  name: string;
  barcode: string;
  price: number;
  actPrice: number;
  position: number;
  soldByWeight: boolean;
  plu: string;
  stepGrams: number;
}

/** Categories by the label the CSV uses: the name when no other category has it, else the path 'Parent > Child'. */
async function categoryLabels(db: DbOrTx, websiteId: number) {
  const rows = await db
    .select({ id: categories.id, parentId: categories.parentId, name: categories.name })
    .from(categories)
    .where(eq(categories.websiteId, websiteId));
  const byId = new Map(rows.map((c) => [c.id, c]));
  const path = (id: number): string => {
    const names: string[] = [];
    for (let c = byId.get(id), guard = 0; c && guard < 10; c = c.parentId ? byId.get(c.parentId) : undefined, guard++)
      names.unshift(c.name);
    return names.join(' > ');
  };
  const nameCount = new Map<string, number>();
  for (const c of rows) nameCount.set(c.name.toLowerCase(), (nameCount.get(c.name.toLowerCase()) ?? 0) + 1);
  const label = new Map<number, string>();
  const find = new Map<string, number | 'ambiguous'>();
  for (const c of rows) {
    const p = path(c.id);
    label.set(c.id, nameCount.get(c.name.toLowerCase())! > 1 ? p : c.name);
    find.set(p.toLowerCase(), c.id);
    const key = c.name.toLowerCase();
    find.set(key, find.has(key) && find.get(key) !== c.id ? 'ambiguous' : c.id);
  }
  return { label, find: (text: string) => find.get(text.replace(/\s*>\s*/g, ' > ').toLowerCase()) };
}

interface Plan {
  report: CatalogueImportReport;
  rows: Array<{ line: number; row: CatalogueCsvRow }>;
  warehouseIds: Map<string, number>;
  products: Map<string, ProductState>;
  packs: Map<string, PackState>;
  brands: Map<string, number>;
  newBrands: string[];
  categoryOf: Map<string, number | null>;
}

/** Reads the file and compares it with the website's catalogue: every error by line and column, and what would change. */
async function plan(db: DbOrTx, websiteId: number, text: string, translatable: readonly Language[]): Promise<Plan> {
  const parsed = parseCatalogueCsv(text);
  const errors: CsvError[] = [...parsed.errors];
  // translated columns only for the languages the website offers besides its default (issue 46)
  for (const language of parsed.languages)
    if (!translatable.includes(language))
      errors.push({
        line: 1,
        column: `product_name_${language}`,
        message: `This shop does not offer ${language} besides its default language: remove its columns`,
      });
  const whs = await warehouseCodes(db, websiteId);
  const warehouseIds = new Map<string, number>();
  for (const code of parsed.warehouses) {
    const w = whs.find((x) => x.code.toLowerCase() === code.toLowerCase());
    if (w) warehouseIds.set(code, w.id);
    else errors.push({ line: 1, column: `${STOCK_PREFIX}${code}`, message: `No warehouse has the code ${code}` });
  }

  // every row's references are checked, the rows with problems of their own too: one pass lists all
  const checked = [...parsed.rows.map((r) => ({ ...r, valid: true })), ...parsed.invalid.map((r) => ({ ...r, valid: false }))];
  const slugs = [...new Set(checked.map((r) => r.row.product_slug).filter(Boolean))];
  const skus = [...new Set(checked.map((r) => r.row.sku).filter(Boolean))];
  const productRows = new Map<string, ProductState>();
  for (const part of chunks(slugs))
    for (const p of await db
      .select({
        id: products.id,
        slug: products.slug,
        name: products.name,
        brandId: products.brandId,
        categoryId: products.categoryId,
        status: products.status,
        description: products.description,
        hsnCode: products.hsnCode,
        gstRate: products.gstRate,
        fssai_licence: products.fssaiLicence,
        ingredients: products.ingredients,
        nutrition: products.nutrition,
        food_type: products.foodType,
      })
      .from(products)
      .where(and(eq(products.websiteId, websiteId), inArray(products.slug, part)))) {
      const { fssai_licence, ingredients, nutrition, food_type, ...rest } = p;
      productRows.set(p.slug, { ...rest, facts: { fssai_licence, ingredients, nutrition, food_type } });
    }
  const packRows = new Map<string, PackState>();
  const packSlug = new Map<number, string>();
  for (const part of chunks(skus))
    for (const k of await db
      .select({
        id: packs.id,
        productId: packs.productId,
        sku: packs.sku,
        name: packs.name,
        barcode: packs.barcode,
        price: packs.price,
        actPrice: packs.actPrice,
        position: packs.position,
        soldByWeight: packs.soldByWeight,
        plu: packs.plu,
        stepGrams: packs.stepGrams,
        slug: products.slug,
      })
      .from(packs)
      .innerJoin(products, eq(products.id, packs.productId))
      // (sku <> '': the unique index on SKUs is partial; without it a list of SKUs scans every pack)
      .where(and(eq(packs.websiteId, websiteId), sql`${packs.sku} <> ''`, inArray(packs.sku, part)))) {
      const { slug, ...pack } = k;
      packRows.set(k.sku, pack);
      packSlug.set(k.id, slug);
    }
  const brandRows = await db.select({ id: brands.id, name: brands.name }).from(brands).where(eq(brands.websiteId, websiteId));
  const brandIds = new Map(brandRows.map((b) => [b.name.toLowerCase(), b.id]));
  const cats = await categoryLabels(db, websiteId);

  const plus = [...new Set(checked.flatMap((r) => (r.row.plu ? [r.row.plu] : [])))];
  const pluOwners = new Map<string, { sku: string; product: string }>();
  if (plus.length)
    for (const o of await db
      .select({ plu: packs.plu, sku: packs.sku, product: products.name })
      .from(packs)
      .innerJoin(products, eq(products.id, packs.productId))
      .where(and(eq(packs.websiteId, websiteId), sql`${packs.plu} <> ''`, inArray(packs.plu, plus))))
      pluOwners.set(o.plu, { sku: o.sku, product: o.product });
  const flipped: Array<{ line: number; packId: number }> = [];
  const newBrands = new Map<string, string>();
  const categoryOf = new Map<string, number | null>();
  const ok: Plan['rows'] = [];
  for (const r of checked) {
    const bad = (column: string, message: string) => errors.push({ line: r.line, column, message });
    const before = errors.length;
    const row = r.row;
    if (row.category) {
      const id = cats.find(row.category);
      if (id === undefined) bad('category', `No category is called ${row.category}`);
      else if (id === 'ambiguous')
        bad('category', `Several categories are called ${row.category}: write its path, e.g. Parent > ${row.category}`);
      else categoryOf.set(row.category, id);
    } else categoryOf.set('', null);
    if (r.valid && row.brand && !brandIds.has(row.brand.toLowerCase())) newBrands.set(row.brand.toLowerCase(), row.brand);
    const pack = packRows.get(row.sku);
    if (pack && row.product_slug && packSlug.get(pack.id) !== row.product_slug)
      bad('sku', `SKU ${row.sku} belongs to another product (${packSlug.get(pack.id)})`);
    if (pack && row.sold_by_weight !== null && row.sold_by_weight !== pack.soldByWeight) flipped.push({ line: r.line, packId: pack.id });
    if (row.plu && pluOwners.has(row.plu) && pluOwners.get(row.plu)!.sku !== row.sku)
      bad('plu', `PLU ${row.plu} is already used by ${pluOwners.get(row.plu)!.product}`);
    if (r.valid && errors.length === before) ok.push({ line: r.line, row });
  }
  // a pack's stock and sales count units, or grams when sold by weight: a pack holding stock or
  // ever sold keeps its kind (as in the product editor)
  if (flipped.length) {
    const ids = flipped.map((f) => f.packId);
    const held = await balancesOf(db, websiteId, ids);
    const stocked = new Set([...held].flatMap(([key, n]) => (n !== 0 ? [Number(key.split(':')[0])] : [])));
    const sold = (await orderedRefs(db, websiteId, [], ids)).packs;
    for (const f of flipped)
      if (stocked.has(f.packId) || sold.has(f.packId)) {
        errors.push({
          line: f.line,
          column: 'sold_by_weight',
          message: 'This pack has stock or sales counted in units: add a new pack sold by weight instead (or the other way round)',
        });
        const at = ok.findIndex((o) => o.line === f.line);
        if (at >= 0) ok.splice(at, 1);
      }
  }
  // by line, and within a line in the file's column order (a stable sort keeps the parser's order)
  const columnAt = (c: string) => {
    const i = (CSV_COLUMNS as readonly string[]).indexOf(c);
    return i === -1 ? CSV_COLUMNS.length : i;
  };
  errors.sort((a, b) => a.line - b.line || (a.line === 1 ? 0 : columnAt(a.column) - columnAt(b.column)));

  // What would change
  const brandKey = (name: string) => (name ? (brandIds.get(name.toLowerCase()) ?? `new:${name.toLowerCase()}`) : null);
  const seen = new Set<string>();
  const summary = {
    rows: parsed.rows.length + parsed.invalid.length,
    products_create: 0,
    products_update: 0,
    products_unchanged: 0,
    packs_create: 0,
    packs_update: 0,
    packs_unchanged: 0,
    stock_changes: 0,
    brands_create: newBrands.size,
  };
  // a thousand packs a lookup: a longer list of ids makes PostgreSQL scan the whole stock table
  const stockNow = new Map<string, number>();
  for (const part of chunks(ok.flatMap((r) => (packRows.has(r.row.sku) ? [packRows.get(r.row.sku)!.id] : []))))
    for (const [key, n] of await balancesOf(db, websiteId, part)) stockNow.set(key, n);
  for (const { row } of ok) {
    if (!seen.has(row.product_slug)) {
      seen.add(row.product_slug);
      const p = productRows.get(row.product_slug);
      if (!p) summary.products_create++;
      else if (productChanged(p, row, brandKey(row.brand), categoryOf.get(row.category) ?? null)) summary.products_update++;
      else summary.products_unchanged++;
    }
    const k = packRows.get(row.sku);
    if (!k) summary.packs_create++;
    else if (packChanged(k, row)) summary.packs_update++;
    else summary.packs_unchanged++;
    for (const [code, counted] of Object.entries(row.stock)) {
      const wid = warehouseIds.get(code);
      if (counted === null || wid === undefined) continue;
      const now = k ? (stockNow.get(stockKeyOf(k.id, wid)) ?? 0) : 0;
      if (now !== counted) summary.stock_changes++;
    }
  }
  return {
    report: { ok: errors.length === 0, errors, summary },
    rows: ok,
    warehouseIds,
    products: productRows,
    packs: packRows,
    brands: brandIds,
    newBrands: [...newBrands.values()],
    categoryOf,
  };
}

function productChanged(p: ProductState, row: CatalogueCsvRow, brandId: number | string | null, categoryId: number | null) {
  return (
    p.name !== row.product_name ||
    p.brandId !== brandId ||
    p.categoryId !== categoryId ||
    p.status !== row.status ||
    p.description !== sanitizeDescription(row.description) ||
    p.hsnCode !== row.hsn ||
    p.gstRate !== Math.round(row.gst_rate * 100) ||
    factsKey(p.facts) !== factsKey({ ...p.facts, ...row.facts })
  );
}

/** The facts as one comparable text (jsonb keeps a nutrition row's keys in its own order). */
const factsKey = (f: ProductFacts) =>
  JSON.stringify([f.fssai_licence, f.food_type, f.ingredients, f.nutrition.map((r) => [r.nutrient, r.per_100])]);

const packChanged = (k: PackState, row: CatalogueCsvRow) =>
  k.name !== row.pack_name ||
  k.barcode !== row.barcode ||
  k.price !== row.price ||
  k.actPrice !== row.mrp ||
  k.position !== row.position ||
  (row.sold_by_weight !== null && k.soldByWeight !== row.sold_by_weight) ||
  (row.plu !== null && k.plu !== row.plu) ||
  (row.step_grams !== null && k.stepGrams !== row.step_grams);

const discountOf = (price: number, mrp: number) =>
  mrp > price
    ? { discount: Math.round(((mrp - price) * 100) / mrp), discountType: 'percentage' as const }
    : { discount: 0, discountType: null };

/**
 * Rows as one statement parameter: `jsonb_to_recordset` turns a JSON array into typed rows, so a
 * chunk of thousands of rows is one parameter (no per-value placeholders to build or parse).
 */
function recordset(columns: Array<[name: string, type: string]>, rows: unknown[][]) {
  const json = JSON.stringify(rows.map((r) => Object.fromEntries(columns.map(([name], i) => [name, r[i] ?? null]))));
  return sql`jsonb_to_recordset(${json}::jsonb) as v(${sql.raw(columns.map(([n, t]) => `${n} ${t}`).join(', '))})`;
}

/** The facts' columns in a recordset, and a product's values for them (the nutrition table as jsonb). */
const FACT_SQL_COLUMNS: Array<[string, string]> = [
  ['fssai_licence', 'text'],
  ['food_type', 'text'],
  ['ingredients', 'text'],
  ['nutrition', 'jsonb'],
];
const factValues = (f: ProductFacts) => [f.fssai_licence, f.food_type, f.ingredients, f.nutrition];

/** `update <table> t set ... from <rows> v where t.id = v.id`: one statement per chunk of rows. */
async function updateFromValues(
  tx: Tx,
  table: 'products' | 'packs',
  columns: Array<[name: string, type: string]>,
  rows: unknown[][],
  set: string,
) {
  for (const part of chunks(rows))
    await tx.execute(sql`update ${sql.raw(table)} t set ${sql.raw(set)} from ${recordset(columns, part)} where t.id = v.id`);
}

/** POST /s/api/admin/catalogue/import?dry_run=1: the report, nothing written. */
export async function dryRunImport(db: Db, websiteId: number, text: string): Promise<CatalogueImportReport> {
  return (await plan(db, websiteId, text, await translatableLanguages(db, websiteId))).report;
}

/** The languages a product's name and description can be translated into: offered, not the default. */
async function translatableLanguages(db: Db, websiteId: number): Promise<Language[]> {
  const { languages, defaultLanguage } = await websiteLanguages(db, websiteId);
  return languages.filter((l) => l !== defaultLanguage);
}

/**
 * POST /s/api/admin/catalogue/import: the whole file in one transaction, or nothing (422 with the
 * report while any row has an error). Products are found by slug, packs by SKU: a re-import
 * updates them. Brands named in the file are created when missing; categories must exist.
 * Stock cells are counted quantities: each difference is one `import` movement in the ledger.
 */
export async function applyImport(db: Db, actor: AuditActor, text: string): Promise<CatalogueImportReport> {
  const websiteId = actor.websiteId;
  const reference = `import:${Date.now()}`;
  const translatable = await translatableLanguages(db, websiteId);
  const report = await db
    .transaction(async (tx) => {
      const p = await plan(tx, websiteId, text, translatable);
      if (!p.report.ok) {
        const lines = new Set(p.report.errors.map((e) => e.line)).size;
        throw new AppError(422, 'IMPORT_HAS_ERRORS', fail('IMPORT_HAS_ERRORS', { rows: lines }).message, undefined, { report: p.report });
      }
      // brands named in the file that the shop does not have yet
      const brandIds = new Map(p.brands);
      if (p.newBrands.length) {
        const taken = new Set(
          (await tx.select({ slug: brands.slug }).from(brands).where(eq(brands.websiteId, websiteId))).map((b) => b.slug),
        );
        const values = p.newBrands.map((name) => {
          const base = slugify(name) || 'brand';
          let slug = base;
          for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
          taken.add(slug);
          return { websiteId, name, slug };
        });
        for (const b of await tx.insert(brands).values(values).returning({ id: brands.id, name: brands.name }))
          brandIds.set(b.name.toLowerCase(), b.id);
      }
      const brandOf = (name: string) => (name ? brandIds.get(name.toLowerCase())! : null);

      // products: new ones inserted, changed ones updated (version bumped: an open editor gets a 409)
      const firstRow = new Map<string, CatalogueCsvRow>();
      for (const { row } of p.rows) if (!firstRow.has(row.product_slug)) firstRow.set(row.product_slug, row);
      const productValues = (row: CatalogueCsvRow) => ({
        name: row.product_name,
        brandId: brandOf(row.brand),
        categoryId: p.categoryOf.get(row.category) ?? null,
        status: row.status,
        description: sanitizeDescription(row.description),
        hsnCode: row.hsn,
        gstRate: Math.round(row.gst_rate * 100),
        // the facts the file has over those the product had (a new one: none)
        facts: { ...(p.products.get(row.product_slug)?.facts ?? EMPTY_FACTS), ...row.facts },
      });
      const productIds = new Map<string, number>([...p.products].map(([slug, s]) => [slug, s.id]));
      const toCreate = [...firstRow.values()].filter((r) => !p.products.has(r.product_slug));
      const productColumns: Array<[string, string]> = [
        ['slug', 'text'],
        ['name', 'text'],
        ['brand_id', 'int'],
        ['category_id', 'int'],
        ['status', 'text'],
        ['description', 'text'],
        ['hsn_code', 'text'],
        ['gst_rate', 'int'],
        ...FACT_SQL_COLUMNS,
      ];
      for (const part of chunks(toCreate)) {
        const values = part.map((r) => {
          const v = productValues(r);
          return [r.product_slug, v.name, v.brandId, v.categoryId, v.status, v.description, v.hsnCode, v.gstRate, ...factValues(v.facts)];
        });
        const made = rowsOf<{ id: number; slug: string }>(
          await tx.execute(sql`
          insert into products (website_id, slug, name, brand_id, category_id, status, description, hsn_code, gst_rate, fssai_licence, food_type, ingredients, nutrition)
          select ${websiteId}::int, slug, name, brand_id, category_id, status, description, hsn_code, gst_rate, fssai_licence, food_type, ingredients, nutrition
          from ${recordset(productColumns, values)}
          returning id, slug`),
        );
        for (const m of made) productIds.set(m.slug, Number(m.id));
      }
      const changedProducts = [...firstRow.values()].filter((r) => {
        const s = p.products.get(r.product_slug);
        return s && productChanged(s, r, brandOf(r.brand), p.categoryOf.get(r.category) ?? null);
      });
      await updateFromValues(
        tx,
        'products',
        [
          ['id', 'int'],
          ['name', 'text'],
          ['brand_id', 'int'],
          ['category_id', 'int'],
          ['status', 'text'],
          ['description', 'text'],
          ['hsn_code', 'text'],
          ['gst_rate', 'int'],
          ...FACT_SQL_COLUMNS,
        ],
        changedProducts.map((r) => {
          const v = productValues(r);
          return [
            productIds.get(r.product_slug),
            v.name,
            v.brandId,
            v.categoryId,
            v.status,
            v.description,
            v.hsnCode,
            v.gstRate,
            ...factValues(v.facts),
          ];
        }),
        'name = v.name, brand_id = v.brand_id, category_id = v.category_id, status = v.status, description = v.description, hsn_code = v.hsn_code, gst_rate = v.gst_rate, fssai_licence = v.fssai_licence, food_type = v.food_type, ingredients = v.ingredients, nutrition = v.nutrition, version = t.version + 1, updated_at = now()',
      );

      // packs, keyed by SKU
      const packIds = new Map<string, number>([...p.packs].map(([sku, k]) => [sku, k.id]));
      const newPacks = p.rows.filter(({ row }) => !p.packs.has(row.sku)).map(({ row }) => row);
      const packColumns: Array<[string, string]> = [
        ['product_id', 'int'],
        ['name', 'text'],
        ['sku', 'text'],
        ['barcode', 'text'],
        ['price', 'int'],
        ['act_price', 'int'],
        ['position', 'int'],
        ['discount', 'int'],
        ['discount_type', 'text'],
        ['sold_by_weight', 'boolean'],
        ['plu', 'text'],
        ['step_grams', 'int'],
      ];
      for (const part of chunks(newPacks)) {
        const values = part.map((r) => {
          const d = discountOf(r.price, r.mrp);
          return [
            productIds.get(r.product_slug)!,
            r.pack_name,
            r.sku,
            r.barcode,
            r.price,
            r.mrp,
            r.position,
            d.discount,
            d.discountType,
            r.sold_by_weight ?? false,
            r.plu ?? '',
            r.step_grams ?? DEFAULT_STEP_GRAMS,
          ];
        });
        const made = rowsOf<{ id: number; sku: string }>(
          await tx.execute(sql`
          insert into packs (website_id, product_id, name, sku, barcode, price, act_price, position, discount, discount_type, sold_by_weight, plu, step_grams)
          select ${websiteId}::int, product_id, name, sku, barcode, price, act_price, position, discount, discount_type, sold_by_weight, plu, step_grams from ${recordset(packColumns, values)}
          returning id, sku`),
        );
        for (const m of made) packIds.set(m.sku, Number(m.id));
      }
      const changedPacks = p.rows.map(({ row }) => row).filter((r) => p.packs.has(r.sku) && packChanged(p.packs.get(r.sku)!, r));
      await updateFromValues(
        tx,
        'packs',
        [
          ['id', 'int'],
          ['name', 'text'],
          ['barcode', 'text'],
          ['price', 'int'],
          ['act_price', 'int'],
          ['position', 'int'],
          ['discount', 'int'],
          ['discount_type', 'text'],
          ['sold_by_weight', 'boolean'],
          ['plu', 'text'],
          ['step_grams', 'int'],
        ],
        changedPacks.map((r) => {
          const d = discountOf(r.price, r.mrp);
          return [
            packIds.get(r.sku),
            r.pack_name,
            r.barcode,
            r.price,
            r.mrp,
            r.position,
            d.discount,
            d.discountType,
            r.sold_by_weight,
            r.plu,
            r.step_grams,
          ];
        }),
        // a null flag, PLU or step (the file has no such column, or an empty step) leaves the pack's own
        'name = v.name, barcode = v.barcode, price = v.price, act_price = v.act_price, position = v.position, discount = v.discount, discount_type = v.discount_type, sold_by_weight = coalesce(v.sold_by_weight, t.sold_by_weight), plu = coalesce(v.plu, t.plu), step_grams = coalesce(v.step_grams, t.step_grams)',
      );
      const touchedProducts = new Set([
        ...toCreate.map((r) => productIds.get(r.product_slug)!),
        ...changedProducts.map((r) => productIds.get(r.product_slug)!),
        ...changedPacks.map((r) => productIds.get(r.product_slug)!),
        ...newPacks.map((r) => productIds.get(r.product_slug)!),
      ]);
      if (changedPacks.length || newPacks.length) {
        // an existing product whose packs changed: an editor open on it must reload (its version moves)
        const ids = [
          ...new Set(
            [...changedPacks, ...newPacks].filter((r) => p.products.has(r.product_slug)).map((r) => productIds.get(r.product_slug)!),
          ),
        ];
        for (const part of chunks(ids))
          await tx
            .update(products)
            .set({ version: sql`${products.version} + 1`, updatedAt: sql`now()` })
            .where(and(eq(products.websiteId, websiteId), inArray(products.id, part)));
      }

      // translated names and descriptions: a cell with text keeps it, an empty one leaves the translation
      const translated = new Map<string, TranslationRow>();
      for (const { row } of p.rows)
        for (const [column, value] of Object.entries(row.translations ?? {})) {
          const { field, language } = translatedColumnOf(column)!;
          const entityId = String(productIds.get(row.product_slug)!);
          const key = `${entityId}|${field}|${language}`;
          if (!translated.has(key))
            translated.set(key, {
              entity: 'product',
              entityId,
              field,
              language,
              value: field === 'description' ? sanitizeDescription(value) : value,
            });
        }
      for (const part of chunks([...translated.values()])) await upsertTranslations(tx, websiteId, part);
      for (const t of translated.values()) if (t.field === 'name') touchedProducts.add(Number(t.entityId));

      // stock: counted quantities, each difference one movement in the ledger
      const counted: Array<{ packId: number; warehouseId: number; available: number }> = [];
      for (const { row } of p.rows)
        for (const [code, n] of Object.entries(row.stock)) {
          const wid = p.warehouseIds.get(code);
          if (n !== null && wid !== undefined) counted.push({ packId: packIds.get(row.sku)!, warehouseId: wid, available: n });
        }
      const stockChanges = await countStockBulk(tx, websiteId, counted, reference, actor.actorId ? `user:${actor.actorId}` : 'system');

      // the search index and sort keys of the products the file touched, a chunk at a time (never
      // the whole website's: a file of 25,000 products in a shop of 100,000 rewrites 25,000 rows)
      for (const part of chunks([...touchedProducts])) await refreshProductIndex(tx, websiteId, part);
      const summary = { ...p.report.summary, stock_changes: stockChanges };
      await recordAudit(tx, actor, { entity: 'catalogue', entityId: reference, action: 'import', after: summary });
      return { ...p.report, summary };
    })
    .catch((e: unknown) => {
      // another import or a save took a slug or SKU of this file meanwhile
      if (isUniqueViolation(e) && !(e instanceof AppError)) throw fail('DUPLICATE');
      throw e;
    });
  invalidateWebsite(websiteId);
  return report;
}

/**
 * Products per page of the export: their packs are one query (about 200 rows), their stock another.
 * Small on purpose: a page's rows live until its text is written, and rows that outlive a young
 * collection are promoted to V8's old generation, which grows until a full collection. In pages
 * of 100 products the server's heap rose 19 MB over a 250,000-pack export, in pages of 2,000 by
 * 131 MB (bench/csv-scale.ts, bench/results/csv-scale.md); the 2,500 extra round trips cost
 * little beside the export's own time.
 */
export const EXPORT_PAGE = 100;

/**
 * GET /s/api/admin/catalogue/export.csv: every product of the website (any status), one row per
 * pack, in the import's format, streamed: the warehouses and category labels are read first (a
 * shop has tens of them), then products a page at a time by id (keyset), so memory holds one page
 * of rows whatever the catalogue's size. Each page is read when the client has taken the last.
 */
export async function exportCatalogue(db: Db, websiteId: number, pageSize = EXPORT_PAGE): Promise<Readable> {
  const whs = await warehouseCodes(db, websiteId);
  const cats = await categoryLabels(db, websiteId);
  const codes = whs.map((w) => w.code);
  const languages = await translatableLanguages(db, websiteId);
  async function* pages(): AsyncGenerator<string[][]> {
    for await (const ids of keysetPages(
      async (after: number | undefined, size) =>
        (
          await db
            .select({ id: products.id })
            .from(products)
            .where(and(eq(products.websiteId, websiteId), after === undefined ? undefined : gt(products.id, after)))
            .orderBy(asc(products.id))
            .limit(size)
        ).map((p) => p.id),
      (id) => id,
      pageSize,
    ))
      yield await exportPage(db, websiteId, ids, whs, cats.label, languages);
  }
  // one page read ahead at most: the next is read when the client has taken this one
  return Readable.from(csvStream(catalogueCsvHeader(codes, languages), pages(), CATALOGUE_CSV_NEWLINE), { highWaterMark: 1 });
}

/** The pack rows of products `ids` (one page, in id order), as the export's cells. */
async function exportPage(
  db: Db,
  websiteId: number,
  ids: number[],
  whs: Array<{ id: number; code: string }>,
  categoryLabel: Map<number, string>,
  languages: readonly Language[],
): Promise<string[][]> {
  const rows = rowsOf<{
    product_id: number;
    slug: string;
    name: string;
    brand: string | null;
    category_id: number | null;
    status: CatalogueCsvRow['status'];
    description: string;
    pack_id: number;
    pack_name: string;
    sku: string;
    barcode: string;
    price: number;
    act_price: number;
    sold_by_weight: boolean;
    plu: string;
    step_grams: number;
    hsn_code: string;
    gst_rate: number;
    position: number;
    fssai_licence: string;
    food_type: ProductFacts['food_type'];
    ingredients: string;
    nutrition: ProductFacts['nutrition'];
  }>(
    await db.execute(sql`
      select p.id as product_id, p.slug, p.name, b.name as brand, p.category_id, p.status, p.description, k.id as pack_id, k.name as pack_name,
             k.sku, k.barcode, k.price, k.act_price, k.sold_by_weight, k.plu, k.step_grams, p.hsn_code, p.gst_rate, k.position,
             p.fssai_licence, p.food_type, p.ingredients, p.nutrition
      from ${packs} k join ${products} p on p.id = k.product_id left join ${brands} b on b.id = p.brand_id
      where k.website_id = ${websiteId} and p.website_id = ${websiteId}
        and p.id between ${ids[0]!} and ${ids[ids.length - 1]!} and k.product_id between ${ids[0]!} and ${ids[ids.length - 1]!}
      order by p.id, k.position, k.id`),
  );
  if (!rows.length) return [];
  // (the range on k.product_id too: the packs are then read by their product's index, not scanned)
  const levels = new Map<string, number>();
  for (const part of chunks(rows.map((r) => Number(r.pack_id))))
    for (const [key, n] of await balancesOf(db, websiteId, part)) levels.set(key, n);
  const codes = whs.map((w) => w.code);
  // the page's products' translations, a query per language
  const translatedOf = await Promise.all(languages.map((l) => translate(db, websiteId, l, 'product', ids, ['name', 'description'])));
  const translations = (productId: number) => {
    const out: Record<string, string> = {};
    languages.forEach((l, i) => {
      const own = translatedOf[i]!.get(String(productId));
      if (own?.has('name')) out[`product_name_${l}`] = own.get('name')!;
      if (own?.has('description')) out[`description_${l}`] = own.get('description')!;
    });
    return out;
  };
  return rows.map((r) =>
    catalogueCsvCells(
      codes,
      {
        product_slug: r.slug,
        product_name: r.name,
        brand: r.brand ?? '',
        category: r.category_id === null ? '' : (categoryLabel.get(r.category_id) ?? ''),
        status: r.status,
        description: r.description,
        pack_name: r.pack_name,
        sku: r.sku,
        barcode: r.barcode,
        price: Number(r.price),
        mrp: Number(r.act_price),
        sold_by_weight: r.sold_by_weight,
        plu: r.plu,
        step_grams: r.sold_by_weight ? Number(r.step_grams) : null,
        hsn: r.hsn_code,
        gst_rate: Number(r.gst_rate) / 100,
        position: Number(r.position),
        stock: Object.fromEntries(whs.map((w) => [w.code, levels.get(stockKeyOf(Number(r.pack_id), w.id)) ?? 0])),
        facts: { fssai_licence: r.fssai_licence, food_type: r.food_type, ingredients: r.ingredients, nutrition: r.nutrition },
        translations: translations(Number(r.product_id)),
      },
      languages,
    ),
  );
}
