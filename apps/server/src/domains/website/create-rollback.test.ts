import { count, eq, getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { seedDemo } from '../../seed/demo';
import { createTestApp } from '../../test/app';
import { staffClients } from '../../test/staff-clients';

// The create fails at its very end, when its audit row is written (a trigger of this test's own
// database raises): the website, its domain, settings, menus, pages, catalogue copy, warehouse and
// admin were written before, in the same transaction. A real failure of the real code, no mock.
async function failCopiesAtTheEnd() {
  await t.db.execute(
    sql.raw(`CREATE FUNCTION fail_website_copy() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'disk full at the end of creating a website'; END $$`),
  );
  await t.db.execute(
    sql.raw(`CREATE TRIGGER fail_website_copy BEFORE INSERT ON ${getTableName(auditLog)} FOR EACH ROW
      WHEN (NEW.entity = 'website' AND NEW.action = 'create' AND NEW.after->>'start' = 'copy')
      EXECUTE FUNCTION fail_website_copy()`),
  );
}

let t: Awaited<ReturnType<typeof createTestApp>>;
let demoId: number;

beforeAll(async () => {
  t = await createTestApp({ seed: async (db) => (demoId = await seedDemo(db, { mediaDir: null })) });
  await failCopiesAtTheEnd();
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
