import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SaleInput } from '@grocer/shared/pos';
import type * as Offline from './offline';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The till's offline queue against a real HTTP server that books a sale once per idempotency key
 * (as the API does) and can fail the way networks and servers fail. The queue lives in IndexedDB
 * (fake-indexeddb in this project), as in the browser.
 */
type Fault = 'drop' | 'drop-after-booking' | 500 | 422;
const booked = new Map<string, { receipt: string; body: SaleInput }>();
const requests: string[] = [];
const faults = new Map<string, Fault[]>();
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/s/api/pos/sales') return res.writeHead(404).end();
      const body = JSON.parse(raw) as SaleInput;
      const key = body.idempotency_key;
      requests.push(key);
      const fault = faults.get(key)?.shift();
      if (fault === 'drop') return req.socket.destroy();
      if (typeof fault === 'number')
        return res.writeHead(fault, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'No', code: 'VALIDATION' }));
      const created = !booked.has(key);
      if (created) booked.set(key, { receipt: `OFF1-${booked.size + 1}`, body });
      if (fault === 'drop-after-booking') return req.socket.destroy();
      const sale = { order_id: `o-${key}`, receipt: booked.get(key)!.receipt, total: body.expected_total, change: 0, created, flags: [] };
      res.writeHead(created ? 201 : 200, { 'content-type': 'application/json' }).end(JSON.stringify(sale));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // the page is served from the API's origin, as the staff app is
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`http://127.0.0.1:${port}/staff/pos`);
  document.cookie = 'XSRF-TOKEN=test-token; path=/';
  // A browser's fetch fails a dropped connection with a TypeError (what the queue tells apart from
  // an answer); happy-dom's with a DOMException: turned into the browser's.
  const pageFetch = window.fetch.bind(window);
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    pageFetch(input, init).catch((e: unknown) => {
      throw e instanceof DOMException && e.name === 'NetworkError' ? new TypeError('Failed to fetch') : e;
    }),
  );
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let offline: typeof Offline;
let clock = 1_000;
beforeEach(async () => {
  // queued_at orders the queue: a clock that moves between two sales rung up in one millisecond
  vi.spyOn(Date, 'now').mockImplementation(() => (clock += 1));
  offline = await import('./offline');
  while ((await offline.queuedCount()) > 0) await offline.syncQueue();
  booked.clear();
  requests.length = 0;
  faults.clear();
});
afterEach(() => void vi.mocked(Date.now).mockRestore());

const saleBody = (key: string): SaleInput => ({
  idempotency_key: key,
  till: 'T1',
  lines: [{ pack_id: 1, quantity: 2 }],
  expected_total: 80,
  payment: { cash: 80, cash_tendered: 100 },
});

describe('the offline sale queue', () => {
  it('keeps each sale once, marked offline, and sends them oldest first, each once', async () => {
    await offline.queueSale(saleBody('till-a-00000001'));
    await offline.queueSale(saleBody('till-b-00000002'));
    await offline.queueSale(saleBody('till-a-00000001')); // the same sale queued again: one entry, now the newest
    expect(await offline.queuedCount()).toBe(2);
    const done = await offline.syncQueue();
    expect(done.map((s) => s.receipt)).toEqual(['OFF1-1', 'OFF1-2']);
    expect(requests).toEqual(['till-b-00000002', 'till-a-00000001']);
    expect(booked.get('till-a-00000001')!.body.offline).toBe(true);
    expect(await offline.queuedCount()).toBe(0);
    expect(await offline.syncQueue()).toEqual([]);
    expect(requests).toHaveLength(2);
  });

  it('one sync at a time: a second call while one runs joins it', async () => {
    for (const k of ['till-c-00000001', 'till-c-00000002', 'till-c-00000003']) await offline.queueSale(saleBody(k));
    const [a, b] = [offline.syncQueue(), offline.syncQueue()];
    expect(a).toBe(b);
    expect((await a).length).toBe(3);
    expect(requests).toEqual(['till-c-00000001', 'till-c-00000002', 'till-c-00000003']);
  });

  it('stops at a network failure and replays from there with the same key', async () => {
    for (const k of ['till-d-00000001', 'till-d-00000002', 'till-d-00000003']) await offline.queueSale(saleBody(k));
    faults.set('till-d-00000002', ['drop']);
    expect((await offline.syncQueue()).map((s) => s.receipt)).toEqual(['OFF1-1']);
    expect(await offline.queuedCount()).toBe(2);
    expect((await offline.syncQueue()).map((s) => s.receipt)).toEqual(['OFF1-2', 'OFF1-3']);
    expect(requests).toEqual(['till-d-00000001', 'till-d-00000002', 'till-d-00000002', 'till-d-00000003']);
  });

  it('a sale booked whose answer was lost is booked once when replayed', async () => {
    await offline.queueSale(saleBody('till-e-00000001'));
    faults.set('till-e-00000001', ['drop-after-booking']);
    expect(await offline.syncQueue()).toEqual([]);
    expect(await offline.queuedCount()).toBe(1);
    const [again] = await offline.syncQueue();
    expect(again).toMatchObject({ receipt: 'OFF1-1', created: false });
    expect(booked.size).toBe(1);
    expect(await offline.queuedCount()).toBe(0);
  });

  it('keeps a sale the server could not take (5xx) and drops one it refused (4xx)', async () => {
    await offline.queueSale(saleBody('till-f-00000001'));
    await offline.queueSale(saleBody('till-f-00000002'));
    faults.set('till-f-00000001', [422]);
    faults.set('till-f-00000002', [500]);
    expect(await offline.syncQueue()).toEqual([]);
    expect(await offline.queuedCount()).toBe(1);
    expect((await offline.syncQueue()).map((s) => s.receipt)).toEqual(['OFF1-1']);
    expect(requests).toEqual(['till-f-00000001', 'till-f-00000002', 'till-f-00000002']);
  });

  it('survives a reload: the queue is on the device, not in the page', async () => {
    await offline.queueSale(saleBody('till-g-00000001'));
    vi.resetModules();
    const reloaded = await import('./offline');
    expect(reloaded).not.toBe(offline);
    expect(await reloaded.queuedCount()).toBe(1);
    expect((await reloaded.syncQueue()).map((s) => s.receipt)).toEqual(['OFF1-1']);
  });
});
