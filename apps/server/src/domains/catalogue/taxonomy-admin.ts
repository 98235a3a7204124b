import {
  MAX_CATEGORY_DEPTH,
  type AdminBrand,
  type AdminBrandInput,
  type AdminCategory,
  type AdminCategoryInput,
} from '@grocer/shared/admin-catalogue-edit';
import type { z } from 'zod';
import type { adminBrandsQuerySchema } from '@grocer/shared/admin-catalogue-edit';
import { slugify } from '@grocer/shared/slug';
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { isUniqueViolation } from '../../db/errors';
import { invalidateWebsite } from '../../http/cache';
import { AppError, Errors, fail } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { refreshProductIndex } from './search';
import { brands, categories, productCategories, products } from './tables';

/**
 * Administration's categories (a tree of at most three levels, ordered by position) and brands.
 * Every write is audited and drops the website's caches; category and brand names are in the
 * products' search document, so a rename or move refreshes the index of the products concerned.
 */

const slugTaken = (what: string) => Errors.invalid({ slug: [`Another ${what} already uses this slug`] });

async function uniqueSlug(
  tx: Tx,
  table: typeof categories | typeof brands,
  websiteId: number,
  wanted: string,
  name: string,
  exceptId?: number,
) {
  const slug = wanted || slugify(name) || 'item';
  const rows = await tx
    .select({ slug: table.slug })
    .from(table)
    .where(
      and(
        eq(table.websiteId, websiteId),
        sql`(${table.slug} = ${slug} or ${table.slug} like ${`${slug}-%`})`,
        exceptId ? ne(table.id, exceptId) : undefined,
      ),
    );
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(slug)) return slug;
  if (wanted) return null; // the owner chose it: say so rather than change it
  for (let n = 2; ; n++) if (!taken.has(`${slug}-${n}`)) return `${slug}-${n}`;
}

/**
 * Refreshes the search document of the products in these categories or below them (their
 * category path changed): only those, not the whole catalogue.
 */
