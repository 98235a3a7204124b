import { z } from 'zod';
import { brandSchema, productSchema } from './catalogue';
import { SORTS } from './list-params';

/**
 * The page blocks (spec §2 widgets, §3 page components): the one table of what a page can be
 * built from. Each block type has a label, the schema of its `data` and `settings` (what a page
 * builder edits, as fields: `z.toJSONSchema(BLOCKS[t].data)`), and the schema of the `response`
 * the server resolves for it (a carousel's products), so a page needs one call.
 *
 * The server's resolvers (apps/server/src/domains/content/blocks.ts) and the storefront's
 * renderers (apps/web/src/features/content/components/blocks.tsx) are tables typed from this one:
 * a block added here fails the typecheck until both have it.
 */

/**
 * The texts of a block that shoppers read (issue 46 §2): each is marked here, in its schema, with
 * what the Translations editor calls it, and that mark is the one list of what a page block can
 * translate (`BLOCK_TEXT_FIELDS`, `blockTexts`, `withBlockTexts` below).
 */
export const shopperTexts = z.registry<{ label: string }>();
/** a string shoppers read, translatable, called `label` in the Translations editor ("hero headings") */
const shown = (schema: z.ZodString, label: string): z.ZodString => schema.register(shopperTexts, { label });

const title = shown(z.string().max(120), 'block titles').default('');
/** a banner link (spec §5): '/…' in the tab, http(s) or www in a new one, else ignored */
const link = z.string().max(500).default('');
/** blocks with nothing to set */
const noSettings = z.object({}).default({});

/**
 * A hero slide: its image (and the phone's), its link, and optionally words laid over the image
 * (issue 46 §2: translatable): a heading, a line of text and a button label; `alt` describes the
 * image to a screen reader (empty: the image is decoration).
 */
export const heroSlideSchema = z.object({
  image: z.string().min(1, 'Choose an image'),
  image_sm: z.string().default(''),
  link,
  // optional (not defaulted): a slide without words answers as it always did
  heading: shown(z.string().max(120), 'hero headings').optional(),
  text: shown(z.string().max(200), 'hero texts').optional(),
  button: shown(z.string().max(40), 'hero buttons').optional(),
  alt: shown(z.string().max(200), 'hero image descriptions').optional(),
});
export type HeroSlide = z.infer<typeof heroSlideSchema>;
export const heroSliderDataSchema = z.object({ slides: z.array(heroSlideSchema).default([]) });
/** Spec §3 hero settings (stored as JSON text or an object): aspect classes per screen, bgcolor, fullpage. */
export const heroSettingsSchema = z.object({
  aspect: z.object({ sm: z.string().optional(), md: z.string().optional(), lg: z.string().optional() }).default({}),
  bgcolor: z.string().optional(),
  fullpage: z.boolean().default(false),
});
export type HeroSettings = z.infer<typeof heroSettingsSchema>;

/** Chosen products by slug, else a list (category, brand, sort) of `limit` products. */
export const productCarouselDataSchema = z.object({
  title,
  category: z.string().optional(),
  brand: z.string().optional(),
  products: z.array(z.string()).optional(),
  sort: z.enum(SORTS).optional(),
  limit: z.number().int().min(1).max(48).default(12),
});
/** The top categories, or the children of `parent` (a slug). */
export const categoryCarouselDataSchema = z.object({ title, parent: z.string().optional() });
export const brandCarouselDataSchema = z.object({ title, limit: z.number().int().min(1).max(100).default(20) });

/** Spec §2 supplier tile: image, optional title, optional border; links to its link. */
export const supplierItemSchema = z.object({
  image: z.string().min(1, 'Choose an image'),
  title: shown(z.string(), 'supplier names').optional(),
  link,
  border: z.boolean().default(false),
});
export type SupplierItem = z.infer<typeof supplierItemSchema>;
export const supplierBlockDataSchema = z.object({ title, items: z.array(supplierItemSchema).default([]) });

/** HTML, sanitised when rendered. */
export const htmlBlockDataSchema = z.object({ html: shown(z.string(), 'rich texts').default('') });

/** Spec-less additions of the page builder: a grid of linked banners (1–4 a row from 768 px, one a row on a phone unless 2). */
export const bannerSchema = z.object({
  image: z.string().min(1, 'Choose an image'),
  image_sm: z.string().default(''),
  link,
  alt: shown(z.string().max(200), 'banner descriptions').default(''),
});
export type Banner = z.infer<typeof bannerSchema>;
export const bannerGridDataSchema = z.object({
  title,
  columns: z.number().int().min(1).max(4).default(2),
  /** columns on a phone (below 768 px) */
  columns_sm: z.number().int().min(1).max(2).default(1),
  items: z.array(bannerSchema).default([]),
});
/** Empty space between blocks, in px (smaller on a phone when `height_sm` is set). */
export const spacerDataSchema = z.object({
  height: z.number().int().min(0).max(400).default(32),
  height_sm: z.number().int().min(0).max(400).optional(),
});

