import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { SourceTexts } from '../translations';
import { navItems } from './tables';

/** The navigation and footer items' names for the Translations editor (issue 46 §2), menu by menu. */
export async function navItemTexts(db: DbOrTx, websiteId: number): Promise<SourceTexts[]> {
  const rows = await db
    .select({ id: navItems.id, kind: navItems.kind, parentId: navItems.parentId, name: navItems.name })
    .from(navItems)
    .where(eq(navItems.websiteId, websiteId))
    .orderBy(asc(navItems.kind), asc(navItems.parentId), asc(navItems.position), asc(navItems.id));
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return rows
    .filter((r) => r.name.trim() !== '')
    .map((r) => {
      const menu = r.kind === 'footer' ? 'Footer' : 'Navigation';
      const parent = r.parentId ? names.get(r.parentId) : undefined;
      return { id: String(r.id), context: parent ? `${menu} · ${parent}` : menu, fields: [{ field: 'name', source: r.name }] };
    });
}
