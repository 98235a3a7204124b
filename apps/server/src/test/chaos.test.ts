import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { seedDemo } from '../seed/demo';
import { home } from '../domains/orders/test-fixture';
import { describeOnPostgres } from './on-postgres';
import { createPgDatabase, databaseUrl, dropPgDatabase, scratchName } from './postgres';
import { createShoppers, query, ShopClient, startServer, stopServers, type ServerProcess } from './processes';

// Chaos on PostgreSQL: two real server processes on one database take concurrent checkouts; half
// way through, one is killed (SIGKILL) and every database connection is terminated. Afterwards
// nothing is lost or doubled: stock + sold units = the starting stock, every order has its lines
// and its payment, every payment its order. The kill is triggered by a count of orders started,
// not by a clock, so the test does not depend on the machine's speed.
const url = process.env.TEST_DATABASE_URL ?? 'postgres://x/y';
const SHOPPERS = 24;
const SCARCE = 10; // units of the scarce pack: fewer than the shoppers who want it
const SESSION_SECRET = 'chaos-test-secret-0123456789abcdef';

describeOnPostgres('chaos: two processes, one killed, connections terminated (PostgreSQL)', () => {
  const name = scratchName('grocer_chaos');
  const dbUrl = databaseUrl(url, name);
  const admin = new pg.Client({ connectionString: url });
  const servers: ServerProcess[] = [];
  const start = () => startServer({ DATABASE_URL: dbUrl, SESSION_SECRET });

  let websiteId = 0;
  let scarce = { packId: 0, warehouseId: 0 };
  let plenty = { packId: 0, warehouseId: 0 };
  let startStock = new Map<string, number>();
  const q = <T>(text: string, values: unknown[] = []) => query<T>(dbUrl, text, values);

  beforeAll(async () => {
    await admin.connect();
    await createPgDatabase(url, name);
    const database = await openDatabase({ databaseUrl: dbUrl, poolSize: 2 });
    websiteId = await seedDemo(database.db, { mediaDir: null });
    await database.close();
    // Two Bengaluru packs: one scarce (shoppers race for it), one plentiful.
    const rows = await q<{ pack_id: number; warehouse_id: number }>(
      `select s.pack_id, s.warehouse_id from stock s join warehouses w on w.id = s.warehouse_id join packs p on p.id = s.pack_id
       where w.code = 'BLR1' and s.website_id = $1 and not p.sold_by_weight order by s.available desc, s.pack_id limit 2`,
      [websiteId],
    );
    expect(rows).toHaveLength(2);
    scarce = { packId: rows[0]!.pack_id, warehouseId: rows[0]!.warehouse_id };
    plenty = { packId: rows[1]!.pack_id, warehouseId: rows[1]!.warehouse_id };
    await q('update stock set available = $1 where pack_id = $2 and warehouse_id = $3', [SCARCE, scarce.packId, scarce.warehouseId]);
    startStock = new Map(
      (await q<{ pack_id: number; warehouse_id: number; available: number }>('select pack_id, warehouse_id, available from stock')).map(
        (r) => [`${r.pack_id}:${r.warehouse_id}`, r.available],
      ),
    );
    servers.push(...(await Promise.all([start(), start()])));
  });

  afterAll(async () => {
    await stopServers(servers);
    await admin.end();
    await dropPgDatabase(url, name).catch(() => undefined);
  });

  it('loses and doubles nothing; the surviving process keeps serving', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const figures = { placed: 0, refused: {} as Record<string, number>, errors: 0, retries: 0 };
    let started = 0;
    let carts = 0;
    let go = () => {};
    const ready = new Promise<void>((r) => (go = r));
    let chaos: Promise<void> | null = null;
    let terminated = 0;

    // Half the orders have started: kill one process and drop every database connection.
    const unleash = async () => {
      b.proc.kill('SIGKILL');
      const { rows } = await admin.query(
        'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      terminated = rows[0].n;
    };

    // Shoppers are made first, so the database is only touched through the servers during the chaos.
    const tokens = await createShoppers(dbUrl, websiteId, SHOPPERS, 'Chaos');

    async function shopper(i: number) {
      const client = new ShopClient(tokens[i]!);
      // Odd shoppers start on the process that will be killed; a call that fails there is retried
      // on the survivor, as a load balancer would, with the same idempotency key.
      let via = i % 2 ? b : a;
      const call = async (method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> => {
        for (let attempt = 0; ; attempt++) {
          const server = via.alive ? via : (via = a);
          try {
            const res = await client.send(server.base, method, path, body);
            if (res.status < 500) return res;
            figures.errors++;
          } catch {
            figures.errors++; // the process died under the request
          }
          if (attempt >= 20) throw new Error(`${method} ${path} kept failing`);
          figures.retries++;
          await new Promise((r) => setTimeout(r, 100));
        }
      };
      await call('GET', '/s/api/cookie');
      expect((await call('POST', '/s/api/cart/add', { pack_id: scarce.packId })).status).toBe(200);
      for (let n = 0; n < 2; n++) expect((await call('POST', '/s/api/cart/add', { pack_id: plenty.packId })).status).toBe(200);
      const address = await call('POST', '/s/api/addresses', home);
      expect(address.status).toBe(200);
      const cart = await call('GET', `/s/api/cart?address_id=${address.json.id}`);
      const body = {
        address_id: address.json.id,
        payment_method: i % 3 === 0 ? 'razorpay' : 'cod',
        expected_total: cart.json.amount,
        idempotency_key: `chaos-checkout-${i}`,
      };
      // Every cart is ready before the first order: the kill lands among the checkouts only.
      if (++carts === SHOPPERS) go();
      await ready;
      if (++started === SHOPPERS / 2) chaos = unleash();
      const res = await call('POST', '/s/api/orders', body);
      if (res.status === 200) figures.placed++;
      else figures.refused[String(res.json.code)] = (figures.refused[String(res.json.code)] ?? 0) + 1;
      return res;
    }

    const results = await Promise.all(Array.from({ length: SHOPPERS }, (_, i) => shopper(i)));
    await chaos;
    console.log(
      `chaos figures: ${SHOPPERS} checkouts, ${figures.placed} placed, refused ${JSON.stringify(figures.refused)}, ${figures.errors} failed calls retried on the survivor (${figures.retries} retries), ${terminated} connections terminated`,
    );

    expect(b.alive).toBe(false);
    expect((await fetch(`${a.base}/s/api/health`)).status).toBe(200);
    // Every refusal is a shopper's 409 (sold out), never a lost request.
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(figures.placed).toBeGreaterThan(0);
    expect(figures.placed).toBeLessThanOrEqual(SCARCE);

    const orders = await q<{ id: string; idempotency_key: string }>('select id, idempotency_key from orders');
    expect(orders).toHaveLength(figures.placed);
    expect(new Set(orders.map((o) => o.idempotency_key)).size).toBe(orders.length);
    expect(await q('select o.id from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)')).toEqual([]);
    expect(await q('select o.id from orders o where not exists (select 1 from payments p where p.order_id = o.id)')).toEqual([]);
    expect(await q('select p.id from payments p where not exists (select 1 from orders o where o.id = p.order_id)')).toEqual([]);
    // stock + units sold (orders not released) = the starting stock, row by row
    const after = await q<{ pack_id: number; warehouse_id: number; available: number; sold: number }>(
      `select s.pack_id, s.warehouse_id, s.available, coalesce((select sum(l.quantity) from order_lines l join orders o on o.id = l.order_id
         where l.pack_id = s.pack_id and l.warehouse_id = s.warehouse_id and o.status not in ('cancelled', 'payment_failed')), 0)::int as sold from stock s`,
    );
    for (const r of after)
      expect(r.available + r.sold, `stock ${r.pack_id}:${r.warehouse_id}`).toBe(startStock.get(`${r.pack_id}:${r.warehouse_id}`));
    const scarceRow = after.find((r) => r.pack_id === scarce.packId && r.warehouse_id === scarce.warehouseId)!;
    expect(scarceRow.sold).toBe(figures.placed);
  });
});
