import { z } from 'zod';

/**
 * Saved views on the staff lists (issue 40.17, `/s/api/admin/{list}/views`): a list's URL state
 * (filters, sort, search) under a name, kept on the server so it follows the person to any
 * device; their own, or shared with every staff member of the website who can open the list.
 */
export const VIEW_LISTS = ['orders', 'products', 'customers'] as const;
export type ViewList = (typeof VIEW_LISTS)[number];

/** Search parameters a view never keeps: the page (a view opens on the first). */
const TRANSIENT = new Set(['page']);

/** The search parameters worth saving, as name → value, empty values and the page left out, sorted by name. */
export function viewParamsOf(search: URLSearchParams | string): Record<string, string> {
  const p = typeof search === 'string' ? new URLSearchParams(search) : search;
  const out: Record<string, string> = {};
  for (const [k, v] of [...p.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) if (v !== '' && !TRANSIENT.has(k)) out[k] = v;
  return out;
}

/** Whether the list's current search is the view's (so its tab shows as the open one). */
export const sameView = (a: Record<string, string>, b: Record<string, string>): boolean => {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
};

const paramsSchema = z
  .record(z.string().regex(/^[a-z_][a-z0-9_]{0,39}$/i, 'Not a list parameter'), z.string().max(500))
  .refine((r) => Object.keys(r).length <= 30, 'At most 30 parameters');

export const viewNameSchema = z.string().trim().min(1, 'Give the view a name').max(40, 'At most 40 characters');

/** POST /s/api/admin/{list}/views */
export const viewInputSchema = z.object({ name: viewNameSchema, params: paramsSchema, shared: z.boolean().default(false) }).strict();
export type ViewInput = z.infer<typeof viewInputSchema>;

/** PATCH /s/api/admin/{list}/views/:id: rename, replace the filters, share or stop sharing. */
export const viewPatchSchema = z
  .object({ name: viewNameSchema.optional(), params: paramsSchema.optional(), shared: z.boolean().optional() })
  .strict();
export type ViewPatch = z.infer<typeof viewPatchSchema>;

export const savedViewSchema = z.object({
  id: z.number().int(),
  list: z.enum(VIEW_LISTS),
  name: z.string(),
  params: z.record(z.string(), z.string()),
  shared: z.boolean(),
  /** saved by the person asking (only they may rename, change or delete it) */
  mine: z.boolean(),
  owner: z.string(),
  updated_at: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;
export const savedViewListSchema = z.object({ data: z.array(savedViewSchema) });
export type SavedViewList = z.infer<typeof savedViewListSchema>;
