import type { AdminProductInput } from '@grocer/shared/admin-catalogue';
import { toRupees } from '@grocer/shared/money';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { productImages } from './product-images';
import { brands, categories, packs, productCategories, products, productSlugHistory } from './tables';

/**
 * What the product writes share (the editor's save in admin-service.ts and the other writes in
 * product-edit.ts): the audit snapshot, the reference checks, further categories and old slugs.
 * Apart from both so neither imports the other (they made a circle, issue 41).
 */

export type Refuse = (field: string, message: string) => void;

/** What the audit log keeps of a product (before and after a change). */
export type ProductSnapshot = Awaited<ReturnType<typeof auditProduct>>;

export async function auditProduct(db: DbOrTx, websiteId: number, id: number) {
  const [p] = await db
    .select({
      name: products.name,
      slug: products.slug,
      status: products.status,
      brand_id: products.brandId,
      category_id: products.categoryId,
      description: products.description,
      seo_title: products.seoTitle,
      seo_description: products.seoDescription,
      hsn_code: products.hsnCode,
      gst_rate: products.gstRate,
      fssai_licence: products.fssaiLicence,
      ingredients: products.ingredients,
      nutrition: products.nutrition,
      food_type: products.foodType,
    })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), eq(products.id, id)));
  if (!p) return null;
  const packRows = await db
    .select({
      id: packs.id,
      name: packs.name,
      sku: packs.sku,
      barcode: packs.barcode,
      price: packs.price,
      act_price: packs.actPrice,
      sold_by_weight: packs.soldByWeight,
      plu: packs.plu,
      step_grams: packs.stepGrams,
    })
    .from(packs)
    .where(and(eq(packs.websiteId, websiteId), eq(packs.productId, id)))
    .orderBy(asc(packs.position), asc(packs.id));
  const further = await db
    .select({ id: productCategories.categoryId })
    .from(productCategories)
    .where(eq(productCategories.productId, id))
    .orderBy(asc(productCategories.categoryId));
  return {
    ...p,
    gst_rate: p.gst_rate / 100,
    category_ids: further.map((c) => c.id),
    packs: packRows.map((k) => ({ ...k, price: toRupees(k.price), act_price: toRupees(k.act_price) })),
    // so a save that adds, removes or reorders an image is recorded ("Added image")
    images: await productImages(db, websiteId, id),
  };
}

/** Brand, categories and SKUs of an input checked against the website (another product's SKU is refused). */
export async function checkProductRefs(
  tx: Tx,
  websiteId: number,
  input: Pick<AdminProductInput, 'brand_id' | 'category_id' | 'category_ids' | 'packs'>,
  exceptProductId: number | null,
  refuse: Refuse,
): Promise<void> {
  if (input.brand_id !== null) {
    const [b] = await tx
      .select({ id: brands.id })
      .from(brands)
      .where(and(eq(brands.websiteId, websiteId), eq(brands.id, input.brand_id)));
    if (!b) refuse('brand_id', 'Brand not found');
  }
  const wanted = [...new Set([...(input.category_id === null ? [] : [input.category_id]), ...input.category_ids])];
  if (wanted.length) {
    const found = new Set(
      (
        await tx
          .select({ id: categories.id })
          .from(categories)
          .where(and(eq(categories.websiteId, websiteId), inArray(categories.id, wanted)))
      ).map((c) => c.id),
    );
    if (input.category_id !== null && !found.has(input.category_id)) refuse('category_id', 'Category not found');
    if (input.category_ids.some((c) => !found.has(c))) refuse('category_ids', 'Category not found');
  }
  const skuOwners = await tx
    .select({ sku: packs.sku, product: products.name })
    .from(packs)
    .innerJoin(products, eq(products.id, packs.productId))
    .where(
      and(
        eq(packs.websiteId, websiteId),
        exceptProductId === null ? undefined : ne(packs.productId, exceptProductId),
        inArray(
          packs.sku,
          input.packs.map((k) => k.sku),
        ),
      ),
    );
  input.packs.forEach((k, i) => {
    const owner = skuOwners.find((o) => o.sku === k.sku);
    if (owner) refuse(`packs.${i}.sku`, `SKU is already used by ${owner.product}`);
  });
  const plus = input.packs.flatMap((k) => (k.plu ? [k.plu] : []));
  if (!plus.length) return;
  const pluOwners = await tx
    .select({ plu: packs.plu, product: products.name })
    .from(packs)
    .innerJoin(products, eq(products.id, packs.productId))
    .where(
      and(
        eq(packs.websiteId, websiteId),
        exceptProductId === null ? undefined : ne(packs.productId, exceptProductId),
        inArray(packs.plu, plus),
      ),
    );
  input.packs.forEach((k, i) => {
    const owner = k.plu && pluOwners.find((o) => o.plu === k.plu);
    if (owner) refuse(`packs.${i}.plu`, `PLU is already used by ${owner.product}`);
  });
}

/** Replaces the product's further categories (the primary one is not repeated there). */
export async function saveProductCategories(
  tx: Tx,
  websiteId: number,
  productId: number,
  input: Pick<AdminProductInput, 'category_id' | 'category_ids'>,
): Promise<void> {
  await tx.delete(productCategories).where(and(eq(productCategories.websiteId, websiteId), eq(productCategories.productId, productId)));
  const further = [...new Set(input.category_ids)].filter((c) => c !== input.category_id);
  if (further.length) await tx.insert(productCategories).values(further.map((categoryId) => ({ websiteId, productId, categoryId })));
}

/**
 * The product's slug changes from `from` to `to`: the old one is remembered (so old links
 * redirect), and `to` stops being anyone's old slug (the current owner of a slug wins).
 */
export async function slugMoved(tx: Tx, websiteId: number, productId: number, from: string | null, to: string): Promise<void> {
  await tx.delete(productSlugHistory).where(and(eq(productSlugHistory.websiteId, websiteId), eq(productSlugHistory.slug, to)));
  if (from !== null && from !== to) await tx.insert(productSlugHistory).values({ websiteId, productId, slug: from });
}

/** The current slug of the active product that once had `slug`, or null. */
export async function currentSlugOf(db: DbOrTx, websiteId: number, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: products.slug })
    .from(productSlugHistory)
    .innerJoin(products, eq(products.id, productSlugHistory.productId))
    .where(and(eq(productSlugHistory.websiteId, websiteId), eq(productSlugHistory.slug, slug), eq(products.status, 'active')));
  return row?.slug ?? null;
}
