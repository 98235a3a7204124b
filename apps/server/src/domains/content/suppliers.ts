import { supplierBlockDataSchema, type SupplierItem } from '@grocer/shared/blocks';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { websiteSettingsRow } from '../website/service';
import { pageComponents, pages } from './tables';
import { Errors } from '../../http/errors';

export { SUPPLIERS_PATH } from '@grocer/shared/links';

/**
 * GET /s/api/suppliers: the suppliers of the supplier-tiles blocks on the website's published
 * pages, each once (by image and title), in page and block order; 404 when the website does not
 * show its suppliers page. A block whose data does not fit its schema adds none (as on its page).
 */
export async function listSuppliers(db: Db, websiteId: number): Promise<SupplierItem[]> {
  // spec §3 show_supplier_page
  if (!(await websiteSettingsRow(db, websiteId))?.showSupplierPage) throw Errors.notFound('Page not found');
  const blocks = await db
    .select({ data: pageComponents.data })
    .from(pageComponents)
    .innerJoin(pages, eq(pages.id, pageComponents.pageId))
    .where(
      and(
        eq(pageComponents.websiteId, websiteId),
        eq(pages.websiteId, websiteId),
        eq(pages.published, true),
        eq(pageComponents.type, 'supplier-tiles'),
      ),
    )
    .orderBy(asc(pages.url), asc(pageComponents.position), asc(pageComponents.id));
  const seen = new Set<string>();
  return blocks
    .flatMap((b) => supplierBlockDataSchema.safeParse(b.data ?? {}).data?.items ?? [])
    .filter((s) => {
      const key = `${s.image}\n${s.title ?? ''}`;
      return !seen.has(key) && (seen.add(key), true);
    });
}
