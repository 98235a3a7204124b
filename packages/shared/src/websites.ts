import { z } from 'zod';
import { INDIAN_STATES } from './account';
import { idSchema } from './ids';

/**
 * Many shops on one installation (`/auth/bos/choose`, `/auth/bos/create`, `/s/api/bos/*`): the
 * websites a person may manage, creating one, its domains and pausing it.
 */

/**
 * The one form of a host that websites are keyed by: a domain an admin adds is stored in it, and
 * the host a request names (X-Origin, Origin, Host) is looked up in it, so no variant of a
 * website's domain can belong to another website (issue 38). Lower case; an internationalised
 * name as punycode ('bücher.test' → 'xn--bcher-kva.test', what browsers send); without the
 * trailing dot of a fully qualified name; without a port. Every port goes, not only 80 and 443:
 * cookies belong to a host whatever its port (RFC 6265 §8.5), so a website on another port of a
 * shop's host would share its shoppers' session and CSRF cookies; and one server answers on one
 * port (browsers leave the default ones out of Host). The IDN step is the WHATWG URL parser's
 * (UTS #46, the same as node:url's domainToASCII), so browsers (the staff app's form) and the
 * server agree. null: not a host at all (a scheme, a path, credentials, a bad port).
 */
export function normaliseHost(input: string): string | null {
  const raw = input.trim();
  if (!raw || /[\s/\\?#@]/.test(raw)) return null;
  let hostname: string;
  try {
    hostname = new URL(`http://${raw}`).hostname;
  } catch {
    return null;
  }
  return hostname.replace(/\.+$/, '') || null;
}

/** Dot-separated labels of letters, digits and inner hyphens (punycode included). */
const HOST_PATTERN = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * A domain an admin enters, as it is stored and matched: `normaliseHost`'s form
 * ('Shop.Example.com:443' → 'shop.example.com'). Checks, not a transform, so the object's own
 * refinements still report their fields beside a bad domain.
 */
export const hostSchema = z
  .string()
  .trim()
  .min(1, 'Enter a domain')
  .overwrite((s) => normaliseHost(s) ?? s)
  .max(253, 'At most 253 characters')
  .regex(HOST_PATTERN, 'Enter a domain such as shop.example.com');

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
