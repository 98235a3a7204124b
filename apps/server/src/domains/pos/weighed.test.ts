import type { AdminProduct } from '@grocer/shared/admin-catalogue';
import { parseCatalogueCsv } from '@grocer/shared/catalogue-csv';
import { encodeScaleBarcode } from '@grocer/shared/scale-barcode';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, packs, products } from '../../db/schema';
import type { TestClient } from '../../test/client';
import { staffClients } from '../../test/staff-clients';
import { ledgerMismatches, openStock } from '../inventory';
import { checkoutBench } from '../orders/test-fixture';

// Weighed goods (issue 40): set up in the product editor and the CSV, sold at the till by a keyed
// weight or a scale label, priced by the server from the grams, stock taken in grams.

let b: Awaited<ReturnType<typeof checkoutBench>>;
let owner: TestClient;
let tomato: AdminProduct;
const till = 'Scale till';
let seq = 0;
const key = () => `weigh-${++seq}-${randomUUID().slice(0, 8)}`;

const weighedProduct = (over: Record<string, unknown> = {}) => ({
  name: 'Tomato Loose',
  brand_id: null,
  category_id: null,
  description: '',
  seo_title: '',
  seo_description: '',
  hsn_code: '0702',
  gst_rate: 0,
  packs: [
    {
      name: 'per kg',
      sku: `TOM-${randomUUID().slice(0, 6)}`,
      barcode: '',
      price: 40,
      act_price: 50,
      position: 0,
      sold_by_weight: true,
      plu: '00101',
      step_grams: 500,
    },
  ],
  ...over,
});

const sale = (lines: Array<{ pack_id: number; quantity: number; scale_barcode?: string }>, total: number) => ({
  idempotency_key: key(),
  till,
  lines,
  expected_total: total,
  payment: { cash: total, cash_tendered: total },
});

beforeAll(async () => {
  b = await checkoutBench();
  owner = await staffClients(b.t, b.shop.websiteId).as({ hasAdminAccess: true });
  // the CSV keys packs by SKU: the fixture's have none
  for (const [name, pack] of Object.entries(b.shop.packs))
    await b.t.db.update(packs).set({ sku: name.toUpperCase() }).where(eq(packs.id, pack.id));
  const res = await owner.post('/s/api/admin/products', weighedProduct());
  expect(res.statusCode, res.body).toBe(201);
  tomato = res.json();
  // 10 kg of tomatoes at the till's warehouse, with its opening movement
  await b.t.db.transaction((tx) =>
    openStock(
      tx,
      [{ websiteId: b.shop.websiteId, packId: tomato.packs[0]!.id, warehouseId: b.shop.warehouses.blr.id, available: 10_000 }],
      'test',
    ),
  );
  const open = await owner.post('/s/api/pos/shift/open', { till, warehouse_id: b.shop.warehouses.blr.id, float: 0 });
  expect(open.statusCode, open.body).toBe(200);
}, 120_000);
afterAll(() => b.t.close());

