import { eq, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from './db/schema';
import { openStock } from './domains/inventory';
import { hashToken } from './http/session';
import { seedCoupons } from './domains/coupons/seed';
import { seedDelivery } from './domains/delivery/seed';
import { seedPos } from './domains/pos/seed';
import { createWebsite } from './domains/website/bos-service';
import { seedDemo } from './seed/demo';
import { seedLargeOrders } from './seed/orders';
import { createTestApp } from './test/app';
import { TestClient } from './test/client';
import { staffClients } from './test/staff-clients';

/**
 * Issue 16, "isolation, proven": two websites in one database, every table with a website_id
 * (read from the drizzle schema) and every API route (read from the OpenAPI document at
 * /s/api/docs). Every call is made on website A's host as a guest, a shopper, a sales agent and an
 * admin of A, aimed at website B's rows (B's ids, slugs, order numbers in the path; B's ids in
 * the body), and afterwards nothing of B has changed and no answer showed anything of B (all of
 * B's names carry a marker no row of A has).
 */
const MARK = 'zqx';
const A_HOST = 'localhost';

/** Every table with a website_id column, by SQL name. */
const scoped = (Object.values(schema) as unknown[])
  .filter((v): v is PgTable => is(v, PgTable))
  .map((table) => getTableConfig(table))
  .filter((c) => c.columns.some((col) => col.name === 'websiteId' || col.name === 'website_id'));

let t: Awaited<ReturnType<typeof createTestApp>>;
let aId: number;
let bId: number;
/** B's ids per table (the first few rows), its slugs and order numbers: what calls on A aim at. */
const bIds = new Map<string, Array<string | number>>();

const q = async <T = Record<string, unknown>>(query: string): Promise<T[]> => {
  const res = (await t.db.execute(sql.raw(query))) as unknown as { rows: T[] };
  return res.rows;
};

/** All of B's rows, table by table, as text: compared before and after every call on A. */
async function snapshotOfB(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const c of scoped) out[c.name] = JSON.stringify(await q(`select * from "${c.name}" where website_id = ${bId} order by 1, 2`));
  out.websites = JSON.stringify(await q(`select * from websites where id = ${bId}`));
  return out;
}

beforeAll(async () => {
  t = await createTestApp({ seed: async (db) => (aId = await seedDemo(db, { mediaDir: null })) });
  const [root] = await t.db.insert(schema.users).values({ name: 'Root', email: 'root@example.com', superadmin: true }).returning();
  // B: a copy of A's storefront and catalogue, then every name of B marked
  bId = (
    await createWebsite(t.db, root!.id, {
      name: 'Zqx Mart',
      domain: 'b.localhost',
      state: 'Kerala',
      gstin: '32ABCDE1234F1Z5',
      start: 'copy',
      copy_from: aId,
      copy_catalogue: true,
    })
  ).id;
  for (const [table, cols] of Object.entries({
    products: ['name', 'slug'],
    categories: ['name', 'slug'],
    brands: ['name', 'slug'],
    packs: ['name'],
    pages: ['title'],
    nav_items: ['name'],
    warehouses: ['name'],
  }))
    await q(`update ${table} set ${cols.map((c) => `${c} = '${MARK}-' || ${c}`).join(', ')} where website_id = ${bId}`);
  await q(`update website_settings set description = '${MARK} shop' where website_id = ${bId}`);
  await q(`update products set search_text = '${MARK} ' || search_text where website_id = ${bId}`);
  const whs = await t.db.select().from(schema.warehouses).where(eq(schema.warehouses.websiteId, bId));
  const bPacks = await t.db.select().from(schema.packs).where(eq(schema.packs.websiteId, bId)).limit(20);
  await t.db.transaction(async (tx) => {
    await openStock(
      tx,
      bPacks.map((p) => ({ websiteId: bId, packId: p.id, warehouseId: whs[0]!.id, available: 50 })),
      'seed',
    );
    await seedDelivery(tx, { websiteId: bId, warehouses: whs });
    await seedCoupons(tx, { websiteId: bId });
    await seedPos(tx, bId);
  });
  await q(`update coupons set code = upper('${MARK}') || code where website_id = ${bId}`);
  await seedLargeOrders(t.db, bId, 12);
  // B's shoppers (members of B only) carry the mark too; superadmins belong to every website
  await q(`update users set name = '${MARK} ' || name where id in (select user_id from website_members where website_id = ${bId})
           and id not in (select user_id from website_members where website_id = ${aId}) and not superadmin`);
  const [bShopper] = await q<{ user_id: number }>(
    `select user_id from website_members where website_id = ${bId} and user_id <> ${root!.id} order by user_id limit 1`,
  );
  await q(`insert into addresses (website_id, user_id, name, phone, pincode, line1, line2, city, state, type)
           values (${bId}, ${bShopper!.user_id}, '${MARK} Home', '9000000099', '560001', '${MARK} line', 'x', 'Bengaluru', 'Karnataka', 'home')`);

  for (const c of scoped) {
    if (!c.columns.some((col) => col.name === 'id')) continue;
    const rows = await q<{ id: string | number }>(`select id from "${c.name}" where website_id = ${bId} order by id limit 2`);
    if (rows.length)
      bIds.set(
        c.name,
        rows.map((r) => r.id),
      );
  }
  bIds.set('users', [bShopper!.user_id]);
  bIds.set(
    'slugs',
    (await q<{ slug: string }>(`select slug from products where website_id = ${bId} limit 1`)).map((r) => r.slug),
  );
  bIds.set(
    'category_slugs',
    (await q<{ slug: string }>(`select slug from categories where website_id = ${bId} limit 1`)).map((r) => r.slug),
  );
  bIds.set('websites', [bId]);
  bIds.set(
    'order_numbers',
    (await q<{ ordernumber: string }>(`select ordernumber from orders where website_id = ${bId} limit 1`)).map((r) => r.ordernumber),
  );
}, 300_000);
afterAll(() => t.close());

