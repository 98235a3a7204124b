import { z } from 'zod';
import { BLOCKS, isBlockType } from './blocks';
import { versionSchema } from './ids';

/**
 * Website Settings → Pages (`/s/api/builder/pages*`): the page list, a page's draft, publishing
 * and its revisions. A page's content is its components in the spec §3 shape (name, type, data,
 * settings); shoppers see what was last published, the editor works on the draft.
 */

/** Paths the storefront's own routes answer: no content page can take them. */
export const RESERVED_PAGE_PATHS =
  /^\/(products|categories|checkout|order|auth|account|s|media|assets|staff|fonts|bos|pos|page-builder|brgest)(\/|$)/;

/** '/diwali-offers', '/about-us/team': lower-case words joined by '-', in '/'-separated segments; '/' is home. */
export const pageUrlSchema = z
  .string()
  .trim()
  .max(200, 'At most 200 characters')
  .transform((u) => (u.startsWith('/') ? u : `/${u}`).replace(/\/+$/, '') || '/')
  .refine((u) => u === '/' || /^(\/[a-z0-9]+(?:-[a-z0-9]+)*)+$/.test(u), {
    message: "Use lower-case letters, digits and '-', in '/'-separated parts, like /diwali-offers",
  })
  .refine((u) => !RESERVED_PAGE_PATHS.test(u), { message: 'This address belongs to the shop itself: choose another' });

export const pageStatusSchema = z.enum(['draft', 'published']);
export type PageStatus = z.infer<typeof pageStatusSchema>;

const title = z.string().trim().min(1, 'Give the page a title').max(120, 'At most 120 characters');

export const builderPageSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  title: z.string(),
  status: pageStatusSchema,
  /** the draft differs from what shoppers see */
  has_draft: z.boolean(),
  show_navbar: z.boolean(),
  show_sub_navbar: z.boolean(),
  show_footer: z.boolean(),
  /** the page's own search-engine fields (spec §3); empty: the site's SEO settings apply */
  seo_title: z.string(),
  seo_description: z.string(),
  seo_keyword: z.string(),
  /** JSON-LD put in the page's head as application/ld+json; null: none */
  schema_script: z.string().nullable(),
  /** optimistic concurrency: sent back with every write; a stale one is 409 STALE_PAGE */
  version: z.number().int(),
  /** the newest revision's number (0: never published from the builder) */
  revision: z.number().int(),
  updated_at: z.string(),
});
export type BuilderPage = z.infer<typeof builderPageSchema>;
export const builderPageListSchema = z.object({ data: z.array(builderPageSchema) });

/** One component as the editor saves it (spec §3 without the resolved response). */
export const builderComponentSchema = z.object({
  name: z.string().trim().max(120).default(''),
  type: z.string().refine(isBlockType, { message: 'Unknown block type' }),
  data: z.unknown(),
  settings: z.unknown().optional(),
});
export type BuilderComponent = z.infer<typeof builderComponentSchema>;

/** Page CSS (spec §3 `css`): scoped to the page's content when served. */
const css = z.string().max(50_000, 'At most 50,000 characters');

export const builderDocumentSchema = z.object({ components: z.array(builderComponentSchema).max(100), css });
export type BuilderDocument = z.infer<typeof builderDocumentSchema>;

/** GET /s/api/builder/pages/{id}: the page, its draft (or the published content when there is none) and the published content. */
export const builderPageDetailSchema = z.object({
  page: builderPageSchema,
  draft: builderDocumentSchema,
  published: builderDocumentSchema,
});
export type BuilderPageDetail = z.infer<typeof builderPageDetailSchema>;

export const builderPageCreateSchema = z.object({
  url: pageUrlSchema,
  title,
  show_navbar: z.boolean().default(true),
  show_sub_navbar: z.boolean().default(true),
  show_footer: z.boolean().default(true),
});
export type BuilderPageCreate = z.input<typeof builderPageCreateSchema>;

