import { z } from 'zod';
import { INDIAN_STATES } from './account';
import { idSchema } from './ids';

/**
 * Many shops on one installation (`/auth/bos/choose`, `/auth/bos/create`, `/s/api/bos/*`): the
 * websites a person may manage, creating one, its domains and pausing it.
 */

/** A host name as the server matches it: lower case, no scheme or path, a port only when non-standard. */
export const hostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Enter a domain')
  .max(253, 'At most 253 characters')
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/,
    'Enter a domain such as shop.example.com',
  );

/** GSTIN: 2-digit state code, PAN, entity number, Z, check character. Empty for an unregistered shop. */
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export const websiteDomainSchema = z.object({ id: z.number().int(), host: z.string(), is_primary: z.boolean() });
export type WebsiteDomain = z.infer<typeof websiteDomainSchema>;

/** One website on the choose screen. */
export const manageableWebsiteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  /** the primary domain ('' when it has none) */
  domain: z.string(),
  domains: z.array(websiteDomainSchema),
  orders_today: z.number().int(),
  paused: z.boolean(),
  /** the staff session works on it now */
  current: z.boolean(),
});
export type ManageableWebsite = z.infer<typeof manageableWebsiteSchema>;

export const manageableListSchema = z.object({
  data: z.array(manageableWebsiteSchema),
  /** whether the person may create websites (superadmin) */
  can_create: z.boolean(),
});
export type ManageableList = z.infer<typeof manageableListSchema>;

/** POST /s/api/bos/choose */
export const chooseWebsiteInputSchema = z.object({ website_id: idSchema });
export const chooseWebsiteResultSchema = z.object({ website: z.object({ id: z.number().int(), name: z.string() }) });

/** POST /s/api/bos/websites (superadmin): a new website, blank or a copy of another's storefront. */
export const createWebsiteInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter a name').max(80, 'At most 80 characters'),
    domain: hostSchema,
    state: z.enum(INDIAN_STATES, { error: 'Choose a state' }),
    gstin: z
      .string()
      .trim()
      .toUpperCase()
      .refine((s) => s === '' || GSTIN_PATTERN.test(s), 'Enter a 15-character GSTIN such as 29ABCDE1234F1Z5')
      .default(''),
    start: z.enum(['blank', 'copy']),
    /** with start 'copy': the website whose storefront is copied */
    copy_from: idSchema.nullable().default(null),
    /** with start 'copy': also copy its catalogue (categories, brands, products, packs, images) */
    copy_catalogue: z.boolean().default(false),
  })
  .refine((v) => v.start === 'blank' || v.copy_from !== null, { path: ['copy_from'], message: 'Choose the website to copy' });
export type CreateWebsiteInput = z.input<typeof createWebsiteInputSchema>;

export const createWebsiteResultSchema = z.object({ id: z.number().int(), name: z.string(), domain: z.string() });
export type CreateWebsiteResult = z.infer<typeof createWebsiteResultSchema>;

/** POST /s/api/bos/websites/:id/domains */
export const addDomainInputSchema = z.object({ host: hostSchema, primary: z.boolean().default(false) });
export const domainListSchema = z.object({ data: z.array(websiteDomainSchema) });

/** PATCH /s/api/bos/websites/:id: pause (its storefront shows a closed page) or reopen. */
export const updateWebsiteInputSchema = z.object({ paused: z.boolean() });
export const websiteStateSchema = z.object({ id: z.number().int(), name: z.string(), paused: z.boolean() });