describe('setting up a pack sold by weight', () => {
  it('creates it with its price per kg and PLU, and reads it back', () => {
    expect(tomato.status).toBe('draft');
    // the online step (issue 40.5): 500 g unless set
    expect(tomato.packs[0]).toMatchObject({ sold_by_weight: true, plu: '00101', price: 40, act_price: 50, step_grams: 500 });
  });

  it('refuses a PLU that is not 5 digits or another product’s, a PLU on a counted pack, and a step outside 1 g–10 kg', async () => {
    const before = (await b.t.db.select().from(products)).length;
    const step = weighedProduct({ name: 'Onion Loose' });
    step.packs[0]!.step_grams = 20_000;
    expect((await owner.post('/s/api/admin/products', step)).json().errors['packs.0.step_grams']).toEqual(['Step is at most 10 kg']);
    const short = weighedProduct({ name: 'Onion Loose' });
    short.packs[0]!.plu = '12';
    expect((await owner.post('/s/api/admin/products', short)).json().errors['packs.0.plu']).toEqual(['PLU is 5 digits']);
    const taken = await owner.post('/s/api/admin/products', weighedProduct({ name: 'Onion Loose' }));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors['packs.0.plu']).toEqual(['PLU is already used by Tomato Loose']);
    const counted = weighedProduct({ name: 'Onion Loose' });
    counted.packs[0]!.sold_by_weight = false;
    expect((await owner.post('/s/api/admin/products', counted)).json().errors['packs.0.plu']).toEqual([
      'Only a pack sold by weight has a scale PLU',
    ]);
    expect((await b.t.db.select().from(products)).length).toBe(before);
  });

  it('a pack holding stock keeps its kind (counted or weighed); a weighed product may be made active (sold online in steps)', async () => {
    const { rice1 } = b.shop.packs;
    const rice = (await owner.get(`/s/api/admin/products/${b.shop.products.rice.id}`)).json() as AdminProduct;
    const input = {
      ...rice,
      status: 'draft',
      packs: rice.packs.map((k) => ({ ...k, sold_by_weight: k.id === rice1.id })),
    };
    const refused = await owner.put(`/s/api/admin/products/${rice.id}`, input);
    expect(refused.statusCode, refused.body).toBe(422);
    const at = rice.packs.findIndex((k) => k.id === rice1.id);
    expect(refused.json().errors, refused.body).toEqual({ [`packs.${at}.sold_by_weight`]: expect.anything() });
    expect(refused.json().errors[`packs.${at}.sold_by_weight`]).toEqual([
      'This pack has stock or sales counted in units: add a new pack sold by weight instead (or the other way round)',
    ]);
    const [still] = await b.t.db.select().from(packs).where(eq(packs.id, rice1.id));
    expect(still!.soldByWeight).toBe(false);

    const bulk = await owner.post('/s/api/admin/products/status', { ids: [tomato.id], status: 'active' });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const [p] = await b.t.db.select().from(products).where(eq(products.id, tomato.id));
    expect(p!.status).toBe('active');
    await owner.post('/s/api/admin/products/status', { ids: [tomato.id], status: 'draft' });
  });
});

