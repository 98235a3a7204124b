import { productToInput } from '@grocer/shared/admin-catalogue';
import { and, eq, max, ne, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addresses,
  auditLog,
  errorGroups,
  orderLines,
  orders,
  pages,
  productReviews,
  products,
  subscribablePacks,
  users,
  warehouses,
  websiteMembers,
  websiteSettings,
  websites,
} from '../db/schema';
import { invalidateWebsite } from './cache';
import { signInAs } from '../domains/cart/test-fixture';
import { seedDemo } from '../seed/demo';
import { createTestApp } from '../test/app';
import { TestClient } from '../test/client';
import { staffClients } from '../test/staff-clients';
import { STAFF_AREAS } from './staff';

/**
 * Every staff write is audited (DESIGN §10; issue 40.11). This walks EVERY write route of the staff
 * areas (/s/api/admin, builder, pos, agent, bos: enumerated from the app's OpenAPI document, as
 * staff-matrix.test.ts does), makes a valid call for each on the demo shop (CALLS below, in order:
 * a later call may use what an earlier one made) and checks the call succeeded and wrote an audit
 * row on the website. A route that deliberately writes no audit row is in EXEMPT with the reason.
 * A new staff write route that is in neither fails here, by name: record it (`recordAudit(tx,
 * auditActor(req), …)` in the change's transaction) and add a call for it to CALLS, or, if it
 * changes nothing of the shop's, add it to EXEMPT saying why.
 */
type Call = `${'POST' | 'PUT' | 'PATCH' | 'DELETE'} ${string}`;

const EXEMPT: Partial<Record<Call, string>> = {
  'POST /bos/choose': 'chooses which website this session manages: the session’s own state, no shop data changes',
  'POST /builder/blocks/resolve': 'a read: answers one block as the storefront would show it (the editor’s preview)',
  'POST /admin/products/prices/preview':
    'a read: shows what a bulk price change would do; the change itself is POST /admin/products/prices',
  'POST /admin/payments/{provider}/test': 'a read: checks the saved keys against the provider; nothing is saved',
  'POST /admin/orders/{id}/edit/quote':
    'a read: prices the order as the edit would leave it (stock, slots, total); the change itself is POST /admin/orders/{id}/edit',
  'PUT /rider/trips/{id}/position':
    'the rider’s phone’s latest position while the trip is out, overwritten each report and deleted when the trip ends: an audit row per report would keep the history the position must not leave',
  'DELETE /rider/trips/{id}/position': 'the rider stops sharing: the position held for the trip is deleted, nothing of the shop’s changes',
};

interface Ctx {
  owner: TestClient;
  cashier: TestClient;
  agent: TestClient;
  websiteId: number;
  /** values earlier calls made (ids, receipts), for later ones */
  made: Record<string, unknown>;
}
type Res = { statusCode: number; body: string; json: () => any }; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
let n = 0;
const uniq = () => `${Date.now().toString(36)}${++n}`;
const till = 'AUDIT-1';

async function firstProduct(skip = 0) {
  const [p] = await t.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.websiteId, ctx.websiteId), eq(products.status, 'active')))
    .orderBy(products.id)
    .offset(skip)
    .limit(1);
  return p!.id;
}
async function packWithStock(skip = 0) {
  const rows = await t.db.execute<{ pack_id: number; warehouse_id: number; price: number }>(
    sql`select s.pack_id, s.warehouse_id, k.price from stock s join packs k on k.id = s.pack_id join products p on p.id = k.product_id
        where s.website_id = ${ctx.websiteId} and s.available > 20 and p.status = 'active' order by s.pack_id, s.warehouse_id offset ${skip} limit 1`,
  );
  const r = (rows as unknown as { rows: Array<{ pack_id: number; warehouse_id: number; price: number }> }).rows[0]!;
  return { packId: Number(r.pack_id), warehouseId: Number(r.warehouse_id), price: Number(r.price) };
}

const domainId = (list: { data: Array<{ id: number; host: string }> }, prefix: string) =>
  list.data.find((d) => d.host.startsWith(prefix))!.id;
const pageVersion = async (id: number) => (await t.db.select({ v: pages.version }).from(pages).where(eq(pages.id, id)))[0]!.v;