/** Path segment before a parameter → which of B's values to try there; anything else tries them all. */
const BY_SEGMENT: Record<string, string[]> = {
  products: ['products', 'slugs'],
  packs: ['packs'],
  categories: ['categories', 'category_slugs'],
  brands: ['brands'],
  orders: ['orders', 'order_numbers'],
  order: ['orders', 'order_numbers'],
  invoice: ['orders', 'order_numbers'],
  coupons: ['coupons'],
  customers: ['users'],
  staff: ['users'],
  agents: ['users'],
  media: ['media'],
  pages: ['pages'],
  warehouses: ['warehouses'],
  zones: ['delivery_zones'],
  slots: ['delivery_slots'],
  closures: ['delivery_closures'],
  issues: ['order_issues'],
  errors: ['error_groups'],
  sales: ['pos_sales'],
  shifts: ['pos_shifts'],
  held: ['pos_held_carts'],
  addresses: ['addresses'],
  synonyms: ['search_synonyms'],
  websites: ['websites'],
  domains: ['website_domains'],
  payments: ['payments'],
};

function candidates(path: string): Array<{ url: string; sent: string[] }> {
  const params = [...path.matchAll(/\{(\w+)\}/g)];
  let out = [{ url: path, sent: [] as string[] }];
  for (const m of params) {
    const before = path.slice(0, m.index).split('/').filter(Boolean).pop() ?? '';
    const keys = BY_SEGMENT[before] ?? [...bIds.keys()];
    const values = [...new Set(keys.flatMap((k) => bIds.get(k) ?? []))].map(String);
    out = out.flatMap((p) => values.map((v) => ({ url: p.url.replace(m[0], encodeURIComponent(v)), sent: [...p.sent, v] })));
  }
  return out.slice(0, 40);
}

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  required?: string[];
};

/** A body for the route's request schema with B's ids in every id-like field. */
function bodyFor(s: Schema | undefined, key = ''): unknown {
  if (!s) return {};
  if (s.anyOf?.length) return bodyFor(s.anyOf.find((x) => x.type !== 'null') ?? s.anyOf[0], key);
  if (s.enum?.length) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (type === 'object' || s.properties) return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, bodyFor(v, k)]));
  if (type === 'array') return [bodyFor(s.items, key)];
  if (type === 'integer' || type === 'number') {
    const table = key.replace(/_?id$/i, '');
    const hit = [...bIds.entries()].find(([name]) => table && (name === table || name === `${table}s` || name.startsWith(table)));
    return Number(hit?.[1][0] ?? bIds.get('products')![0]);
  }
  if (type === 'boolean') return true;
  if (/slug/i.test(key)) return String(bIds.get('slugs')![0]);
  if (/order/i.test(key)) return String(bIds.get('order_numbers')?.[0] ?? 'x');
  return 'isolation probe';
}

