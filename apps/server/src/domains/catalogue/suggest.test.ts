import { suggestionsSchema, type Suggestions } from '@grocer/shared/catalogue';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { seedDemo } from '../../seed/demo';
import { createTestApp } from '../../test/app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ seed: (db) => seedDemo(db, { mediaDir: null }) });
});
afterAll(() => t?.close());

async function suggestions(q: string, extra = ''): Promise<Suggestions> {
  const res = await t.app.inject(`/s/api/search/suggest?q=${encodeURIComponent(q)}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return suggestionsSchema.parse(res.json());
}

describe('search as you type (GET /s/api/search/suggest, demo data)', () => {
  it('offers products, categories and brands whose words begin with what was typed', async () => {
    const rice = await suggestions('basm');
    expect(rice.products.length).toBeGreaterThan(0);
    expect(rice.products.length).toBeLessThanOrEqual(6);
    for (const p of rice.products) {
      expect(p.name).toMatch(/basmati/i);
      expect(p.price).toBeGreaterThan(0);
      expect(p.slug).not.toBe('');
    }
    expect((await suggestions('dai')).categories.map((c) => c.name)).toContain('Dairy & Bakery');
    expect((await suggestions('amrut')).brands.map((b) => b.name)).toEqual(['Amrut Dairy']);
    expect((await suggestions('Amrut')).did_you_mean).toBeNull();
  });

  it('offers the best six active matches, best first (read from the search rows)', async () => {
    const best = await t.db
      .select({ slug: products.slug })
      .from(products)
      .where(and(eq(products.status, 'active'), sql`${products.searchDoc} @@ to_tsquery('simple', 'rice:*')`))
      .orderBy(desc(sql`ts_rank(${products.searchDoc}, to_tsquery('simple', 'rice:*'))`), asc(products.id))
      .limit(6);
    expect(best.length).toBe(6);
    expect((await suggestions('rice')).products.map((p) => p.slug)).toEqual(best.map((b) => b.slug));
  });

  it("knows the shoppers' words: dahi finds curd", async () => {
    const dahi = await suggestions('dahi');
    expect(dahi.products.length).toBeGreaterThan(0);
    expect(dahi.products.every((p) => /curd|dahi|yogurt/i.test(p.name))).toBe(true);
  });

  it('corrects a slip when the words as typed find nothing, and never guesses at a short word', async () => {
    const slip = await suggestions('basmti');
    expect(slip.products).toEqual([]);
    expect(slip.did_you_mean).toBe('basmati');
    expect((await suggestions('panner')).did_you_mean).toBe('paneer');
    expect((await suggestions('xqzw')).did_you_mean).toBeNull();
  });

  it('answers nothing for one letter, and drops other parameters (same answer, no cost)', async () => {
    expect(await suggestions('b')).toEqual({ q: 'b', products: [], categories: [], brands: [], did_you_mean: null });
    expect(await suggestions('  Basm  ', `&x=${Math.random()}&page=9`)).toEqual({ ...(await suggestions('basm')) });
    const res = await t.app.inject(`/s/api/search/suggest?q=${'a'.repeat(101)}`);
    expect(res.statusCode).toBe(422);
  });

  it('offers only active products', async () => {
    const [ghee] = (await suggestions('cow ghee')).products;
    expect(ghee).toBeDefined();
    await t.db.update(products).set({ status: 'draft' }).where(eq(products.slug, ghee!.slug));
    // a different spelling of the words: not the cached answer
    expect((await suggestions('cow  ghe')).products.map((p) => p.slug)).not.toContain(ghee!.slug);
  });
});