/** A shopper's cash-on-delivery order on the demo shop (one unit), placed through the storefront's calls. */
async function codOrder(
  units = 1,
  payment_method: 'cod' | 'razorpay' = 'cod',
): Promise<{ id: string; lineId: number; total: number; c: TestClient; packId: number; checkoutUrl: string }> {
  const [u] = await t.db
    .insert(users)
    .values({ name: `Audit Shopper ${uniq()}`, email: `audit-${uniq()}@example.com` })
    .returning();
  await t.db.insert(websiteMembers).values({ websiteId: ctx.websiteId, userId: u!.id });
  const c = new TestClient(t.app);
  await c.get('/s/api/check/pincode/560001');
  await signInAs(t.db, c, u!.id);
  const { packId } = await packWithStock();
  for (let i = 0; i < units; i++) expect((await c.post('/s/api/cart/add', { pack_id: packId })).statusCode).toBe(200);
  const addr = (
    await c.post('/s/api/addresses', {
      name: 'Asha',
      phone: '9000000011',
      pincode: '560001',
      line1: 'Flat 4B',
      line2: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      type: 'home',
    })
  ).json();
  const cart = (await c.get(`/s/api/cart?address_id=${addr.id}`)).json();
  const res = await c.post('/s/api/orders', {
    address_id: addr.id,
    payment_method,
    expected_total: cart.amount,
    idempotency_key: uniq(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const { id, total } = res.json().order as { id: string; total: number };
  const [line] = await t.db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, id));
  return { id, lineId: line!.id, total, c, packId, checkoutUrl: res.json().payment?.checkout_url ?? '' };
}

/**
 * A shopper's Razorpay order on the demo shop, paid on the built-in gateway simulator's hand-off
 * page (the simulator's API and its signed webhook go over HTTP: the app listens, see beforeAll).
 */
async function paidOrder() {
  const o = await codOrder(1, 'razorpay');
  const paid = await t.app.inject({
    method: 'POST',
    url: o.checkoutUrl.split('?')[0]!,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=success',
  });
  expect(paid.statusCode, paid.body).toBe(303);
  return o;
}

function multipart(content: Buffer, filename: string, type: string) {
  const boundary = `----audit${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const couponInput = (code: string) => ({
  code,
  description: 'Audit offer',
  kind: 'flat',
  value: 5000,
  maxDiscount: null,
  minOrder: 50_000,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  firstOrderOnly: false,
  active: true,
});
const draftAddress = {
  name: 'Priya Sharma',
  phone: '9876500101',
  pincode: '560001',
  line1: 'Flat 2A',
  line2: '5 Church Street',
  city: 'Bengaluru',
  state: 'Karnataka',
  type: 'home',
};
const slotInput = { startTime: '20:00', endTime: '22:00', capacity: 10, weekdays: 127, cutoffMinutes: 60 };
const STAFF_FLAGS = {
  hasAdminAccess: false,
  isSalesAgent: false,
  isCashier: false,
  isPacker: false,
  isDeliveryManager: false,
  isCatalogueEditor: true,
  isAccountant: false,
};

/** The agent's customer's subscription made by the walk (issue 44), and one of its calls. */
const subAt = (x: Ctx, call: string) => `/s/api/agent/customers/${x.made.subscriber}/subscriptions/${x.made.subscription}/${call}`;

/**
 * One valid call per staff write route, in the order they run. Each answers the response; the
 * walk checks it is a success and that an audit row was written.
 */
const CALLS: Array<[Call, (x: Ctx) => Promise<Res>]> = [
  // ---- catalogue
  [
    'POST /admin/brands',
    async (x) => {
      const r = await x.owner.post('/s/api/admin/brands', { name: `Audit Brand ${uniq()}`, slug: '', logo: '' });
      x.made.brand = r.json().id;
      return r;
    },
  ],
  ['PUT /admin/brands/{id}', (x) => x.owner.put(`/s/api/admin/brands/${x.made.brand}`, { name: `Audit Brand Renamed ${uniq()}` })],
  ['DELETE /admin/brands/{id}', (x) => x.owner.delete(`/s/api/admin/brands/${x.made.brand}`)],
  [
    'POST /admin/categories',
    async (x) => {
      const r = await x.owner.post('/s/api/admin/categories', { name: `Audit Category ${uniq()}` });
      x.made.category = r.json().id;
      return r;
    },
  ],
  [
    'PUT /admin/categories/{id}',
    async (x) => {
      const c = (await x.owner.get('/s/api/admin/categories')).json();
      const mine = JSON.stringify(c);
      expect(mine).toContain(String(x.made.category));
      return x.owner.put(`/s/api/admin/categories/${x.made.category}`, { name: `Audit Category Renamed ${uniq()}` });
    },
  ],
  [
    'POST /admin/categories/arrange',
    async (x) => {
      const tops = (await x.owner.get('/s/api/admin/categories')).json() as { data: Array<{ id: number; parent_id: number | null }> };
      const ids = (tops.data ?? []).filter((c) => c.parent_id === null).map((c) => c.id);
      return x.owner.post('/s/api/admin/categories/arrange', { parent_id: null, ids: [...ids].reverse() });
    },
  ],
  ['DELETE /admin/categories/{id}', (x) => x.owner.delete(`/s/api/admin/categories/${x.made.category}`)],
  [
    'POST /admin/products',
    async (x) => {
      const r = await x.owner.post('/s/api/admin/products', {
        name: `Audit Rice ${uniq()}`,
        brand_id: null,
        category_id: null,
        description: '',
        seo_title: '',
        seo_description: '',
        hsn_code: '1006',
        gst_rate: 5,
        packs: [{ name: '1 kg', sku: `AU-${uniq()}`, barcode: '', price: 80, act_price: 90, position: 0 }],
      });
      x.made.product = r.json().id;
      return r;
    },
  ],
  [
    'POST /admin/media',
    async (x) => {
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0f766e' } })
        .png()
        .toBuffer();
      const r = await x.owner.request({ method: 'POST', url: '/s/api/admin/media', ...multipart(png, 'audit.png', 'image/png') });
      x.made.media = r.json();
      return r;
    },
  ],
  [
    'PATCH /admin/media/{id}',
    (x) => x.owner.patch(`/s/api/admin/media/${(x.made.media as { id: number }).id}`, { alt: 'A crate of rice' }),
  ],
  [
    'PUT /admin/products/{id}',
    async (x) => {
      const p = (await x.owner.get(`/s/api/admin/products/${x.made.product}`)).json();
      const m = x.made.media as { path: string };
      return x.owner.put(`/s/api/admin/products/${x.made.product}`, { ...productToInput(p), images: [{ src: m.path, alt: '' }] });
    },
  ],
  ['POST /admin/products/status', (x) => x.owner.post('/s/api/admin/products/status', { ids: [x.made.product], status: 'archived' })],
  [
    'POST /admin/products/category',
    async (x) => {
      const c = (await x.owner.post('/s/api/admin/categories', { name: `Audit Shelf ${uniq()}` })).json();
      return x.owner.post('/s/api/admin/products/category', { ids: [x.made.product], category_id: c.id });
    },
  ],
  ['POST /admin/products/prices', (x) => x.owner.post('/s/api/admin/products/prices', { ids: [x.made.product], by: 'amount', value: 1 })],
  ['POST /admin/products/delete', (x) => x.owner.post('/s/api/admin/products/delete', { ids: [x.made.product] })],
  ['DELETE /admin/media/{id}', (x) => x.owner.delete(`/s/api/admin/media/${(x.made.media as { id: number }).id}`)],
  [
    'DELETE /admin/products/{id}',
    async (x) => {
      const r = await x.owner.post('/s/api/admin/products', {
        name: `Audit Gone ${uniq()}`,
        brand_id: null,
        category_id: null,
        description: '',
        seo_title: '',
        seo_description: '',
        hsn_code: '1006',
        gst_rate: 5,
        packs: [{ name: '1 kg', sku: `AG-${uniq()}`, barcode: '', price: 80, act_price: 90, position: 0 }],
      });
      return x.owner.delete(`/s/api/admin/products/${r.json().id}`);
    },
  ],
  [
    'POST /admin/catalogue/import',
    async (x) => {
      const csv = (await x.owner.get('/s/api/admin/catalogue/export.csv')).body.split('\r\n').slice(0, 2).join('\r\n');
      return x.owner.post('/s/api/admin/catalogue/import', { csv });
    },
  ],
  ['PUT /admin/search/synonyms', (x) => x.owner.put('/s/api/admin/search/synonyms', { data: [{ term: 'arhar', words: ['toor'] }] })],
  [
    'PUT /admin/translations',
    async (x) => {
      // Hindi offered (the demo may offer it already), then a product's name in Hindi
      await t.db
        .update(websiteSettings)
        .set({ languages: ['en', 'hi', 'kn'] })
        .where(eq(websiteSettings.websiteId, x.websiteId));
      invalidateWebsite(x.websiteId);
      const [p] = await t.db.select({ id: products.id }).from(products).where(eq(products.websiteId, x.websiteId)).limit(1);
      return x.owner.put('/s/api/admin/translations', {
        language: 'hi',
        entity: 'product',
        items: [{ id: String(p!.id), field: 'name', value: `ऑडिट ${uniq()}` }],
      });
    },
  ],
  [
    'POST /admin/reviews/{id}',
    async (x) => {
      const [s] = await t.db.select().from(users).where(eq(users.email, 'shopper@demo.shop'));
      const [r] = await t.db
        .insert(productReviews)
        .values({ websiteId: x.websiteId, productId: await firstProduct(5), userId: s!.id, rating: 4, body: 'Fresh and clean' })
        .returning();
      return x.owner.post(`/s/api/admin/reviews/${r!.id}`, { status: 'approved' });
    },
  ],
  // ---- stock
  [
    'POST /admin/stock/packs/{packId}/adjust',
    async (x) => {
      const s = await packWithStock(3);
      return x.owner.post(`/s/api/admin/stock/packs/${s.packId}/adjust`, { warehouse_id: s.warehouseId, delta: 5, reason: 'received' });
    },
  ],
  [
    'PUT /admin/stock/packs/{packId}/threshold',
    async (x) => x.owner.put(`/s/api/admin/stock/packs/${(await packWithStock(3)).packId}/threshold`, { threshold: 3 }),
  ],
  ['PUT /admin/stock/settings', (x) => x.owner.put('/s/api/admin/stock/settings', { default_threshold: 4 })],
  // purchasing and transfers (issue 40 point 18)
  [
    'POST /admin/stock/suppliers',
    async (x) => {
      const r = await x.owner.post('/s/api/admin/stock/suppliers', { name: `Audit Supplier ${uniq()}`, phone: '9876543210', gstin: '' });
      x.made.supplier = r.json().id;
      return r;
    },
  ],
  [
    'PUT /admin/stock/suppliers/{id}',
    (x) =>
      x.owner.put(`/s/api/admin/stock/suppliers/${x.made.supplier}`, {
        name: `Audit Supplier Renamed ${uniq()}`,
        phone: '',
        gstin: '29ABCDE1234F1Z5',
      }),
  ],
  [
    'POST /admin/stock/purchase-orders',
    async (x) => {
      const s = await packWithStock(4);
      const r = await x.owner.post('/s/api/admin/stock/purchase-orders', {
        supplier_id: x.made.supplier,
        warehouse_id: s.warehouseId,
        expected_on: '2026-12-01',
        note: 'Audit order',
        lines: [{ pack_id: s.packId, quantity: 6, unit_cost: 4000 }],
      });
      x.made.purchaseOrder = r.json();
      return r;
    },
  ],
  [
    'PUT /admin/stock/purchase-orders/{id}',
    async (x) => {
      const po = x.made.purchaseOrder as {
        id: number;
        supplier: { id: number };
        warehouse: { id: number };
        lines: Array<{ pack_id: number }>;
      };
      const r = await x.owner.put(`/s/api/admin/stock/purchase-orders/${po.id}`, {
        supplier_id: po.supplier.id,
        warehouse_id: po.warehouse.id,
        expected_on: '2026-12-02',
        note: 'Audit order, edited',
        lines: [{ pack_id: po.lines[0]!.pack_id, quantity: 8, unit_cost: 3900 }],
      });
      // a draft's lines are rewritten: later calls use the new line ids
      x.made.purchaseOrder = r.json();
      return r;
    },
  ],
  [
    'POST /admin/stock/purchase-orders/{id}/status',
    (x) => x.owner.post(`/s/api/admin/stock/purchase-orders/${(x.made.purchaseOrder as { id: number }).id}/status`, { status: 'ordered' }),
  ],
  [
    'POST /admin/stock/purchase-orders/{id}/receive',
    (x) => {
      const po = x.made.purchaseOrder as { id: number; lines: Array<{ id: number }> };
      return x.owner.post(`/s/api/admin/stock/purchase-orders/${po.id}/receive`, {
        note: 'Invoice A-1',
        lines: [{ line_id: po.lines[0]!.id, quantity: 4 }],
      });
    },
  ],
  [
    'POST /admin/stock/transfers',
    async (x) => {
      const s = await packWithStock(4);
      const [to] = await t.db
        .select({ id: warehouses.id })
        .from(warehouses)
        .where(and(eq(warehouses.websiteId, x.websiteId), ne(warehouses.id, s.warehouseId)))
        .limit(1);
      x.made.transferWarehouses = { from_warehouse_id: s.warehouseId, to_warehouse_id: to!.id };
      const r = await x.owner.post('/s/api/admin/stock/transfers', {
        ...(x.made.transferWarehouses as object),
        note: 'Audit transfer',
        lines: [{ pack_id: s.packId, quantity: 3 }],
      });
      x.made.transfer = r.json();
      return r;
    },
  ],
  [
    'PUT /admin/stock/transfers/{id}',
    async (x) => {
      const tr = x.made.transfer as { id: number; lines: Array<{ pack_id: number }> };
      const r = await x.owner.put(`/s/api/admin/stock/transfers/${tr.id}`, {
        ...(x.made.transferWarehouses as object),
        note: 'Audit transfer, edited',
        lines: [{ pack_id: tr.lines[0]!.pack_id, quantity: 3 }],
      });
      x.made.transfer = r.json();
      return r;
    },
  ],
  [
    'POST /admin/stock/transfers/{id}/send',
    (x) => x.owner.post(`/s/api/admin/stock/transfers/${(x.made.transfer as { id: number }).id}/send`),
  ],
  [
    'POST /admin/stock/transfers/{id}/receive',
    (x) => {
      const tr = x.made.transfer as { id: number; lines: Array<{ id: number }> };
      return x.owner.post(`/s/api/admin/stock/transfers/${tr.id}/receive`, {
        lines: [{ line_id: tr.lines[0]!.id, received: 2, short: 1, short_reason: 'Torn in the van' }],
      });
    },
  ],
  [
    'POST /admin/stock/transfers/{id}/cancel',
    async (x) => {
      const { packId } = await packWithStock(4);
      const tr = await x.owner.post('/s/api/admin/stock/transfers', {
        ...(x.made.transferWarehouses as object),
        lines: [{ pack_id: packId, quantity: 1 }],
      });
      return x.owner.post(`/s/api/admin/stock/transfers/${tr.json().id}/cancel`);
    },
  ],
  // ---- coupons
  [
    'POST /admin/coupons',
    async (x) => {
      const r = await x.owner.post(
        '/s/api/admin/coupons',
        couponInput(
          `AUD${uniq()
            .toUpperCase()
            .replace(/[^A-Z0-9]/g, '')}`.slice(0, 20),
        ),
      );
      x.made.coupon = r.json();
      return r;
    },
  ],
  [
    'PUT /admin/coupons/{id}',
    (x) => {
      const c = x.made.coupon as { id: number; code: string };
      return x.owner.put(`/s/api/admin/coupons/${c.id}`, { ...couponInput(c.code), value: 6000 });
    },
  ],
  [
    'POST /admin/coupons/{id}/active',
    (x) => x.owner.post(`/s/api/admin/coupons/${(x.made.coupon as { id: number }).id}/active`, { active: false }),
  ],
  // ---- promotions, customer groups and price lists (issue 40 §19)
  [
    'POST /admin/promotions',
    async (x) => {
      const { packId } = await packWithStock();
      const rule = {
        kind: 'buy_x_get_y',
        buy: { type: 'pack', packIds: [packId] },
        buyQuantity: 2,
        getQuantity: 1,
        getPackId: null,
        percentOff: 100,
      };
      const r = await x.owner.post('/s/api/admin/promotions', { name: 'Audit B2G1', rule, startsAt: null, endsAt: null, active: false });
      x.made.promotion = r.json();
      return r;
    },
  ],
  [
    'PUT /admin/promotions/{id}',
    (x) => {
      const p = x.made.promotion as { id: number; rule: unknown };
      return x.owner.put(`/s/api/admin/promotions/${p.id}`, {
        name: 'Audit B2G1 renamed',
        rule: p.rule,
        startsAt: null,
        endsAt: null,
        active: false,
      });
    },
  ],
  [
    'POST /admin/promotions/{id}/active',
    (x) => x.owner.post(`/s/api/admin/promotions/${(x.made.promotion as { id: number }).id}/active`, { active: false }),
  ],
  [
    'POST /admin/customer-groups',
    async (x) => {
      const r = await x.owner.post('/s/api/admin/customer-groups', { name: `Audit group ${uniq()}` });
      x.made.group = r.json();
      return r;
    },
  ],
  [
    'PUT /admin/customer-groups/{id}',
    (x) => x.owner.put(`/s/api/admin/customer-groups/${(x.made.group as { id: number }).id}`, { name: `Audit group ${uniq()}` }),
  ],
  [
    'POST /admin/customer-groups/{id}/members',
    (x) => x.owner.post(`/s/api/admin/customer-groups/${(x.made.group as { id: number }).id}/members`, { customer: 'shopper@demo.shop' }),
  ],
  [
    'PUT /admin/customer-groups/{id}/prices',
    async (x) => {
      const { packId, price } = await packWithStock();
      return x.owner.put(`/s/api/admin/customer-groups/${(x.made.group as { id: number }).id}/prices`, {
        entries: [{ packId, pricePaise: price, minQuantity: 1 }],
      });
    },
  ],
  [
    'DELETE /admin/customer-groups/{id}/members/{userId}',
    async (x) => {
      const [s] = await t.db.select().from(users).where(eq(users.email, 'shopper@demo.shop'));
      return x.owner.delete(`/s/api/admin/customer-groups/${(x.made.group as { id: number }).id}/members/${s!.id}`);
    },
  ],
  ['DELETE /admin/customer-groups/{id}', (x) => x.owner.delete(`/s/api/admin/customer-groups/${(x.made.group as { id: number }).id}`)],
  // ---- delivery
  [
    'POST /admin/delivery/zones',
    async (x) => {
      const [w] = await t.db.select().from(warehouses).where(eq(warehouses.websiteId, x.websiteId)).limit(1);
      const zone = {
        name: `Audit Zone ${uniq()}`,
        warehouseId: w!.id,
        deliveryCharge: 3000,
        freeAbove: 49900,
        codAllowed: true,
        codMax: null,
        leadDays: 0,
      };
      const r = await x.owner.post('/s/api/admin/delivery/zones', zone);
      x.made.zone = { ...zone, id: r.json().id };
      return r;
    },
  ],
  [
    'PUT /admin/delivery/zones/{id}',
    (x) => {
      const { id, ...zone } = x.made.zone as { id: number };
      return x.owner.put(`/s/api/admin/delivery/zones/${id}`, { ...zone, deliveryCharge: 4000 });
    },
  ],
  [
    'POST /admin/delivery/zones/{id}/pincodes',
    (x) => x.owner.post(`/s/api/admin/delivery/zones/${(x.made.zone as { id: number }).id}/pincodes`, { pincodes: '560777' }),
  ],
  [
    'DELETE /admin/delivery/zones/{id}/pincodes/{pincode}',
    (x) => x.owner.delete(`/s/api/admin/delivery/zones/${(x.made.zone as { id: number }).id}/pincodes/560777`),
  ],
  [
    'POST /admin/delivery/zones/{id}/slots',
    async (x) => {
      const r = await x.owner.post(`/s/api/admin/delivery/zones/${(x.made.zone as { id: number }).id}/slots`, slotInput);
      x.made.slot = r.json().id;
      return r;
    },
  ],
  ['PUT /admin/delivery/slots/{id}', (x) => x.owner.put(`/s/api/admin/delivery/slots/${x.made.slot}`, { ...slotInput, capacity: 12 })],
  [
    'POST /admin/delivery/closures',
    async (x) => {
      const r = await x.owner.post('/s/api/admin/delivery/closures', { zoneId: null, date: '2031-01-26', reason: 'Republic Day' });
      x.made.closure = r.json().id;
      return r;
    },
  ],
  ['DELETE /admin/delivery/closures/{id}', (x) => x.owner.delete(`/s/api/admin/delivery/closures/${x.made.closure}`)],
  // ---- orders
  [
    'POST /admin/orders/{id}/confirm',
    async (x) => {
      x.made.order = await codOrder();
      return x.owner.post(`/s/api/admin/orders/${(x.made.order as { id: string }).id}/confirm`, {});
    },
  ],
  ['POST /admin/orders/{id}/pack', (x) => x.owner.post(`/s/api/admin/orders/${(x.made.order as { id: string }).id}/pack`, {})],
  [
    'POST /admin/orders/{id}/ship',
    (x) =>
      x.owner.post(`/s/api/admin/orders/${(x.made.order as { id: string }).id}/ship`, {
        delivery: { person: 'Ravi Kumar', phone: '9876543210', vehicle: 'KA01AB1234', tracking: '' },
      }),
  ],
  [
    'POST /admin/orders/{id}/deliver',
    (x) => {
      const o = x.made.order as { id: string; total: number };
      return x.owner.post(`/s/api/admin/orders/${o.id}/deliver`, { cash_collected: o.total });
    },
  ],
  [
    'POST /admin/orders/{id}/cash-handover',
    (x) => x.owner.post(`/s/api/admin/orders/${(x.made.order as { id: string }).id}/cash-handover`, {}),
  ],
  [
    'POST /admin/orders/cash-handover',
    async (x) => {
      const o = await codOrder();
      for (const step of ['confirm', 'pack']) await x.owner.post(`/s/api/admin/orders/${o.id}/${step}`, {});
      await x.owner.post(`/s/api/admin/orders/${o.id}/ship`, {
        delivery: { person: 'Ravi Kumar', phone: '9876543210', vehicle: '', tracking: '' },
      });
      await x.owner.post(`/s/api/admin/orders/${o.id}/deliver`, { cash_collected: o.total });
      return x.owner.post('/s/api/admin/orders/cash-handover', { ids: [o.id] });
    },
  ],
  ['POST /admin/orders/bulk', async (x) => x.owner.post('/s/api/admin/orders/bulk', { action: 'confirm', ids: [(await codOrder()).id] })],
  [
    'POST /admin/orders/{id}/cancel',
    async (x) => x.owner.post(`/s/api/admin/orders/${(await codOrder()).id}/cancel`, { reason: 'Customer asked' }),
  ],
  [
    'POST /admin/orders/{id}/lines/{lineId}/remove',
    async (x) => {
      const o = await codOrder(2);
      return x.owner.post(`/s/api/admin/orders/${o.id}/lines/${o.lineId}/remove`, { quantity: 1, reason: 'missing', key: uniq() });
    },
  ],
  [
    'POST /admin/orders/{id}/lines/{lineId}/substitute',
    async (x) => {
      const o = await codOrder();
      const other = await packWithStock(1);
      return x.owner.post(`/s/api/admin/orders/${o.id}/lines/${o.lineId}/substitute`, {
        quantity: 1,
        pack_id: other.packId,
        substitute_quantity: 1,
        key: uniq(),
      });
    },
  ],
  ['POST /admin/orders/{id}/refunds/retry', async (x) => x.owner.post(`/s/api/admin/orders/${(await codOrder()).id}/refunds/retry`, {})],
  // staff notes, tags and a refund of an amount (issue 40 §12)
  [
    'POST /admin/orders/{id}/notes',
    (x) => x.owner.post(`/s/api/admin/orders/${(x.made.order as { id: string }).id}/notes`, { text: 'Leave at the gate' }),
  ],
  ['POST /admin/orders/{id}/tags', (x) => x.owner.post(`/s/api/admin/orders/${(x.made.order as { id: string }).id}/tags`, { tag: 'VIP' })],
  ['DELETE /admin/orders/{id}/tags/{tag}', (x) => x.owner.delete(`/s/api/admin/orders/${(x.made.order as { id: string }).id}/tags/vip`)],
  [
    'POST /admin/orders/{id}/refunds',
    async (x) =>
      // cash on delivery is refused by design (nothing collected yet, or given back in cash): a paid Razorpay order
      x.owner.post(`/s/api/admin/orders/${(await paidOrder()).id}/refunds`, {
        amount: 5,
        reason: 'goodwill',
        note: 'Late delivery',
        key: `rf-${uniq()}`,
      }),
  ],
  // the staff's order edit (issue 40 §12): the quote first (a read, EXEMPT), then the change at its total
  [
    'POST /admin/orders/{id}/edit',
    async (x) => {
      const o = await codOrder();
      const lines = [{ pack_id: o.packId, quantity: 2 }];
      const quote = await x.owner.post(`/s/api/admin/orders/${o.id}/edit/quote`, { lines });
      expect(quote.statusCode, quote.body).toBe(200);
      return x.owner.post(`/s/api/admin/orders/${o.id}/edit`, { lines, expected_total: quote.json().total, key: `edit-${uniq()}` });
    },
  ],
  // a staff edit raising a paid order's total leaves a balance; its payment link sent to the customer (issue 40 §12)
  [
    'POST /admin/orders/{id}/balance/send',
    async (x) => {
      const o = await paidOrder();
      const lines = [{ pack_id: o.packId, quantity: 2 }];
      const quote = await x.owner.post(`/s/api/admin/orders/${o.id}/edit/quote`, { lines });
      expect(quote.statusCode, quote.body).toBe(200);
      const edited = await x.owner.post(`/s/api/admin/orders/${o.id}/edit`, {
        lines,
        expected_total: quote.json().total,
        key: `edit-${uniq()}`,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      return x.owner.post(`/s/api/admin/orders/${o.id}/balance/send`, {});
    },
  ],
  // draft orders built in Administration (issue 40 §12): one placed as cash on delivery, one sent a payment link
  [
    'POST /admin/orders/drafts',
    async (x) => {
      const r = await x.owner.post('/s/api/admin/orders/drafts', { customer: { name: 'Priya Sharma', phone: '9876500101' } });
      x.made.draft = r.json().id;
      return r;
    },
  ],
  [
    'PATCH /admin/orders/drafts/{id}',
    async (x) => {
      const r = await x.owner.patch(`/s/api/admin/orders/drafts/${x.made.draft}`, {
        address: draftAddress,
        lines: [{ pack_id: (await packWithStock()).packId, quantity: 1 }],
      });
      x.made.draftTotal = r.json().cart?.amount;
      return r;
    },
  ],
  [
    'POST /admin/orders/drafts/{id}/place-cod',
    (x) => x.owner.post(`/s/api/admin/orders/drafts/${x.made.draft}/place-cod`, { expected_total: x.made.draftTotal }),
  ],
  [
    'POST /admin/orders/drafts/{id}/send-link',
    async (x) => {
      const d = (await x.owner.post('/s/api/admin/orders/drafts', { customer: { name: 'Ravi Kumar', phone: '9876500102' } })).json();
      const filled = await x.owner.patch(`/s/api/admin/orders/drafts/${d.id}`, {
        address: { ...draftAddress, name: 'Ravi Kumar', phone: '9876500102' },
        lines: [{ pack_id: (await packWithStock()).packId, quantity: 1 }],
      });
      expect(filled.statusCode, filled.body).toBe(200);
      return x.owner.post(`/s/api/admin/orders/drafts/${d.id}/send-link`, {
        payment_method: 'razorpay',
        expected_total: filled.json().cart.amount,
      });
    },
  ],
  [
    'POST /admin/issues/{id}/resolve',
    async (x) => {
      const o = await codOrder();
      for (const step of ['confirm', 'pack']) await x.owner.post(`/s/api/admin/orders/${o.id}/${step}`, {});
      await x.owner.post(`/s/api/admin/orders/${o.id}/ship`, {
        delivery: { person: 'Ravi Kumar', phone: '9876543210', vehicle: '', tracking: '' },
      });
      await x.owner.post(`/s/api/admin/orders/${o.id}/deliver`, { cash_collected: o.total });
      const issue = await o.c.post(`/s/api/orders/${o.id}/issues`, { kind: 'other', note: 'The bill was missing' });
      expect(issue.statusCode, issue.body).toBe(201);
      return x.owner.post(`/s/api/admin/issues/${issue.json().id}/resolve`, { resolution: 'Sent the bill by email' });
    },
  ],
  [
    'POST /admin/errors/{id}/resolve',
    async (x) => {
      const [g] = await t.db
        .insert(errorGroups)
        .values({ websiteId: x.websiteId, fingerprint: `audit-${uniq()}`, source: 'web', title: 'TypeError: x is undefined' })
        .returning();
      return x.owner.post(`/s/api/admin/errors/${g!.id}/resolve`, { resolved: true });
    },
  ],
  // ---- people
  [
    'POST /admin/customers/{id}/block',
    async (x) => {
      const [u] = await t.db
        .insert(users)
        .values({ name: `Audit Customer ${uniq()}`, email: `ac-${uniq()}@example.com` })
        .returning();
      await t.db.insert(websiteMembers).values({ websiteId: x.websiteId, userId: u!.id });
      x.made.customer = u!.id;
      return x.owner.post(`/s/api/admin/customers/${u!.id}/block`, { reason: 'Repeated fake orders' });
    },
  ],
  ['POST /admin/customers/{id}/unblock', (x) => x.owner.post(`/s/api/admin/customers/${x.made.customer}/unblock`, {})],
  // customer tags and notes (issue 40.19)
  ['POST /admin/customers/{id}/tags', (x) => x.owner.post(`/s/api/admin/customers/${x.made.customer}/tags`, { tag: 'wholesale' })],
  ['DELETE /admin/customers/{id}/tags/{tag}', (x) => x.owner.delete(`/s/api/admin/customers/${x.made.customer}/tags/wholesale`)],
  [
    'POST /admin/customers/{id}/notes',
    async (x) => {
      const res = await x.owner.post(`/s/api/admin/customers/${x.made.customer}/notes`, { body: 'Asked for a call before delivery' });
      x.made.noteId = res.json().notes?.[0]?.id;
      return res;
    },
  ],
  [
    'DELETE /admin/customers/{id}/notes/{noteId}',
    (x) => x.owner.delete(`/s/api/admin/customers/${x.made.customer}/notes/${x.made.noteId}`),
  ],
  // the customer's wallet and khata (issue 44)
  [
    'POST /admin/wallets/customers/{userId}/khata',
    async (x) => {
      const res = await x.owner.post(`/s/api/admin/wallets/customers/${x.made.customer}/khata`, { credit_limit_paise: 100_000 });
      x.made.khata = res.json().id;
      return res;
    },
  ],
  [
    'PUT /admin/wallets/accounts/{accountId}/limit',
    (x) => x.owner.put(`/s/api/admin/wallets/accounts/${x.made.khata}/limit`, { credit_limit_paise: 200_000 }),
  ],
  [
    'POST /admin/wallets/accounts/{accountId}/payments',
    (x) =>
      x.owner.post(`/s/api/admin/wallets/accounts/${x.made.khata}/payments`, { amount_paise: 5_000, idempotency_key: `audit-${uniq()}` }),
  ],
  [
    'POST /admin/wallets/customers/{userId}/goodwill',
    (x) =>
      x.owner.post(`/s/api/admin/wallets/customers/${x.made.customer}/goodwill`, {
        amount_paise: 2_000,
        reason: 'Late delivery',
        idempotency_key: `audit-${uniq()}`,
      }),
  ],
  ['PUT /admin/wallets/settings', (x) => x.owner.put('/s/api/admin/wallets/settings', { due_days: 10 })],
  // subscription settings (issue 44 §6)
  [
    'PUT /admin/subscriptions/settings',
    (x) =>
      x.owner.put('/s/api/admin/subscriptions/settings', {
        cutoff_time: '21:30',
        subscribable_pack_ids: [],
        min_topup_paise: 10_000,
        cashback_percent: 5,
        cashback_cap_paise: 2_000,
      }),
  ],
  // the owner prepares a day's subscription orders now (issue 44 §6): audited even when none are due
  ['POST /admin/subscriptions/generate', (x) => x.owner.post('/s/api/admin/subscriptions/generate', { date: '2031-01-06' })],
  // saved views on the lists, and new-order push (issue 40.17)
  ...(['orders', 'products', 'customers'] as const).flatMap((list): Array<[Call, (x: Ctx) => Promise<Res>]> => [
    [
      `POST /admin/${list}/views`,
      async (x) => {
        const res = await x.owner.post(`/s/api/admin/${list}/views`, { name: `Audit ${uniq()}`, params: { q: 'rice' } });
        x.made[`${list}View`] = res.json().id;
        return res;
      },
    ],
    [`PATCH /admin/${list}/views/{viewId}`, (x) => x.owner.patch(`/s/api/admin/${list}/views/${x.made[`${list}View`]}`, { shared: true })],
    [`DELETE /admin/${list}/views/{viewId}`, (x) => x.owner.delete(`/s/api/admin/${list}/views/${x.made[`${list}View`]}`)],
  ]),
  [
    'POST /admin/orders/push',
    (x) =>
      x.owner.post('/s/api/admin/orders/push', {
        endpoint: 'https://push.example.com/send/audit',
        keys: { p256dh: 'BOr8s5JtQ0mZ1aI0f8pWbq7gqF8dXq5oYv1GqZr7g9c', auth: 'c2VjcmV0LWF1dGg' },
      }),
  ],
  [
    'DELETE /admin/orders/push',
    (x) =>
      x.owner.request({ method: 'DELETE', url: '/s/api/admin/orders/push', payload: { endpoint: 'https://push.example.com/send/audit' } }),
  ],
  [
    'POST /admin/staff',
    (x) => x.owner.post('/s/api/admin/staff', { ...STAFF_FLAGS, identifier: `staff-${uniq()}@example.com`, name: 'Audit Editor' }),
  ],
  ['PUT /admin/staff/{userId}', (x) => x.owner.put(`/s/api/admin/staff/${x.made.customer}`, { ...STAFF_FLAGS, isPacker: true })],
  [
    'PUT /admin/agents/{id}',
    async (x) => {
      const [a] = await t.db.select().from(users).where(eq(users.email, 'agent@demo.shop'));
      x.made.agentId = a!.id;
      return x.owner.put(`/s/api/admin/agents/${a!.id}`, { commission_rate: 3 });
    },
  ],
  [
    'POST /admin/agents/{id}/customers',
    async (x) => {
      const email = `ac-customer-${uniq()}@example.com`;
      const [u] = await t.db.insert(users).values({ name: 'Agent’s Customer', email }).returning();
      await t.db.insert(websiteMembers).values({ websiteId: x.websiteId, userId: u!.id });
      return x.owner.post(`/s/api/admin/agents/${x.made.agentId}/customers`, { identifier: email });
    },
  ],
  [
    'DELETE /admin/agents/{id}/customers/{customerId}',
    async (x) => {
      const [s] = await t.db.select().from(users).where(eq(users.email, 'shopper@demo.shop'));
      return x.owner.delete(`/s/api/admin/agents/${x.made.agentId}/customers/${s!.id}`);
    },
  ],
  // ---- settings
  [
    'PUT /admin/analytics/settings',
    async (x) => {
      const s = (await x.owner.get('/s/api/admin/analytics/settings')).json();
      return x.owner.put('/s/api/admin/analytics/settings', { ...s, retention_days: (s.retention_days ?? 90) === 90 ? 120 : 90 });
    },
  ],
  ['PUT /admin/payments/cod', (x) => x.owner.put('/s/api/admin/payments/cod', { cod_enabled: false })],
  [
    'PUT /admin/whatsapp',
    (x) =>
      x.owner.put('/s/api/admin/whatsapp', {
        enabled: false,
        phone_number_id: '109876543210',
        access_token: 'EAAG-audit-token-1234',
        app_secret: 'audit-app-secret-5678',
        verify_token: 'audit-verify-token',
        language: 'en',
      }),
  ],
  [
    'PUT /admin/payments/{provider}',
    (x) =>
      x.owner.put('/s/api/admin/payments/razorpay', {
        key_id: 'rzp_test_audit',
        key_secret: 'secret-audit-1',
        webhook_secret: 'whsec-audit-1',
      }),
  ],
  ['DELETE /admin/payments/{provider}', (x) => x.owner.delete('/s/api/admin/payments/razorpay')],
  // ---- website settings (page builder)
  [
    'POST /builder/pages',
    async (x) => {
      const r = await x.owner.post('/s/api/builder/pages', { url: `/audit-${uniq()}`, title: 'Audit page' });
      x.made.page = r.json().id;
      return r;
    },
  ],
  [
    'PATCH /builder/pages/{id}',
    async (x) =>
      x.owner.patch(`/s/api/builder/pages/${x.made.page}`, {
        version: await pageVersion(x.made.page as number),
        title: 'Audit page renamed',
      }),
  ],
  [
    'PUT /builder/pages/{id}/draft',
    async (x) =>
      x.owner.put(`/s/api/builder/pages/${x.made.page}/draft`, {
        version: await pageVersion(x.made.page as number),
        components: [],
        css: 'h1 { color: teal; }',
      }),
  ],
  [
    'POST /builder/pages/{id}/publish',
    async (x) => x.owner.post(`/s/api/builder/pages/${x.made.page}/publish`, { version: await pageVersion(x.made.page as number) }),
  ],
  [
    'POST /builder/pages/{id}/revisions/{number}/rollback',
    async (x) =>
      x.owner.post(`/s/api/builder/pages/${x.made.page}/revisions/1/rollback`, { version: await pageVersion(x.made.page as number) }),
  ],
  [
    'POST /builder/pages/{id}/unpublish',
    async (x) => x.owner.post(`/s/api/builder/pages/${x.made.page}/unpublish`, { version: await pageVersion(x.made.page as number) }),
  ],
  [
    'POST /builder/pages/{id}/duplicate',
    (x) => x.owner.post(`/s/api/builder/pages/${x.made.page}/duplicate`, { url: `/audit-copy-${uniq()}`, title: 'Copy' }),
  ],
  ['DELETE /builder/pages/{id}', (x) => x.owner.delete(`/s/api/builder/pages/${x.made.page}`)],
  [
    'PUT /builder/menus/{kind}',
    async (x) => {
      const s = (await x.owner.get('/s/api/builder/settings')).json();
      return x.owner.put('/s/api/builder/menus/nav', {
        items: s.menus.nav.slice(0, Math.max(1, s.menus.nav.length - 1)),
        version: s.version,
      });
    },
  ],
  ...(['navigation', 'popup', 'scripts', 'seo', 'theme', 'website', 'languages'] as const).map(
    (group): [Call, (x: Ctx) => Promise<Res>] => [
      `PUT /builder/settings/${group}`,
      async (x) => {
        const s = (await x.owner.get('/s/api/builder/settings')).json();
        const body = group === 'popup' ? { popup: s.popup } : { ...s[group], version: s.version };
        body.version = s.version;
        if (group === 'seo') body.og_title = `Audit ${uniq()}`;
        else if (group === 'website') body.description = `Audit ${uniq()}`;
        else if (group === 'theme') body.activetheme = { ...body.activetheme, 'audit-accent': '#115e59' };
        else if (group === 'scripts') body.head = `<!-- audit ${uniq()} -->`;
        else if (group === 'popup')
          body.popup = body.popup
            ? { ...body.popup, once: !body.popup.once }
            : { image: 'products/audit.svg', duration: 5, link: null, once: true };
        else if (group === 'navigation') body.navbar_height = body.navbar_height === 64 ? 60 : 64;
        else if (group === 'languages') body.languages = body.languages.length === 3 ? ['en', 'hi'] : ['en', 'hi', 'kn'];
        return x.owner.put(`/s/api/builder/settings/${group}`, body);
      },
    ],
  ),
  // ---- websites (superadmin)
  [
    'POST /bos/websites',
    async (x) => {
      const r = await x.owner.post('/s/api/bos/websites', {
        name: 'Audit Corner',
        domain: `audit-${uniq()}.localhost`,
        state: 'Karnataka',
        start: 'blank',
      });
      x.made.website = r.json().id ?? r.json().website?.id;
      return r;
    },
  ],
  ['PATCH /bos/websites/{id}', (x) => x.owner.patch(`/s/api/bos/websites/${x.made.website}`, { paused: true })],
  [
    'POST /bos/websites/{id}/domains',
    async (x) => {
      const r = await x.owner.post(`/s/api/bos/websites/${x.made.website}/domains`, { host: `www.audit-${uniq()}.localhost` });
      x.made.domain = domainId(r.json(), 'www.audit-');
      return r;
    },
  ],
  [
    'POST /bos/websites/{id}/domains/{domainId}/primary',
    (x) => x.owner.post(`/s/api/bos/websites/${x.made.website}/domains/${x.made.domain}/primary`, {}),
  ],
  [
    'DELETE /bos/websites/{id}/domains/{domainId}',
    async (x) => {
      const r = await x.owner.post(`/s/api/bos/websites/${x.made.website}/domains`, { host: `old.audit-${uniq()}.localhost` });
      return x.owner.delete(`/s/api/bos/websites/${x.made.website}/domains/${domainId(r.json(), 'old.audit-')}`);
    },
  ],
  // ---- point of sale
  [
    'PUT /pos/settings',
    (x) => x.owner.put('/s/api/pos/settings', { upi_vpa: 'demo@upi', payee_name: 'Demo Grocery', max_discount_percent: 10 }),
  ],
  [
    'POST /pos/shift/open',
    async (x) => {
      const s = await packWithStock();
      return x.cashier.post('/s/api/pos/shift/open', { till, warehouse_id: s.warehouseId, float: 1000 });
    },
  ],
  [
    'POST /pos/sales',
    async (x) => {
      const s = await packWithStock();
      const total = s.price / 100;
      const r = await x.cashier.post('/s/api/pos/sales', {
        idempotency_key: uniq(),
        till,
        lines: [{ pack_id: s.packId, quantity: 1 }],
        expected_total: total,
        payment: { cash: total, cash_tendered: total },
      });
      x.made.receipt = r.json().receipt;
      return r;
    },
  ],
  [
    'POST /pos/accounts/payments',
    (x) =>
      x.cashier.post('/s/api/pos/accounts/payments', {
        till,
        mobile: '9876500101',
        purpose: 'wallet',
        method: 'cash',
        amount_paise: 20_000,
        idempotency_key: `audit-${uniq()}`,
      }),
  ],
  ['POST /pos/sales/{receipt}/send', (x) => x.cashier.post(`/s/api/pos/sales/${x.made.receipt}/send`, { to: '98765 00002' })],
  [
    'POST /pos/sales/{receipt}/return',
    async (x) => {
      const detail = (await x.cashier.get(`/s/api/pos/sales/${x.made.receipt}`)).json() as { lines: Array<{ line_id: number }> };
      return x.cashier.post(`/s/api/pos/sales/${x.made.receipt}/return`, {
        till,
        lines: [{ line_id: detail.lines[0]!.line_id, quantity: 1 }],
        reason: 'damaged',
        tender: 'original',
      });
    },
  ],
  [
    'POST /pos/held',
    async (x) => {
      const s = await packWithStock();
      const r = await x.cashier.post('/s/api/pos/held', {
        till,
        label: 'Lady in red',
        cart: {
          customer: null,
          cart_discount: 0,
          lines: [{ pack_id: s.packId, label: 'Audit item', price: s.price / 100, sold_by_weight: false, quantity: 1, discount: 0 }],
        },
      });
      x.made.held = r.json().id;
      return r;
    },
  ],
  ['POST /pos/held/{id}/recall', (x) => x.cashier.post(`/s/api/pos/held/${x.made.held}/recall`)],
  ['POST /pos/offline-series', (x) => x.cashier.post('/s/api/pos/offline-series', { till })],
  [
    'POST /pos/loose-goods',
    (x) =>
      x.owner.post('/s/api/pos/loose-goods', {
        name: `Loose Sugar ${uniq()}`,
        price_per_kg: 48,
        hsn_code: '1701',
        gst_rate: 5,
        grams: 1000,
      }),
  ],
  [
    'POST /pos/shift/close',
    async (x) => {
      const report = (await x.cashier.get(`/s/api/pos/shift?till=${till}`)).json();
      return x.cashier.post('/s/api/pos/shift/close', { till, counted: report.shift?.cash_in_drawer ?? report.cash_in_drawer ?? 1000 });
    },
  ],
  // ---- the sales agent
  [
    'POST /agent/orders',
    async (x) => {
      const [s] = await t.db.select().from(users).where(eq(users.email, 'shopper@demo.shop'));
      await x.owner.post(`/s/api/admin/agents/${x.made.agentId}/customers`, { identifier: 'shopper@demo.shop' });
      const shopper = new TestClient(t.app);
      await signInAs(t.db, shopper, s!.id);
      const address = await shopper.post('/s/api/addresses', {
        name: 'Shopper',
        phone: '9000000003',
        pincode: '560001',
        line1: 'Flat 1',
        line2: 'MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        type: 'home',
      });
      const addressId = address.json().id as number;
      const { packId } = await packWithStock(2);
      await x.owner.put('/s/api/admin/payments/cod', { cod_enabled: true });
      await x.agent.post('/s/api/cart/add', { pack_id: packId });
      const cart = (await x.agent.get(`/s/api/agent/customers/${s!.id}/cart?address_id=${addressId}`)).json();
      return x.agent.post('/s/api/agent/orders', {
        customer_id: s!.id,
        address_id: addressId,
        payment_method: 'cod',
        expected_total: cart.amount,
        idempotency_key: uniq(),
      });
    },
  ],
  // the agent adds a delivery address to that customer's book (at the door, on the phone)
  [
    'POST /agent/customers/{id}/addresses',
    async (x) => {
      const [s] = await t.db.select().from(users).where(eq(users.email, 'shopper@demo.shop'));
      return x.agent.post(`/s/api/agent/customers/${s!.id}/addresses`, {
        name: 'Shopper',
        phone: '9000000003',
        pincode: '560001',
        line1: 'Flat 2',
        line2: 'Church Street',
        city: 'Bengaluru',
        state: 'Karnataka',
        type: 'home',
      });
    },
  ],
  // the agent manages that customer's daily-essentials subscription (issue 44): made, a day skipped, an
  // item added, paused, resumed, cancelled (the pack made subscribable and the address written directly:
  // no audit row of their own to hide a missing one)
  [
    'POST /agent/customers/{id}/subscriptions',
    async (x) => {
      const [s] = await t.db.select().from(users).where(eq(users.email, 'shopper@demo.shop'));
      const { packId } = await packWithStock(3);
      await t.db.insert(subscribablePacks).values({ websiteId: x.websiteId, packId }).onConflictDoNothing();
      const [a] = await t.db
        .insert(addresses)
        .values({
          websiteId: x.websiteId,
          userId: s!.id,
          name: 'Shopper',
          phone: '9000000003',
          pincode: '560001',
          line1: 'Flat 1',
          line2: 'MG Road',
          city: 'Bengaluru',
          state: 'Karnataka',
        })
        .returning();
      const res = await x.agent.post(`/s/api/agent/customers/${s!.id}/subscriptions`, {
        pack_id: packId,
        quantity: 1,
        schedule: { kind: 'daily' },
        start_date: '2031-02-02',
        address_id: a!.id,
        slot_id: null,
      });
      Object.assign(x.made, { subscriber: s!.id, subscription: res.json().id, subscribedPack: packId });
      return res;
    },
  ],
  ['PUT /agent/customers/{id}/subscriptions/{sid}/days', (x) => x.agent.put(subAt(x, 'days'), { date: '2031-02-03', quantity: 0 })],
  [
    'PUT /agent/customers/{id}/subscriptions/{sid}/extras',
    (x) => x.agent.put(subAt(x, 'extras'), { date: '2031-02-04', pack_id: x.made.subscribedPack, quantity: 1 }),
  ],
  [
    'POST /agent/customers/{id}/subscriptions/{sid}/pause',
    (x) => x.agent.post(subAt(x, 'pause'), { from: '2031-02-10', to: '2031-02-12' }),
  ],
  ['POST /agent/customers/{id}/subscriptions/{sid}/resume', (x) => x.agent.post(subAt(x, 'resume'))],
  ['POST /agent/customers/{id}/subscriptions/{sid}/cancel', (x) => x.agent.post(subAt(x, 'cancel'))],
  // ---- own delivery (issue 45): three packed orders of one slot, a trip each, then moved, started, delivered, failed
  ['PUT /admin/dispatch/settings', (x) => x.owner.put('/s/api/admin/dispatch/settings', { code_mode: 'cod' })],
  [
    'PUT /admin/dispatch/tracking',
    (x) => x.owner.put('/s/api/admin/dispatch/tracking', { share_position: true, call_number: '+91 80 4000 1234' }),
  ],
  [
    'POST /admin/dispatch/build',
    async (x) => {
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const o = await codOrder();
        for (const step of ['confirm', 'pack']) await x.owner.post(`/s/api/admin/orders/${o.id}/${step}`, {});
        ids.push(o.id);
      }
      const [o] = await t.db.select({ slotId: orders.slotId, slotDate: orders.slotDate }).from(orders).where(eq(orders.id, ids[0]!));
      const res = await x.owner.post('/s/api/admin/dispatch/build', { slot_id: o!.slotId, date: o!.slotDate, max_stops: 1 });
      const trips = (res.json().trips as Array<{ id: number; stops: Array<{ order_id: string }> }>).filter((tr) =>
        tr.stops.some((st) => ids.includes(st.order_id)),
      );
      x.made.trips = trips.map((tr) => ({ id: tr.id, orderId: tr.stops[0]!.order_id }));
      const added = await x.owner.post('/s/api/admin/staff', {
        identifier: `rider-${uniq()}@example.com`,
        name: 'Audit Rider',
        isRider: true,
      });
      const rider = new TestClient(t.app);
      await signInAs(t.db, rider, added.json().userId);
      x.made.rider = { client: rider, id: added.json().userId };
      return res;
    },
  ],
  [
    'POST /admin/dispatch/move',
    (x) => {
      const [, second, third] = x.made.trips as Array<{ id: number; orderId: string }>;
      return x.owner.post('/s/api/admin/dispatch/move', { order_id: third!.orderId, to_trip_id: second!.id });
    },
  ],
  [
    'POST /admin/dispatch/trips/{id}/rider',
    async (x) => {
      const [first, second] = x.made.trips as Array<{ id: number }>;
      const rider = (x.made.rider as { id: number }).id;
      await x.owner.post(`/s/api/admin/dispatch/trips/${second!.id}/rider`, { rider_id: rider });
      return x.owner.post(`/s/api/admin/dispatch/trips/${first!.id}/rider`, { rider_id: rider });
    },
  ],
  [
    'POST /admin/dispatch/trips/{id}/start',
    (x) => x.owner.post(`/s/api/admin/dispatch/trips/${(x.made.trips as Array<{ id: number }>)[0]!.id}/start`, {}),
  ],
  [
    'POST /admin/dispatch/orders/{id}/code-override',
    (x) =>
      x.owner.post(`/s/api/admin/dispatch/orders/${(x.made.trips as Array<{ orderId: string }>)[0]!.orderId}/code-override`, {
        reason: 'The customer lost the message',
      }),
  ],
  [
    'POST /rider/trips/{id}/pick-up',
    (x) =>
      (x.made.rider as { client: TestClient }).client.post(
        `/s/api/rider/trips/${(x.made.trips as Array<{ id: number }>)[1]!.id}/pick-up`,
        {},
      ),
  ],
  [
    'POST /rider/orders/{id}/deliver',
    async (x) => {
      const id = (x.made.trips as Array<{ orderId: string }>)[0]!.orderId;
      const [o] = await t.db.select({ total: orders.total }).from(orders).where(eq(orders.id, id));
      return (x.made.rider as { client: TestClient }).client.post(`/s/api/rider/orders/${id}/deliver`, { cash: o!.total });
    },
  ],
  [
    'POST /rider/orders/{id}/fail',
    (x) =>
      (x.made.rider as { client: TestClient }).client.post(
        `/s/api/rider/orders/${(x.made.trips as Array<{ orderId: string }>)[1]!.orderId}/fail`,
        {
          reason: 'not_at_home',
          next: 'reattempt',
        },
      ),
  ],
  // ---- a trip's cash handed over, the photo at the door (issue 45 items 4 and 6)
  [
    'POST /rider/orders/{id}/photo',
    async (x) => {
      const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#b45309' } })
        .jpeg()
        .toBuffer();
      const id = (x.made.trips as Array<{ orderId: string }>)[0]!.orderId;
      const rider = (x.made.rider as { client: TestClient }).client;
      return rider.request({ method: 'POST', url: `/s/api/rider/orders/${id}/photo`, ...multipart(jpeg, 'door.jpg', 'image/jpeg') });
    },
  ],
  [
    'POST /admin/dispatch/handovers/{id}',
    async (x) => {
      const trip = (x.made.trips as Array<{ id: number }>)[0]!.id;
      const list = (await x.owner.get('/s/api/admin/dispatch/handovers')).json() as {
        pending: Array<{ trip_id: number; expected: number }>;
      };
      const expected = list.pending.find((p) => p.trip_id === trip)!.expected;
      return x.owner.post(`/s/api/admin/dispatch/handovers/${trip}`, { counted: expected - 100, reason: 'A ₹1 coin short' });
    },
  ],
  [
    'POST /pos/handovers/{id}',
    async (x) => {
      // the second trip's other order (moved onto it) delivered: that trip is done, with cash
      const [, second, third] = x.made.trips as Array<{ id: number; orderId: string }>;
      const [o] = await t.db.select({ total: orders.total }).from(orders).where(eq(orders.id, third!.orderId));
      const rider = (x.made.rider as { client: TestClient }).client;
      await x.owner.post(`/s/api/admin/dispatch/orders/${third!.orderId}/code-override`, { reason: 'Customer at the door' });
      await rider.post(`/s/api/rider/orders/${third!.orderId}/deliver`, { cash: o!.total });
      return x.cashier.post(`/s/api/pos/handovers/${second!.id}`, { counted: o!.total });
    },
  ],
  [
    'POST /admin/dispatch/deposits',
    async (x) => {
      // the handovers counted above, taken to the bank together
      const list = (await x.owner.get('/s/api/admin/dispatch/handovers')).json() as {
        done: Array<{ id: number; counted: number; deposit_id: number | null }>;
      };
      const open = list.done.filter((h) => h.deposit_id === null);
      return x.owner.post('/s/api/admin/dispatch/deposits', {
        handover_ids: open.map((h) => h.id),
        deposited_on: '2026-11-30',
        bank_reference: 'SBI slip 1',
        amount: open.reduce((s, h) => s + h.counted, 0) / 100,
      });
    },
  ],
];

let calls: Call[];

beforeAll(async () => {
  t = await createTestApp({ seed: (db) => seedDemo(db, { mediaDir: null }) });
  // prepaid orders (a refund's) talk to the built-in gateway simulator over HTTP
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  calls = Object.entries(doc.paths)
    .filter(([path]) => STAFF_AREAS.some((area) => path.startsWith(`/s/api/${area}/`)))
    .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.slice('/s/api'.length)}` as Call))
    .filter((c) => !c.startsWith('GET ') && !c.startsWith('HEAD '))
    .sort();
  const [w] = await t.db.select().from(websites).orderBy(websites.id).limit(1);
  const staff = staffClients(t, w!.id);
  const owner = await staff.as({ superadmin: true, hasAdminAccess: true });
  const cashier = await staff.as({ isCashier: true });
  const agent = new TestClient(t.app);
  const [a] = await t.db.select().from(users).where(eq(users.email, 'agent@demo.shop'));
  await signInAs(t.db, agent, a!.id);
  ctx = { owner, cashier, agent, websiteId: w!.id, made: {} };
}, 120_000);
afterAll(() => t.close());

