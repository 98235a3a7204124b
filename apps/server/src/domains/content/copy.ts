import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pageComponents, pages } from './tables';

/**
 * Copies a website's pages with their components into another (a new website made as a copy of
 * a storefront, website/create.ts), in the caller's transaction. Returns how many pages it copied.
 */
export async function copyPages(tx: DbOrTx, fromWebsiteId: number, toWebsiteId: number): Promise<number> {
  const rows = await tx.select().from(pages).where(eq(pages.websiteId, fromWebsiteId)).orderBy(asc(pages.id));
  if (!rows.length) return 0;
  const made = await tx
    .insert(pages)
    .values(rows.map(({ id: _id, ...p }) => ({ ...p, websiteId: toWebsiteId })))
    .returning({ id: pages.id, url: pages.url });
  // one url per website: map by it
  const byUrl = new Map(made.map((p) => [p.url, p.id]));
  const pageId = new Map(rows.map((p) => [p.id, byUrl.get(p.url)!]));
  const components = await tx
    .select()
    .from(pageComponents)
    .where(eq(pageComponents.websiteId, fromWebsiteId))
    .orderBy(asc(pageComponents.id));
  for (let i = 0; i < components.length; i += 500) {
    await tx
      .insert(pageComponents)
      .values(components.slice(i, i + 500).map(({ id: _id, ...c }) => ({ ...c, websiteId: toWebsiteId, pageId: pageId.get(c.pageId)! })));
  }
  return rows.length;
}

/**
 * A blank website's first home page (issue 40.13: it answered 404 on `/`): a welcome in the
 * website's name, its categories and its newest products, which fill in as the owner adds them.
 * Published, so the shop has a front door at once; the owner reshapes it in Website Settings.
 */
export async function createHomePage(tx: DbOrTx, websiteId: number, name: string): Promise<void> {
  const [home] = await tx
    .insert(pages)
    .values({ websiteId, url: '/', title: name, seoTitle: name, published: true })
    .returning({ id: pages.id });
  const welcome = `<h2>Welcome to ${escapeHtml(name)}</h2><p>Fresh groceries and daily essentials, delivered to your door.</p>`;
  const blocks = [
    { name: 'Welcome', type: 'rich-text', data: { html: welcome } },
    { name: 'Shop by category', type: 'category-carousel', data: { title: 'Shop by category' } },
    { name: 'New arrivals', type: 'product-carousel', data: { title: 'New arrivals', sort: 'newest', limit: 12 } },
  ];
  await tx
    .insert(pageComponents)
    .values(
      blocks.map((b, position) => ({ websiteId, pageId: home!.id, position, name: b.name, type: b.type, data: b.data, settings: {} })),
    );
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
