import { productListSchema, suggestionsSchema, type Suggestions } from '@grocer/shared/catalogue';
import { eq } from 'drizzle-orm';
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

  it("offers the results page's first six, in its order (one ranking: in stock first, then relevance)", async () => {
    for (const q of ['rice', 'moong dal', 'basmti', 'amrut']) {
      const list = productListSchema.parse((await t.app.inject(`/s/api/products?q=${encodeURIComponent(q)}&perPage=6`)).json());
      expect(list.data.length).toBeGreaterThan(0);
      expect((await suggestions(q)).products.map((p) => p.slug)).toEqual(list.data.map((p) => p.slug));
    }
  });

  it("knows the shoppers' words: dahi finds curd", async () => {
    const dahi = await suggestions('dahi');
    expect(dahi.products.length).toBeGreaterThan(0);
    expect(dahi.products.every((p) => /curd|dahi|yogurt/i.test(p.name))).toBe(true);
  });

  it('corrects a slip when the words as typed find nothing, and never guesses at a short word', async () => {
    // the typos' matches are offered (as the results page lists them), with the words corrected
    const slip = await suggestions('basmti');
    expect(slip.products[0]?.name).toMatch(/basmati/i);
    expect(slip.did_you_mean).toBe('basmati');
    expect((await suggestions('panner')).did_you_mean).toBe('paneer');
    expect((await suggestions('xqzw')).did_you_mean).toBeNull();
  });

  it('answers nothing for one letter, and drops other parameters (same answer, no cost)', async () => {
    expect(await suggestions('b')).toEqual({
      q: 'b',
      products: [],
      categories: [],
      brands: [],
      did_you_mean: null,
      closest_category: null,
    });
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
