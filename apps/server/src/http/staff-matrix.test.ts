import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../seed/demo';
import { createTestApp } from '../test/app';
import type { TestClient } from '../test/client';
import { staffClients, type StaffFlags } from '../test/staff-clients';
import { STAFF_AREAS } from './staff';

/**
 * Every staff call × every role (issue 40.10): a person holding one role is refused (403) exactly
 * the calls outside what that role is for, written here by hand from what each role is (not
 * computed from http/staff-permissions.ts, which it checks). A call let in may still answer 400 or
 * 404 to this empty request: what matters is that the guard let it through.
 */
type Call = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} ${string}`;
const ORDERS_READ = /^GET \/admin\/orders/;
/** the bulk move's route is open to whoever reads orders; each move checks its own permission */
const BULK = /^POST \/admin\/orders\/bulk$/;
const CHOOSE = /^(GET|POST) \/bos\/choose$/;
/** a person's own saved views of the order list and new-order push: whoever reads orders (issue 40.17) */
const ORDERS_OWN = /^(POST|PATCH|DELETE) \/admin\/orders\/(views|push)/;
/** Dispatch (issue 45): read by whoever reads orders, changed by the delivery manager; the code override is the order manager's */
const DISPATCH_READ = /^GET \/admin\/dispatch/;
/** …except a bank deposit of counted cash, which is the order manager's (the accountant only reads it) */
const DISPATCH = /^\w+ \/admin\/dispatch(?!\/orders\/|\/deposits$)/;
const ALLOWED: Record<string, RegExp[]> = {
  admin: [/^\w+ \/(admin|builder|pos)\//, CHOOSE],
  cashier: [/^\w+ \/pos\//, CHOOSE],
  packer: [ORDERS_READ, ORDERS_OWN, BULK, DISPATCH_READ, /^POST \/admin\/orders\/\{id\}\/pack$/, CHOOSE],
  deliveryManager: [
    ORDERS_READ,
    ORDERS_OWN,
    BULK,
    /^POST \/admin\/orders\/(\{id\}\/)?(ship|deliver|cash-handover)$/,
    /^\w+ \/admin\/delivery/,
    DISPATCH,
    // an order's proof of delivery and door photo (issue 45 item 6): reads, like the rest of dispatch
    DISPATCH_READ,
    CHOOSE,
  ],
  catalogueEditor: [/^\w+ \/admin\/(products|categories|brands|catalogue|media|search|stock|reviews|translations)/, CHOOSE],
  accountant: [ORDERS_READ, ORDERS_OWN, BULK, DISPATCH_READ, /^GET \/admin\/(reports|summary|audit)/, CHOOSE],
  salesAgent: [/^\w+ \/agent\//, CHOOSE],
  // the rider app's calls only (issue 45), each one's own trips
  rider: [/^\w+ \/rider\//, CHOOSE],
  shopper: [CHOOSE],
  superadmin: [/^\w+ \/(admin|builder|pos|bos)\//],
};
/** the till's settings and loose goods are a manager's: a cashier is refused them */
const MANAGER_ONLY = [/^(PUT|POST) \/pos\/(settings|loose-goods)$/];

const ROLES: Record<string, StaffFlags> = {
  admin: { hasAdminAccess: true },
  cashier: { isCashier: true },
  packer: { isPacker: true },
  deliveryManager: { isDeliveryManager: true },
  catalogueEditor: { isCatalogueEditor: true },
  accountant: { isAccountant: true },
  salesAgent: { isSalesAgent: true },
  rider: { isRider: true },
  shopper: {},
  superadmin: { superadmin: true },
};

let t: Awaited<ReturnType<typeof createTestApp>>;
let calls: Call[];

beforeAll(async () => {
  t = await createTestApp({ seed: (db) => seedDemo(db, { mediaDir: null }) });
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  calls = Object.entries(doc.paths)
    .filter(([path]) => STAFF_AREAS.some((area) => path.startsWith(`/s/api/${area}/`)))
    .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.slice('/s/api'.length)}` as Call))
    .sort();
}, 120_000);
afterAll(() => t.close());

const expected = (role: string, call: Call): boolean =>
  ALLOWED[role]!.some((r) => r.test(call)) && !(role === 'cashier' && MANAGER_ONLY.some((r) => r.test(call)));

/** The guard's answer to a person without the permission (a handler's own 403 words its reason). */
let refusal: string;

async function answerOf(c: TestClient, call: Call): Promise<{ status: number; refused: boolean }> {
  const [method, path] = call.split(' ') as [string, string];
  const url = `/s/api${path.replace(/\{[^}]+\}/g, '1')}`;
  const body = method === 'GET' || method === 'DELETE' ? {} : { payload: {} };
  const res = await c.request({ method, url, ...body });
  return { status: res.statusCode, refused: res.statusCode === 401 || (res.statusCode === 403 && res.body === refusal) };
}

describe('every staff call × every role', () => {
  it('refuses exactly what a role is not for, and lets in the rest', async () => {
    expect(calls.length).toBeGreaterThan(100);
    const staff = staffClients(t, 1);
    refusal = (await (await staff.as({})).get('/s/api/admin/staff')).body;
    expect(JSON.parse(refusal)).toMatchObject({ code: 'FORBIDDEN' });
    const wrong: string[] = [];
    let checked = 0;
    // the superadmin and the admin last: their writes (deletes, pauses) must not change what others are asked
    for (const [role, flags] of Object.entries(ROLES)) {
      const c = await staff.as(flags);
      for (const call of calls) {
        // deletes and website changes of the widest roles are checked by their own domains' tests
        if ((role === 'admin' || role === 'superadmin') && /^(DELETE|PATCH) /.test(call)) continue;
        const { status, refused } = await answerOf(c, call);
        if (refused === expected(role, call)) wrong.push(`${role}: ${call} → ${status}`);
        checked++;
      }
    }
    expect(wrong).toEqual([]);
    console.log(`staff matrix: ${calls.length} calls × ${Object.keys(ROLES).length} roles, ${checked} requests`);
  }, 600_000);
});

describe('a bulk move of orders', () => {
  it('needs the move’s own permission: a packer packs but does not confirm', async () => {
    const staff = staffClients(t, 1);
    const packer = await staff.as({ isPacker: true });
    const ids = ['00000000-0000-4000-8000-000000000000'];
    const move = async (action: string) => (await packer.post('/s/api/admin/orders/bulk', { action, ids })).statusCode;
    expect(await move('confirm')).toBe(403);
    expect(await move('pack')).not.toBe(403);
  });
});
