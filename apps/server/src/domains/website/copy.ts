import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { navItems, websiteSettings } from './tables';

/**
 * Copies a website's storefront settings (theme and colours, fonts, logo, navigation settings,
 * SEO, popup, page scripts) and its menus (navigation and footer trees) into a new website, in
 * the caller's transaction. `own` are the new website's own details that are never copied (its
 * state and address with GSTIN for invoices).
 */
export async function copyStorefrontSettings(
  tx: DbOrTx,
  fromWebsiteId: number,
  toWebsiteId: number,
  own: Pick<typeof websiteSettings.$inferInsert, 'state' | 'webAddress'>,
): Promise<void> {
  const [settings] = await tx.select().from(websiteSettings).where(eq(websiteSettings.websiteId, fromWebsiteId));
  if (settings) {
    const { websiteId: _w, updatedAt: _u, ...copied } = settings;
    await tx.insert(websiteSettings).values({ ...copied, ...own, websiteId: toWebsiteId });
  } else await tx.insert(websiteSettings).values({ ...own, websiteId: toWebsiteId });

  // Menus parent before child, so each item's parent id can be mapped to its copy.
  const items = await tx.select().from(navItems).where(eq(navItems.websiteId, fromWebsiteId)).orderBy(asc(navItems.id));
  const ids = new Map<number, number>();
  let level = items.filter((i) => i.parentId === null || !items.some((p) => p.id === i.parentId));
  while (level.length) {
    const made = await tx
      .insert(navItems)
      .values(
        level.map(({ id: _id, ...i }) => ({ ...i, websiteId: toWebsiteId, parentId: i.parentId === null ? null : ids.get(i.parentId)! })),
      )
      .returning({ id: navItems.id });
    level.forEach((i, n) => ids.set(i.id, made[n]!.id));
    level = items.filter((i) => !ids.has(i.id) && i.parentId !== null && ids.has(i.parentId));
  }
}

/** A new website's settings without a copy: the defaults, with its own state and address. */
export async function blankStorefrontSettings(
  tx: DbOrTx,
  websiteId: number,
  own: Pick<typeof websiteSettings.$inferInsert, 'state' | 'webAddress'>,
): Promise<void> {
  await tx.insert(websiteSettings).values({ ...own, websiteId });
}