/** A category as a carousel shows it (no subtree). */
export const categoryCardSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string(), avatar: z.string() });

export const BLOCKS = {
  'hero-slider': { label: 'Hero slider', data: heroSliderDataSchema, settings: heroSettingsSchema, response: z.null() },
  'product-carousel': {
    label: 'Product carousel',
    data: productCarouselDataSchema,
    settings: noSettings,
    response: z.array(productSchema),
  },
  'category-carousel': {
    label: 'Category carousel',
    data: categoryCarouselDataSchema,
    settings: noSettings,
    response: z.array(categoryCardSchema),
  },
  'brand-carousel': { label: 'Brand carousel', data: brandCarouselDataSchema, settings: noSettings, response: z.array(brandSchema) },
  'supplier-carousel': { label: 'Supplier carousel', data: supplierBlockDataSchema, settings: noSettings, response: z.null() },
  'supplier-tiles': { label: 'Supplier tiles', data: supplierBlockDataSchema, settings: noSettings, response: z.null() },
  'rich-text': { label: 'Rich text', data: htmlBlockDataSchema, settings: noSettings, response: z.null() },
  html: { label: 'HTML', data: htmlBlockDataSchema, settings: noSettings, response: z.null() },
  'banner-grid': { label: 'Banner grid', data: bannerGridDataSchema, settings: noSettings, response: z.null() },
  spacer: { label: 'Spacer', data: spacerDataSchema, settings: noSettings, response: z.null() },
} as const;

export type BlockType = keyof typeof BLOCKS;
export const BLOCK_TYPES = Object.keys(BLOCKS) as BlockType[];
export const isBlockType = (type: string): type is BlockType => Object.hasOwn(BLOCKS, type);

// ---- A block's texts shoppers read (issue 46 §2), derived from the schemas' `shown` marks

/** A translatable text of a block type: its place in `data` (`*` for each item of a list) and its editor label. */
export interface BlockTextField {
  /** 'title', 'html', 'slides.*.heading', 'items.*.alt' */
  pattern: string;
  label: string;
}

type Def = { type: string; innerType?: z.ZodType; shape?: Record<string, z.ZodType>; element?: z.ZodType };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The marked strings under `schema`, their places joined with dots. */
function markedTexts(schema: z.ZodType, path: string[]): BlockTextField[] {
  let s = schema;
  let label = shopperTexts.get(s)?.label;
  // through default / optional / nullable wrappers (the mark may sit on any of them)
  while (defOf(s).innerType) {
    s = defOf(s).innerType!;
    label ??= shopperTexts.get(s)?.label;
  }
  const def = defOf(s);
  if (def.type === 'string') return label ? [{ pattern: path.join('.'), label }] : [];
  if (def.type === 'object') return Object.entries(def.shape ?? {}).flatMap(([k, v]) => markedTexts(v, [...path, k]));
  if (def.type === 'array' && def.element) return markedTexts(def.element, [...path, '*']);
  return [];
}

/** Each block type's translatable texts (its data's marked strings). */
export const BLOCK_TEXTS: Record<BlockType, readonly BlockTextField[]> = Object.fromEntries(
  BLOCK_TYPES.map((t) => [t, markedTexts(BLOCKS[t].data, [])]),
) as unknown as Record<BlockType, readonly BlockTextField[]>;

/** Every pattern a page block can translate, once each, with its label (the editor's progress rows). */
export const BLOCK_TEXT_FIELDS: readonly BlockTextField[] = [
  ...new Map(Object.values(BLOCK_TEXTS).flatMap((fields) => fields.map((f) => [f.pattern, f] as const))).values(),
];

/** A concrete field ('slides.0.heading') as its pattern ('slides.*.heading'). */
export const blockTextPattern = (field: string) => field.replace(/\.\d+(?=\.|$)/g, '.*');

/**
 * A block's texts with something in them, each at its concrete place ('slides.1.heading': the
 * second slide's): the block's own first, then a list's item by item.
 */
export function blockTexts(type: string, data: unknown): Array<{ field: string; source: string }> {
  if (!isBlockType(type)) return [];
  const out: Array<{ field: string; source: string }> = [];
  const walk = (value: unknown, parts: string[], at: string[]) => {
    if (!parts.length) {
      if (typeof value === 'string' && value.trim() !== '') out.push({ field: at.join('.'), source: value });
      return;
    }
    const [part, ...rest] = parts as [string, ...string[]];
    if (part === '*') {
      if (Array.isArray(value)) value.forEach((v, i) => walk(v, rest, [...at, String(i)]));
    } else if (value && typeof value === 'object' && !Array.isArray(value))
      walk((value as Record<string, unknown>)[part], rest, [...at, part]);
  };
  for (const f of BLOCK_TEXTS[type]) walk(data, f.pattern.split('.'), []);
  // a list's texts item by item (slide 1's heading and text, then slide 2's), after the block's own
  const item = (field: string) => Number(/\.(\d+)\./.exec(field)?.[1] ?? -1);
  return out.sort((a, b) => item(a.field) - item(b.field));
}