async function refreshUnder(tx: Tx, websiteId: number, rootIds: number[]): Promise<void> {
  if (!rootIds.length) return;
  const roots = sql.join(
    rootIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const ids = rowsOf<{ id: number }>(
    await tx.execute(sql`
      with recursive sub(id) as (
        select id from categories where website_id = ${websiteId} and id in (${roots})
        union all
        select c.id from categories c join sub on c.parent_id = sub.id
      )
      select p.id from products p where p.website_id = ${websiteId} and p.category_id in (select id from sub)`),
  ).map((r) => Number(r.id));
  if (ids.length) await refreshProductIndex(tx, websiteId, ids);
}

const categoryOut = (c: typeof categories.$inferSelect, count = 0): AdminCategory => ({
  id: c.id,
  parent_id: c.parentId,
  name: c.name,
  slug: c.slug,
  avatar: c.avatar,
  position: c.position,
  products: count,
  version: c.version,
});

/** Every category of the website (flat, parent before position), with its product count. */
export async function listAdminCategories(db: Db | Tx, websiteId: number): Promise<AdminCategory[]> {
  const rows = await db
    .select({
      c: categories,
      n: sql<number>`(select count(*) from ${products} p where p.website_id = ${websiteId} and (p.category_id = "categories"."id" or exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id = "categories"."id")))`.mapWith(
        Number,
      ),
    })
    .from(categories)
    .where(eq(categories.websiteId, websiteId))
    .orderBy(asc(categories.position), asc(categories.id));
  return rows.map((r) => categoryOut(r.c, r.n));
}

/** depth(id) = 1 for a top category; height = levels in a subtree (1 for a leaf). */
function treeShape(all: Array<{ id: number; parentId: number | null }>) {
  const parent = new Map(all.map((c) => [c.id, c.parentId]));
  const depth = (id: number | null): number => (id === null ? 0 : 1 + depth(parent.get(id) ?? null));
  const height = (id: number): number => 1 + Math.max(0, ...all.filter((c) => c.parentId === id).map((c) => height(c.id)));
  const isWithin = (id: number | null, ancestor: number): boolean =>
    id !== null && (id === ancestor || isWithin(parent.get(id) ?? null, ancestor));
  return { depth, height, isWithin };
}

async function shapeOf(tx: Tx, websiteId: number) {
  return treeShape(
    await tx.select({ id: categories.id, parentId: categories.parentId }).from(categories).where(eq(categories.websiteId, websiteId)),
  );
}

async function requireCategory(tx: Tx, websiteId: number, id: number) {
  const [c] = await tx
    .select()
    .from(categories)
    .where(and(eq(categories.websiteId, websiteId), eq(categories.id, id)))
    .for('update');
  if (!c) throw Errors.notFound('Category not found');
  return c;
}

async function finish<T>(websiteId: number, work: Promise<T>, what: string): Promise<T> {
  try {
    const out = await work;
    invalidateWebsite(websiteId);
    return out;
  } catch (e) {
    if (isUniqueViolation(e) && !(e instanceof AppError)) throw slugTaken(what);
    throw e;
  }
}

export function createCategory(db: Db, actor: AuditActor, input: AdminCategoryInput): Promise<AdminCategory> {
  const websiteId = actor.websiteId;
  return finish(
    websiteId,
    db.transaction(async (tx) => {
      if (input.parent_id !== null) {
        await requireCategory(tx, websiteId, input.parent_id).catch(() => {
          throw Errors.invalid({ parent_id: ['Parent category not found'] });
        });
        if ((await shapeOf(tx, websiteId)).depth(input.parent_id) >= MAX_CATEGORY_DEPTH)
          throw Errors.invalid({ parent_id: [`Categories go at most ${MAX_CATEGORY_DEPTH} levels deep`] });
      }
      const slug = await uniqueSlug(tx, categories, websiteId, input.slug, input.name);
      if (!slug) throw slugTaken('category');
      const [{ next } = { next: 0 }] = await tx
        .select({ next: sql<number>`coalesce(max(${categories.position}) + 1, 0)`.mapWith(Number) })
        .from(categories)
        .where(
          and(
            eq(categories.websiteId, websiteId),
            input.parent_id === null ? isNull(categories.parentId) : eq(categories.parentId, input.parent_id),
          ),
        );
      const [row] = await tx
        .insert(categories)
        .values({ websiteId, parentId: input.parent_id, name: input.name, slug, avatar: input.avatar, position: next })
        .returning();
      const out = categoryOut(row!);
      await recordAudit(tx, actor, { entity: 'category', entityId: row!.id, action: 'create', after: out });
      return out;
    }),
    'category',
  );
}

/** Name, slug and avatar (the place in the tree changes by arranging). */
export function updateCategory(db: Db, actor: AuditActor, id: number, input: AdminCategoryInput): Promise<AdminCategory> {
  const websiteId = actor.websiteId;
  return finish(
    websiteId,
    db.transaction(async (tx) => {
      const before = await requireCategory(tx, websiteId, id);
      if (input.version !== undefined && input.version !== before.version) throw fail('STALE_CATEGORY');
      const slug = await uniqueSlug(tx, categories, websiteId, input.slug || before.slug, input.name, id);
      if (!slug) throw slugTaken('category');
      // guarded by the version read: of two saves racing from the same version, one finds it changed
      const [row] = await tx
        .update(categories)
        .set({ name: input.name, slug, avatar: input.avatar, version: before.version + 1 })
        .where(and(eq(categories.websiteId, websiteId), eq(categories.id, id), eq(categories.version, before.version)))
        .returning();
      if (!row) throw fail('STALE_CATEGORY');
      if (before.name !== input.name) await refreshUnder(tx, websiteId, [id]);
      const out = categoryOut(row!);
      await recordAudit(tx, actor, { entity: 'category', entityId: id, action: 'update', before: categoryOut(before), after: out });
      return out;
    }),
    'category',
  );
}

/**
 * A drag's result: `ids` become `parent_id`'s children in this order (a moved category may come
 * from another parent). Refused when it would put a category inside itself or past three levels.
 */
export function arrangeCategories(db: Db, actor: AuditActor, parentId: number | null, ids: number[]): Promise<AdminCategory[]> {
  const websiteId = actor.websiteId;
  return finish(
    websiteId,
    db.transaction(async (tx) => {
      const all = await tx.select().from(categories).where(eq(categories.websiteId, websiteId)).for('update');
      const byId = new Map(all.map((c) => [c.id, c]));
      if (parentId !== null && !byId.has(parentId)) throw Errors.notFound('Category not found');
      if (ids.some((id) => !byId.has(id))) throw Errors.notFound('Category not found');
      if (new Set(ids).size !== ids.length) throw Errors.invalid({ ids: ['A category is listed twice'] });
      const shape = treeShape(all);
      for (const id of ids) {
        if (shape.isWithin(parentId, id)) throw Errors.invalid({ parent_id: ['A category cannot go inside itself'] });
        if (shape.depth(parentId) + shape.height(id) > MAX_CATEGORY_DEPTH)
          throw Errors.invalid({ parent_id: [`Categories go at most ${MAX_CATEGORY_DEPTH} levels deep`] });
      }
      const moved: number[] = [];
      for (const [position, id] of ids.entries()) {
        const c = byId.get(id)!;
        if (c.parentId === parentId && c.position === position) continue;
        if (c.parentId !== parentId) moved.push(id);
        await tx.update(categories).set({ parentId, position }).where(eq(categories.id, id));
      }
      await recordAudit(tx, actor, {
        entity: 'category',
        entityId: parentId ?? 'top',
        action: 'arrange',
        before: {
          children: all
            .filter((c) => c.parentId === parentId)
            .sort((a, b) => a.position - b.position)
            .map((c) => c.id),
        },
        after: { children: ids },
      });
      // a moved category changes its products' category path in the search document
      if (moved.length) await refreshUnder(tx, websiteId, moved);
      return listAdminCategories(tx, websiteId);
    }),
    'category',
  );
}

/**
 * Deletes a category. One with products or sub-categories is refused (409) unless `moveTo` says
 * where they go: another category (not inside this one), or null for "no category" / the top level.
 */
export function deleteCategory(db: Db, actor: AuditActor, id: number, moveTo: number | null | undefined): Promise<void> {
  const websiteId = actor.websiteId;
  return finish(
    websiteId,
    db.transaction(async (tx) => {
      const gone = await requireCategory(tx, websiteId, id);
      const children = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.websiteId, websiteId), eq(categories.parentId, id)));
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(products)
        .where(
          and(
            eq(products.websiteId, websiteId),
            sql`(${products.categoryId} = ${id} or exists (select 1 from product_categories pc where pc.product_id = ${products.id} and pc.category_id = ${id}))`,
          ),
        );
      if ((children.length || n) && moveTo === undefined)
        throw Errors.conflict(
          'CATEGORY_IN_USE',
          `${gone.name} has ${n} products and ${children.length} sub-categories: choose where they go, then delete it.`,
        );
      if (moveTo !== undefined && moveTo !== null) {
        const shape = await shapeOf(tx, websiteId);
        const [target] = await tx
          .select({ id: categories.id })
          .from(categories)
          .where(and(eq(categories.websiteId, websiteId), eq(categories.id, moveTo)));
        if (!target || shape.isWithin(moveTo, id)) throw Errors.invalid({ move_to: ['Choose a category outside the one being deleted'] });
        const tallest = Math.max(0, ...children.map((c) => shape.height(c.id)));
        if (shape.depth(moveTo) + tallest > MAX_CATEGORY_DEPTH)
          throw Errors.invalid({ move_to: [`Its sub-categories would be more than ${MAX_CATEGORY_DEPTH} levels deep there`] });
      }
      const target = moveTo ?? null;
      const affected = (
        await tx
          .select({ id: products.id })
          .from(products)
          .where(
            and(
              eq(products.websiteId, websiteId),
              sql`(${products.categoryId} = ${id} or exists (select 1 from product_categories pc where pc.product_id = ${products.id} and pc.category_id = ${id}))`,
            ),
          )
      ).map((p) => p.id);
      if (affected.length) {
        await tx
          .update(products)
          .set({ categoryId: target, version: sql`${products.version} + 1`, updatedAt: sql`now()` })
          .where(and(eq(products.websiteId, websiteId), eq(products.categoryId, id)));
        if (target !== null)
          await tx.execute(sql`
            insert into product_categories (website_id, product_id, category_id)
            select ${websiteId}, pc.product_id, ${target} from product_categories pc
            join products p on p.id = pc.product_id
            where pc.category_id = ${id} and p.category_id is distinct from ${target}
            on conflict do nothing`);
      }
      if (children.length)
        await tx
          .update(categories)
          .set({ parentId: target })
          .where(and(eq(categories.websiteId, websiteId), eq(categories.parentId, id)));
      await tx.delete(productCategories).where(eq(productCategories.categoryId, id));
      await tx.delete(categories).where(and(eq(categories.websiteId, websiteId), eq(categories.id, id)));
      if (affected.length) await refreshProductIndex(tx, websiteId, affected);
      if (children.length)
        await refreshUnder(
          tx,
          websiteId,
          children.map((c) => c.id),
        );
      await recordAudit(tx, actor, {
        entity: 'category',
        entityId: id,
        action: 'delete',
        before: { ...categoryOut(gone, n), moved_to: target, products_moved: affected.length, children_moved: children.length },
      });
    }),
    'category',
  );
}

