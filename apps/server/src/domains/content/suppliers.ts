import { supplierBlockDataSchema, type SupplierItem } from '@grocer/shared/blocks';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageComponents, pages, websiteSettings } from '../../db/schema';
import { Errors } from '../../http/errors';

export const SUPPLIERS_PATH = '/suppliers';

/** Whether the website shows its suppliers page (spec §3 show_supplier_page). */
export async function showsSupplierPage(db: Db, websiteId: number): Promise<boolean> {
  const [row] = await db.select({ on: websiteSettings.showSupplierPage }).from(websiteSettings).where(eq(websiteSettings.websiteId, websiteId)).limit(1);
  return row?.on ?? false;
}

/**
 * GET /s/api/suppliers: the suppliers of the supplier-tiles blocks on the website's published
 * pages, each once (by image and title), in page and block order; 404 when the website does not
 * show its suppliers page. A block whose data does not fit its schema adds none (as on its page).
 */
export async function listSuppliers(db: Db, websiteId: number): Promise<SupplierItem[]> {
  if (!(await showsSupplierPage(db, websiteId))) throw Errors.notFound('Page not found');
  const blocks = await db
    .select({ data: pageComponents.data })
    .from(pageComponents)
    .innerJoin(pages, eq(pages.id, pageComponents.pageId))
    .where(and(eq(pageComponents.websiteId, websiteId), eq(pages.websiteId, websiteId), eq(pages.published, true), eq(pageComponents.type, 'supplier-tiles')))
    .orderBy(asc(pages.url), asc(pageComponents.position), asc(pageComponents.id));
  const seen = new Set<string>();
  return blocks
    .flatMap((b) => supplierBlockDataSchema.safeParse(b.data ?? {}).data?.items ?? [])
    .filter((s) => {
      const key = `${s.image}\n${s.title ?? ''}`;
      return !seen.has(key) && (seen.add(key), true);
    });
}
