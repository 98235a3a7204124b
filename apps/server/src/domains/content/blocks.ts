import {
  BLOCKS,
  isBlockType,
  type BlockData,
  type BlockOf,
  type BlockResponse,
  type BlockSettings,
  type BlockType,
  type PageComponent,
} from '@grocer/shared/blocks';
import type { Db } from '../../db/client';
import { listProducts, loadTaxonomy, productsBySlugs, type CatalogueContext } from '../catalogue';
import { sanitizeBlockHtml } from './sanitize';

/** What a block loads for its `response` (a carousel's products), from its checked data. */
type Resolver<T extends BlockType> = (
  db: Db,
  ctx: CatalogueContext,
  data: BlockData<T>,
  settings: BlockSettings<T>,
) => Promise<BlockResponse<T>>;

const nothing = async () => null;

/** One resolver per block of the shared table (a missing one fails the typecheck). */
export const RESOLVERS: { [T in BlockType]: Resolver<T> } = {
  'hero-slider': nothing,
  'product-carousel': async (db, ctx, d) => {
    if (d.products?.length) return productsBySlugs(db, ctx, d.products);
    const list = await listProducts(db, ctx, {
      page: 1,
      perPage: d.limit,
      c: d.category ? [d.category] : [],
      b: d.brand ? [d.brand] : [],
      s: d.sort,
      q: undefined,
    });
    return list.data;
  },
  'category-carousel': async (db, ctx, d) => {
    const { tree, bySlug } = await loadTaxonomy(db, ctx.websiteId, ctx.language);
    const parent = d.parent ? bySlug.get(d.parent) : undefined;
    return (parent ? parent.children : tree).map(({ id, name, slug, avatar }) => ({ id, name, slug, avatar }));
  },
  'brand-carousel': async (db, ctx, d) => (await loadTaxonomy(db, ctx.websiteId, ctx.language)).brands.slice(0, d.limit),
  'supplier-carousel': nothing,
  'supplier-tiles': nothing,
  'rich-text': nothing,
  html: nothing,
  'banner-grid': nothing,
  spacer: nothing,
};

/** Settings are stored as JSON text by older editors (spec §3 hero settings) or as an object. */
function readStored(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? {};
  try {
    return JSON.parse(value);
  } catch {
    return {};
  }
}

export interface StoredComponent {
  name: string;
  type: string;
  data: unknown;
  settings: unknown;
  logicdata: unknown;
  position: number;
}

export type BlockProblem = { name: string; type: string; reason: string };

/**
 * A stored component as the page answers it: its data and settings checked against its block's
 * schema (defaults filled in) and its response resolved. A component of no known type, or whose
 * data does not fit, is left out of the page and reported instead.
 */
export async function resolveBlock(db: Db, ctx: CatalogueContext, c: StoredComponent): Promise<PageComponent | BlockProblem> {
  if (!isBlockType(c.type)) return { name: c.name, type: c.type, reason: 'unknown block type' };
  return resolveTyped(db, ctx, c.type, c);
}

async function resolveTyped<T extends BlockType>(
  db: Db,
  ctx: CatalogueContext,
  type: T,
  c: StoredComponent,
): Promise<BlockOf<T> | BlockProblem> {
  const block = BLOCKS[type];
  const data = block.data.safeParse(readStored(c.data));
  const settings = block.settings.safeParse(readStored(c.settings));
  if (!data.success || !settings.success)
    return {
      name: c.name,
      type,
      reason: (data.error ?? settings.error)!.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    };
  const resolve = RESOLVERS[type] as Resolver<T>;
  const response = await resolve(db, ctx, data.data as BlockData<T>, settings.data as BlockSettings<T>);
  // HTML leaves the server sanitised: the storefront renders it as it comes
  const checked =
    type === 'rich-text' || type === 'html'
      ? { ...data.data, html: sanitizeBlockHtml((data.data as BlockData<'rich-text'>).html) }
      : data.data;
  // The pieces were each checked against the block's own schemas; TypeScript cannot tie the
  // union member to T across the table lookups.
  return {
    name: c.name,
    type,
    data: checked,
    settings: settings.data,
    logicdata: c.logicdata ?? null,
    order: c.position,
    response,
  } as unknown as BlockOf<T>;
}

export const isProblem = (r: PageComponent | BlockProblem): r is BlockProblem => 'reason' in r;