/**
 * A block's data with the texts of `texts` (concrete field → text) put in their places; a place
 * that is not a text of this block (a slide since removed) is left alone. A copy: `data` unchanged.
 */
export function withBlockTexts<D>(type: string, data: D, texts: ReadonlyMap<string, string>): D {
  if (!texts.size || !isBlockType(type)) return data;
  const known = new Set(blockTexts(type, data).map((t) => t.field));
  const copy = structuredClone(data) as unknown;
  for (const [field, value] of texts) {
    if (!known.has(field)) continue;
    const parts = field.split('.');
    let at = copy as Record<string, unknown>;
    for (const part of parts.slice(0, -1)) at = at[part] as Record<string, unknown>;
    at[parts.at(-1)!] = value;
  }
  return copy as D;
}

export type BlockData<T extends BlockType> = z.output<(typeof BLOCKS)[T]['data']>;
export type BlockSettings<T extends BlockType> = z.output<(typeof BLOCKS)[T]['settings']>;
export type BlockResponse<T extends BlockType> = z.output<(typeof BLOCKS)[T]['response']>;

const componentSchema = <T extends BlockType, D extends z.ZodType, S extends z.ZodType, R extends z.ZodType>(
  type: T,
  block: { data: D; settings: S; response: R },
) =>
  z.object({
    name: z.string(),
    type: z.literal(type),
    data: block.data,
    settings: block.settings,
    logicdata: z.unknown(),
    response: block.response,
    order: z.number().int().default(0),
  });

/** Spec §3 component of a page, as GET /s/api/page/data answers it: checked per block type. */
export const pageComponentSchema = z.discriminatedUnion('type', [
  componentSchema('hero-slider', BLOCKS['hero-slider']),
  componentSchema('product-carousel', BLOCKS['product-carousel']),
  componentSchema('category-carousel', BLOCKS['category-carousel']),
  componentSchema('brand-carousel', BLOCKS['brand-carousel']),
  componentSchema('supplier-carousel', BLOCKS['supplier-carousel']),
  componentSchema('supplier-tiles', BLOCKS['supplier-tiles']),
  componentSchema('rich-text', BLOCKS['rich-text']),
  componentSchema('html', BLOCKS['html']),
  componentSchema('banner-grid', BLOCKS['banner-grid']),
  componentSchema('spacer', BLOCKS['spacer']),
]);
export type PageComponent = z.infer<typeof pageComponentSchema>;
export type BlockOf<T extends BlockType> = Extract<PageComponent, { type: T }>;

const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .trim();

/**
 * Why a block would show shoppers nothing (issue 40.13: an empty hero slider published as a 500 px
 * grey band), in the owner's words; null when it has content. Publishing refuses a page with one,
 * and the editor says so before it asks the server.
 */
export function emptyBlockReason(type: string, data: unknown): string | null {
  const d = (data ?? {}) as Record<string, unknown>;
  const none = (key: string) => !Array.isArray(d[key]) || (d[key] as unknown[]).length === 0;
  switch (type) {
    case 'hero-slider':
      return none('slides') ? 'has no slides: add at least one image' : null;
    case 'banner-grid':
      return none('items') ? 'has no banners: add at least one image' : null;
    case 'supplier-carousel':
    case 'supplier-tiles':
      return none('items') ? 'has no suppliers: add at least one' : null;
    case 'rich-text':
    case 'html':
      return textOf(String(d.html ?? '')) === '' && !/<(img|iframe|video|svg)\b/i.test(String(d.html ?? ''))
        ? 'is empty: write something'
        : null;
    case 'product-carousel':
      return Array.isArray(d.products) && d.products.length === 0 && !d.category && !d.brand
        ? 'has no products: choose some, or a category or brand'
        : null;
    default:
      return null;
  }
}

/** Every block of a page that would show nothing, as "Block 2 (Hero slider) has no slides…". */
export function emptyBlocks(components: ReadonlyArray<{ type: string; data: unknown }>): string[] {
  return components.flatMap((c, i) => {
    const reason = emptyBlockReason(c.type, c.data);
    const label = isBlockType(c.type) ? BLOCKS[c.type].label : c.type;
    return reason ? [`Block ${i + 1} (${label}) ${reason}.`] : [];
  });
}

// the hero's shapes and their ratios live without zod, for the storefront's first load
export { aspectRatioOf, HERO_ASPECTS } from './hero-aspects';
