import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  auditLog,
  brands,
  categories,
  navItems,
  pageComponents,
  pages,
  products,
  warehouses,
  websiteDomains,
  websiteMembers,
  websiteSettings,
  websites,
} from '../../db/schema';
import type * as CopyModule from '../catalogue/copy';
import { seedDemo } from '../../seed/demo';
import { createTestApp } from '../../test/app';
import { staffClients } from '../../test/staff-clients';

// The catalogue copy fails after copying everything it could (late in a create): the
// website, its domain, settings, menus, pages and categories were written in the same transaction.
vi.mock('../catalogue/copy', async (importOriginal) => {
  const real = await importOriginal<typeof CopyModule>();
  return {
    ...real,
    copyCatalogue: async (...args: Parameters<typeof real.copyCatalogue>) => {
      await real.copyCatalogue(...args);
      throw new Error('disk full while copying the catalogue');
    },
  };
});

let t: Awaited<ReturnType<typeof createTestApp>>;
let demoId: number;

beforeAll(async () => {
  t = await createTestApp({ seed: async (db) => (demoId = await seedDemo(db, { mediaDir: null })) });
}, 180_000);
afterAll(() => t.close());

const everything = async () => {
  const tables = {
    websites,
    websiteDomains,
    websiteSettings,
    navItems,
    pages,
    pageComponents,
    categories,
    brands,
    products,
    warehouses,
    websiteMembers,
    auditLog,
  };
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) out[name] = (await t.db.select({ n: count() }).from(table))[0]!.n;
  return out;
};

describe('creating a website is one transaction', () => {
  it('a failure late in it leaves nothing: no website, domain, settings, pages, catalogue, warehouse, member or audit row', async () => {
    const root = await staffClients(t, demoId).as({ superadmin: true });
    const before = await everything();
    const res = await root.post('/s/api/bos/websites', {
      name: 'Half Made',
      domain: 'half.localhost',
      state: 'Kerala',
      start: 'copy',
      copy_from: demoId,
      copy_catalogue: true,
    });
    expect(res.statusCode).toBe(500);
    expect(await everything()).toEqual(before);
    expect(await t.db.select().from(websiteDomains).where(eq(websiteDomains.host, 'half.localhost'))).toEqual([]);
    // and the domain is free for the next try
    const blank = await root.post('/s/api/bos/websites', { name: 'Half Made', domain: 'half.localhost', state: 'Kerala', start: 'blank' });
    expect(blank.statusCode).toBe(201);
  });
});