describe('selling by weight at the till', () => {
  it('a scale label scanned into the search finds its pack by PLU', async () => {
    const code = encodeScaleBarcode({ plu: '00101', kind: 'weight', grams: 735 });
    const found = (await owner.get(`/s/api/pos/packs?warehouse_id=${b.shop.warehouses.blr.id}&q=${code}`)).json().data;
    expect(found).toEqual([expect.objectContaining({ pack_id: tomato.packs[0]!.id, sold_by_weight: true, plu: '00101', price: 40 })]);
  });

  it('prices a keyed weight itself (735 g × ₹40/kg = ₹29.40), refuses the till’s wrong total, takes the grams from stock', async () => {
    const packId = tomato.packs[0]!.id;
    const blr = b.shop.warehouses.blr.id;
    const before = await b.stockOf(packId, blr);
    const cheap = await owner.post('/s/api/pos/sales', sale([{ pack_id: packId, quantity: 735 }], 20));
    expect(cheap.statusCode).toBe(409);
    expect(cheap.json().code).toBe('PRICE_CHANGED');
    expect(await b.stockOf(packId, blr)).toBe(before);

    const res = await owner.post('/s/api/pos/sales', sale([{ pack_id: packId, quantity: 735 }], 29.4));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(29.4);
    expect(await b.stockOf(packId, blr)).toBe(before - 735);
    const [line] = await b.t.db.select().from(orderLines).where(eq(orderLines.orderId, res.json().order_id));
    expect(line).toMatchObject({ quantity: 735, price: 4000, amount: 2940 });
    const printed = (await owner.get(`/s/api/pos/sales/${res.json().receipt}/print`)).body;
    expect(printed).toContain('0.735 kg × ₹40/kg');
    expect(printed).toContain('₹29.40');
    // the A4 tax invoice: grams as kg at the rate per kg, GST per line
    const invoice = (await owner.get(`/s/api/pos/sales/${res.json().receipt}/print?format=a4`)).body;
    expect(invoice).toContain('<td class="n">0.735 kg</td><td class="n">₹40/kg</td>');
  });

  it('sells from scale labels: a weight label, and a price label turned into grams at the pack’s price per kg', async () => {
    const packId = tomato.packs[0]!.id;
    const blr = b.shop.warehouses.blr.id;
    const before = await b.stockOf(packId, blr);
    const weight = encodeScaleBarcode({ plu: '00101', kind: 'weight', grams: 1250 }); // ₹50
    const price = encodeScaleBarcode({ plu: '00101', kind: 'price', paise: 2000 }); // ₹20 → 500 g
    const res = await owner.post(
      '/s/api/pos/sales',
      sale(
        [
          { pack_id: packId, quantity: 1250, scale_barcode: weight },
          { pack_id: packId, quantity: 500, scale_barcode: price },
        ],
        70,
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await b.stockOf(packId, blr)).toBe(before - 1750);
    const detail = (await owner.get(`/s/api/pos/sales/${res.json().receipt}`)).json();
    expect(detail.lines.map((l: { quantity: number; amount: number }) => [l.quantity, l.amount])).toEqual([
      [1250, 50],
      [500, 20],
    ]);
  });

  it('refuses a label whose grams differ from the line, a label of another PLU, and a bad check digit; nothing is sold', async () => {
    const packId = tomato.packs[0]!.id;
    const blr = b.shop.warehouses.blr.id;
    const before = await b.stockOf(packId, blr);
    const weight = encodeScaleBarcode({ plu: '00101', kind: 'weight', grams: 1250 });
    const tampered = await owner.post('/s/api/pos/sales', sale([{ pack_id: packId, quantity: 100, scale_barcode: weight }], 4));
    expect(tampered.statusCode).toBe(422);
    expect(tampered.json().errors['lines.0.scale_barcode']).toEqual(['The weight does not match the scale label']);
    const other = encodeScaleBarcode({ plu: '00999', kind: 'weight', grams: 100 });
    expect(
      (await owner.post('/s/api/pos/sales', sale([{ pack_id: packId, quantity: 100, scale_barcode: other }], 4))).json().errors[
        'lines.0.scale_barcode'
      ],
    ).toEqual(['This label is for PLU 00999, not this item']);
    const bad = weight.slice(0, 12) + String((Number(weight[12]) + 1) % 10);
    expect((await owner.post('/s/api/pos/sales', sale([{ pack_id: packId, quantity: 1250, scale_barcode: bad }], 50))).statusCode).toBe(
      422,
    );
    expect(await b.stockOf(packId, blr)).toBe(before);
    expect((await ledgerMismatches(b.t.db)).mismatches).toEqual([]);
  });
});

describe('the catalogue CSV', () => {
  it('exports a weighed pack with its price per kg and PLU, and the export imports back unchanged', async () => {
    const csv = (await owner.get('/s/api/admin/catalogue/export.csv')).body as string;
    const row = parseCatalogueCsv(csv).rows.find((r) => r.row.sku === tomato.packs[0]!.sku)!.row;
    expect(row).toMatchObject({ sold_by_weight: true, price: 4000, mrp: 5000, plu: '00101', status: 'draft' });
    expect(csv).toMatch(new RegExp(`,${tomato.packs[0]!.sku},,,50,0702,0,0,,,,,yes,40,00101,`));
    const dry = (await owner.post('/s/api/admin/catalogue/import?dry_run=1', { csv })).json();
    expect(dry.errors).toEqual([]);
    expect(dry).toMatchObject({ ok: true, summary: { packs_update: 0, products_update: 0 } });
  });

  it('imports a new loose good and a new price per kg; refuses flipping a stocked pack and a price in the price column', async () => {
    const sku = tomato.packs[0]!.sku;
    const head = 'product_slug,product_name,status,pack_name,sku,price,mrp,hsn,gst_rate,sold_by_weight,price_per_kg,plu';
    const good = [
      head,
      `${tomato.slug},Tomato Loose,draft,per kg,${sku},,50,0702,0,yes,42,00101`,
      'loose-onion,Onion Loose,draft,per kg,ONION-LOOSE,,,0703,0,yes,35.50,00102',
    ].join('\n');
    const res = await owner.post('/s/api/admin/catalogue/import', { csv: good });
    expect(res.statusCode, res.body).toBe(200);
    const [tom] = await b.t.db.select().from(packs).where(eq(packs.sku, sku));
    expect(tom).toMatchObject({ price: 4200, soldByWeight: true, plu: '00101' });
    const [onion] = await b.t.db.select().from(packs).where(eq(packs.sku, 'ONION-LOOSE'));
    expect(onion).toMatchObject({ price: 3550, actPrice: 3550, soldByWeight: true, plu: '00102' });

    const bad = [
      head,
      `${tomato.slug},Tomato Loose,draft,per kg,${sku},42,50,0702,0,no,,`,
      'loose-garlic,Garlic Loose,draft,per kg,GARLIC-LOOSE,120,,0703,0,yes,120,00103',
    ].join('\n');
    const refused = await owner.post('/s/api/admin/catalogue/import', { csv: bad });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().report.errors).toEqual([
      {
        line: 2,
        column: 'sold_by_weight',
        message: 'This pack has stock or sales counted in units: add a new pack sold by weight instead (or the other way round)',
      },
      { line: 3, column: 'price', message: 'A pack sold by weight has its price in price_per_kg: leave price empty' },
    ]);
    const [same] = await b.t.db.select().from(packs).where(eq(packs.sku, sku));
    expect(same!.soldByWeight).toBe(true);
  });

  it('exports and imports a weighed pack’s online step (step_grams); a bad step or one on a counted pack is named on its row, nothing saved', async () => {
    const sku = tomato.packs[0]!.sku;
    const before = (await b.t.db.select().from(packs).where(eq(packs.sku, sku)))[0]!;
    const exported = (await owner.get('/s/api/admin/catalogue/export.csv')).body as string;
    const parsed = parseCatalogueCsv(exported).rows;
    // a weighed pack carries its step; a counted pack leaves the cell empty
    expect(parsed.find((r) => r.row.sku === sku)!.row.step_grams).toBe(before.stepGrams);
    expect(parsed.find((r) => r.row.sold_by_weight === false)!.row.step_grams).toBeNull();

    const head = 'product_slug,product_name,status,pack_name,sku,price,mrp,hsn,gst_rate,sold_by_weight,price_per_kg,plu,step_grams';
    const good = [
      head,
      `${tomato.slug},Tomato Loose,draft,per kg,${sku},,50,0702,0,yes,42,00101,250`,
      'loose-peas,Peas Loose,draft,per kg,PEAS-LOOSE,,,0708,0,yes,80,,',
    ].join('\n');
    const res = await owner.post('/s/api/admin/catalogue/import', { csv: good });
    expect(res.statusCode, res.body).toBe(200);
    expect((await b.t.db.select().from(packs).where(eq(packs.sku, sku)))[0]!.stepGrams).toBe(250);
    // a new weighed pack without a step gets the default
    expect((await b.t.db.select().from(packs).where(eq(packs.sku, 'PEAS-LOOSE')))[0]!.stepGrams).toBe(500);

    const bad = [
      head,
      `${tomato.slug},Tomato Loose,draft,per kg,${sku},,50,0702,0,yes,42,00101,20000`,
      `loose-beans,Beans Loose,draft,per kg,BEANS-LOOSE,,,0708,0,yes,60,,abc`,
      'steady-rice,Steady Rice,active,1 kg,STEADY-RICE-1,90,,1006,5,no,,,500',
    ].join('\n');
    const refused = await owner.post('/s/api/admin/catalogue/import', { csv: bad });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().report.errors).toEqual(
      expect.arrayContaining([
        { line: 2, column: 'step_grams', message: 'Step is whole grams from 1 to 10000' },
        { line: 3, column: 'step_grams', message: 'Step is whole grams from 1 to 10000' },
        { line: 4, column: 'step_grams', message: 'Only a pack sold by weight has an online step: leave step_grams empty' },
      ]),
    );
    expect((await b.t.db.select().from(packs).where(eq(packs.sku, sku)))[0]!.stepGrams).toBe(250);
    expect(await b.t.db.select().from(packs).where(eq(packs.sku, 'BEANS-LOOSE'))).toEqual([]);
  });
});