export const builderPageDuplicateSchema = z.object({ url: pageUrlSchema, title });

/**
 * A page's structured data (spec §3 `schema_script`): JSON-LD, i.e. a JSON object (or a list of
 * them) each naming its `@context` and `@type`; empty means none (null).
 */
export const schemaScriptSchema = z
  .string()
  .trim()
  .max(20_000, 'At most 20,000 characters')
  .transform((s) => s || null)
  .superRefine((s, ctx) => {
    if (s === null) return;
    let doc: unknown;
    try {
      doc = JSON.parse(s);
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: 'Structured data must be valid JSON (JSON-LD), like {"@context": "https://schema.org", "@type": "WebPage"}',
      });
      return;
    }
    const items = Array.isArray(doc) ? doc : [doc];
    const ok =
      items.length > 0 &&
      items.every(
        (i) =>
          typeof i === 'object' &&
          i !== null &&
          !Array.isArray(i) &&
          '@context' in i &&
          typeof (i as Record<string, unknown>)['@type'] === 'string',
      );
    if (!ok) ctx.addIssue({ code: 'custom', message: 'Structured data must be JSON-LD: an object with "@context" and "@type"' });
  });

/** PATCH: the page's own properties, effective at once (a URL change leaves a redirect from the old one). */
export const builderPageUpdateSchema = z.object({
  version: versionSchema,
  url: pageUrlSchema.optional(),
  title: title.optional(),
  show_navbar: z.boolean().optional(),
  show_sub_navbar: z.boolean().optional(),
  show_footer: z.boolean().optional(),
  seo_title: z.string().trim().max(120, 'At most 120 characters').optional(),
  seo_description: z.string().trim().max(320, 'At most 320 characters').optional(),
  seo_keyword: z.string().trim().max(255, 'At most 255 characters').optional(),
  schema_script: schemaScriptSchema.optional(),
});
export type BuilderPageUpdate = z.input<typeof builderPageUpdateSchema>;
export type BuilderPageUpdateInput = z.output<typeof builderPageUpdateSchema>;

export const builderDraftSchema = builderDocumentSchema.extend({ version: versionSchema });
export type BuilderDraft = z.input<typeof builderDraftSchema>;
export const builderVersionSchema = z.object({ version: versionSchema });

export const builderRevisionSchema = z.object({
  number: z.number().int(),
  /** 'publish', or 'rollback' (the content of `from`) */
  action: z.enum(['publish', 'rollback', 'initial']),
  from: z.number().int().nullable(),
  blocks: z.number().int(),
  by: z.string().nullable(),
  created_at: z.string(),
});
export type BuilderRevision = z.infer<typeof builderRevisionSchema>;
export const builderRevisionListSchema = z.object({ data: z.array(builderRevisionSchema) });

/**
 * Each component's data and settings against its block's own schema: per-field messages keyed
 * `components.{i}.data.{path}` (what the editor shows at the field), or the checked values.
 */
export function checkComponents(components: BuilderComponent[]) {
  const errors: Record<string, string[]> = {};
  const checked = components.map((c, i) => {
    const block = BLOCKS[c.type as keyof typeof BLOCKS];
    const data = block.data.safeParse(c.data ?? {});
    const settings = block.settings.safeParse(c.settings ?? {});
    for (const [part, r] of [
      ['data', data],
      ['settings', settings],
    ] as const)
      if (!r.success)
        for (const issue of r.error.issues) (errors[[`components.${i}.${part}`, ...issue.path].join('.')] ??= []).push(issue.message);
    return { name: c.name || block.label, type: c.type, data: data.data ?? {}, settings: settings.data ?? {} };
  });
  return { errors, checked };
}

/** POST /s/api/builder/blocks/resolve: one component as the storefront would get it (the editor's preview of a carousel's products). */
export const builderResolveSchema = builderComponentSchema;