describe('isolation of websites', () => {
  it('finds the website-scoped tables and the API routes', async () => {
    expect(scoped.map((c) => c.name)).toEqual(
      expect.arrayContaining(['products', 'orders', 'sessions', 'website_members', 'stock', 'payments']),
    );
    expect(scoped.length).toBeGreaterThan(40);
    const doc = (await t.app.inject({ method: 'GET', url: '/s/api/docs' })).json();
    expect(Object.keys(doc.paths).length).toBeGreaterThan(100);
    // B really has data where it matters
    const filled = [];
    for (const c of scoped) if ((await q(`select 1 from "${c.name}" where website_id = ${bId} limit 1`)).length) filled.push(c.name);
    expect(filled).toEqual(
      expect.arrayContaining([
        'products',
        'packs',
        'categories',
        'orders',
        'order_lines',
        'coupons',
        'delivery_zones',
        'stock',
        'addresses',
        'website_members',
        'pages',
        'nav_items',
      ]),
    );
  });

  it('no call on website A, as any of its roles, reads or changes anything of website B', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/s/api/docs' })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
    };
    const staff = staffClients(t, aId);
    const before = await snapshotOfB();
    const leaks: string[] = [];
    let calls = 0;
    const statuses: Record<string, number> = {};
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const body = bodyFor(op.requestBody?.content?.['application/json']?.schema);
        for (const { url, sent } of candidates(path)) {
          // fresh clients per route: a logout or a block must not change the next call's role
          for (const [role, flags] of [
            ['guest', null],
            ['shopper', {}],
            ['agent', { isSalesAgent: true }],
            ['admin', { hasAdminAccess: true }],
          ] as const) {
            const c = flags === null ? new TestClient(t.app, { 'x-origin': `http://${A_HOST}` }) : await staff.as(flags);
            const res = await c.request({ method, url, payload: method === 'get' || method === 'delete' ? undefined : (body as object) });
            calls++;
            statuses[`${role} ${res.statusCode}`] = (statuses[`${role} ${res.statusCode}`] ?? 0) + 1;
            // what the call itself sent (a slug in a 404's message) is not a leak
            let text = res.body;
            for (const v of sent) text = text.split(v).join('');
            if (text.toLowerCase().includes(MARK))
              leaks.push(`${role} ${method.toUpperCase()} ${url} → ${res.statusCode}: ${text.slice(0, 200)}`);
          }
        }
      }
    }
    expect(leaks).toEqual([]);
    const after = await snapshotOfB();
    const changed = Object.keys(before).filter((k) => before[k] !== after[k]);
    expect(changed).toEqual([]);
    expect(calls).toBeGreaterThan(500);
    // the admin's calls were mostly answered (the test reaches the handlers, not only the guards)
    expect(statuses['admin 200'] ?? 0).toBeGreaterThan(40);
    console.info(`isolation: ${calls} calls over ${Object.keys(doc.paths).length} paths, ${scoped.length} website-scoped tables`, statuses);
  }, 900_000);

  it("the checks can fail: the same calls on B's own host show B's marked names and change its rows", async () => {
    const onB = new TestClient(t.app, { 'x-origin': 'http://b.localhost' });
    expect((await onB.get('/s/api/init')).body.toLowerCase()).toContain(MARK);
    const before = await snapshotOfB();
    const pack = bIds.get('packs')![0];
    expect((await onB.post('/s/api/cart/add', { pack_id: pack })).statusCode).toBe(200);
    const after = await snapshotOfB();
    expect(Object.keys(before).filter((k) => before[k] !== after[k])).toEqual(expect.arrayContaining(['carts']));
  });

  it("A's admin cannot make B the managed website, and B's session cookie is not valid on A's host", async () => {
    const admin = await staffClients(t, aId).as({ hasAdminAccess: true });
    expect((await admin.post('/s/api/bos/choose', { website_id: bId })).statusCode).toBe(403);
    expect((await admin.get('/s/api/builder/settings')).json().website_id).toBe(aId);
    const bClient = new TestClient(t.app, { 'x-origin': 'http://b.localhost' });
    await bClient.get('/s/api/cookie');
    const [member] = await q<{ user_id: number }>(
      `select user_id from website_members where website_id = ${bId} and has_admin_access limit 1`,
    );
    await q(
      `insert into sessions (id, website_id, user_id, expires_at) values ('${hashOf(bClient)}', ${bId}, ${member!.user_id}, now() + interval '1 day')`,
    );
    expect((await bClient.get('/s/api/builder/settings')).json().website_id).toBe(bId);
    const onA = new TestClient(t.app, { 'x-origin': `http://${A_HOST}` });
    for (const [k, v] of bClient.cookies) onA.cookies.set(k, v);
    expect((await onA.get('/s/api/builder/settings')).statusCode).toBe(401);
    expect((await onA.get('/s/api/init')).json().user).toBeNull();
  });
});

function hashOf(c: TestClient) {
  return hashToken(c.cookies.get('sid')!);
}