const lastAuditId = async () => (await t.db.select({ id: max(auditLog.id) }).from(auditLog))[0]?.id ?? 0;

describe('every staff write is audited', () => {
  it('every write route is either called below or exempt with a reason', () => {
    expect(calls.length).toBeGreaterThan(80);
    const known = new Set<string>([...CALLS.map(([c]) => c), ...Object.keys(EXEMPT)]);
    const missing = calls.filter((c) => !known.has(c));
    expect(
      missing,
      'These staff write routes are not known to the audit walk. For each: if it changes the shop, record it (recordAudit(tx, auditActor(req), {...}) in the change’s transaction) and add a valid call for it to CALLS in apps/server/src/http/audit-coverage.test.ts; if it changes nothing, add it to EXEMPT there with the reason.',
    ).toEqual([]);
    // the table names only routes that exist (a renamed route is renamed here too)
    expect([...known].filter((c) => !calls.includes(c as Call))).toEqual([]);
  });

  it('each call succeeds and writes an audit row on the website', async () => {
    const wrong: string[] = [];
    for (const [call, run] of CALLS) {
      if (!calls.includes(call)) continue;
      const before = await lastAuditId();
      let res: Res;
      try {
        res = await run(ctx);
      } catch (e) {
        wrong.push(`${call}: the test's call failed to run (${String(e).slice(0, 300)}): fix its entry in CALLS`);
        continue;
      }
      if (res.statusCode >= 300) {
        wrong.push(`${call}: answered ${res.statusCode} ${res.body.slice(0, 300)}: fix its entry in CALLS so it makes a valid call`);
        continue;
      }
      const rows = await t.db
        .select()
        .from(auditLog)
        .where(and(sql`${auditLog.id} > ${before}`, ne(auditLog.entity, '')));
      if (rows.length === 0)
        wrong.push(
          `${call}: succeeded (${res.statusCode}) but wrote no audit row. Record it with recordAudit(tx, auditActor(req), {...}) in the same transaction as the change, or list it in EXEMPT with the reason.`,
        );
    }
    expect(wrong).toEqual([]);
  }, 600_000);
});