// ---- brands ---------------------------------------------------------------------------------

// the outer row named in full: drizzle may print a selected column unqualified, which the subquery would take as its own
const brandProducts = sql<number>`(select count(*) from ${products} p where p.brand_id = "brands"."id")`.mapWith(Number);

export async function listAdminBrands(db: Db, websiteId: number, q: z.infer<typeof adminBrandsQuerySchema>) {
  const where = and(
    eq(brands.websiteId, websiteId),
    q.q ? sql`lower(${brands.name}) like ${`%${q.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
  );
  const dir = q.dir === 'asc' ? asc : desc;
  const rows = await db
    .select({ b: brands, products: brandProducts, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(brands)
    .where(where)
    .orderBy(q.sort === 'products' ? dir(brandProducts) : dir(sql`lower(${brands.name})`), dir(brands.id))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  return {
    data: rows.map((r) => brandOut(r.b, r.products)),
    meta: { total: rows[0]?.total ?? 0, page: q.page, perPage: q.perPage },
  };
}

const brandOut = (b: typeof brands.$inferSelect, n = 0): AdminBrand => ({
  id: b.id,
  name: b.name,
  slug: b.slug,
  logo: b.logo,
  products: n,
  version: b.version,
});

export function saveBrand(db: Db, actor: AuditActor, id: number | null, input: AdminBrandInput): Promise<AdminBrand> {
  const websiteId = actor.websiteId;
  return finish(
    websiteId,
    db.transaction(async (tx) => {
      const [before] = id
        ? await tx
            .select()
            .from(brands)
            .where(and(eq(brands.websiteId, websiteId), eq(brands.id, id)))
            .for('update')
        : [];
      if (id && !before) throw Errors.notFound('Brand not found');
      if (before && input.version !== undefined && input.version !== before.version) throw fail('STALE_BRAND');
      const slug = await uniqueSlug(tx, brands, websiteId, input.slug || before?.slug || '', input.name, id ?? undefined);
      if (!slug) throw slugTaken('brand');
      const values = { name: input.name, slug, logo: input.logo };
      const [row] = before
        ? await tx
            .update(brands)
            .set({ ...values, version: before.version + 1 })
            .where(eq(brands.id, before.id))
            .returning()
        : await tx
            .insert(brands)
            .values({ websiteId, ...values })
            .returning();
      if (before && before.name !== input.name) {
        const ids = (await tx.select({ id: products.id }).from(products).where(eq(products.brandId, before.id))).map((p) => p.id);
        if (ids.length) await refreshProductIndex(tx, websiteId, ids);
      }
      const out = brandOut(row!);
      await recordAudit(tx, actor, {
        entity: 'brand',
        entityId: row!.id,
        action: before ? 'update' : 'create',
        before: before ? brandOut(before) : null,
        after: out,
      });
      return out;
    }),
    'brand',
  );
}

/** Only a brand no product uses (409 otherwise). */
export function deleteBrand(db: Db, actor: AuditActor, id: number): Promise<void> {
  const websiteId = actor.websiteId;
  return finish(
    websiteId,
    db.transaction(async (tx) => {
      const [b] = await tx
        .select({ b: brands, n: brandProducts })
        .from(brands)
        .where(and(eq(brands.websiteId, websiteId), eq(brands.id, id)))
        .for('update', { of: brands });
      if (!b) throw Errors.notFound('Brand not found');
      if (b.n > 0)
        throw Errors.conflict(
          'BRAND_IN_USE',
          `${b.n} ${b.n === 1 ? 'product uses' : 'products use'} ${b.b.name}: move them to another brand (or none) before deleting it.`,
        );
      await tx.delete(brands).where(eq(brands.id, id));
      await recordAudit(tx, actor, { entity: 'brand', entityId: id, action: 'delete', before: brandOut(b.b) });
    }),
    'brand',
  );
}
