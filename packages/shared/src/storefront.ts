import { z } from 'zod';
import { cartSchema } from './cart';
import { pageComponentSchema, supplierItemSchema } from './blocks';
import { brandSchema, categorySchema } from './catalogue';
import { languageSchema } from './languages';

/** Spec §3 navigation item (navs and footers share it). */
export interface NavItem {
  group: number | null;
  name: string;
  icon: string | null;
  show_icon: number;
  link: string | null;
  value: string | null;
  slug: string | null;
  image: string | null;
  children: NavItem[];
}
export const navItemSchema: z.ZodType<NavItem> = z.lazy(() =>
  z.object({
    group: z.number().int().nullable(),
    name: z.string(),
    icon: z.string().nullable(),
    show_icon: z.number().int(),
    link: z.string().nullable(),
    value: z.string().nullable(),
    slug: z.string().nullable(),
    image: z.string().nullable(),
    children: z.array(navItemSchema),
  }),
);

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  superadmin: z.boolean().default(false),
  hasAdminAccess: z.boolean().default(false),
  isSalesAgent: z.boolean().default(false),
  /** the shopper allowed the shop's analytics to know who they are (DPDP consent); absent or false: they stay anonymous */
  analyticsConsent: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

export const webSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  description: z.string(),
  theme: z.string(),
  favicon: z.string(),
  show_supplier_page: z.boolean(),
  show_cart: z.boolean(),
  font_family: z.string(),
  nav_alignment: z.string(),
});

export const logoSettingsSchema = z.object({
  image_size: z.enum(['object-contain', 'object-cover', 'object-fill', 'object-scale-down']).default('object-contain'),
  image_height: z.coerce
    .number()
    .int()
    .min(16, 'Logo height must be 16 to 200 px')
    .max(200, 'Logo height must be 16 to 200 px')
    .default(56),
  image_width: z.coerce.number().int().min(16, 'Logo width must be 16 to 400 px').max(400, 'Logo width must be 16 to 400 px').default(56),
});

const toggle = z.boolean().default(true);

/**
 * Spec §3 navigation settings with its defaults; logo_settings arrives parsed. The storefront
 * reads stored settings through it field by field (parseNavSetting) and staff writes are refused
 * by it, so a value the storefront would not accept never gets saved.
 */
export const navSettingSchema = z.object({
  nav_alignment: z.enum(['start', 'center', 'end'], { error: 'Alignment must be start, center or end' }).default('start'),
  logo_settings: logoSettingsSchema,
  search_setting: z.object({
    width: z.coerce.number().int().min(20, 'Search width must be 20 to 100 %').max(100, 'Search width must be 20 to 100 %').default(100),
  }),
  navbar_height: z.coerce
    .number()
    .int()
    .min(40, 'Navbar height must be 40 to 160 px')
    .max(160, 'Navbar height must be 40 to 160 px')
    .default(56),
  sub_navbar_height: z.coerce
    .number()
    .int()
    .min(28, 'Sub-navbar height must be 28 to 96 px')
    .max(96, 'Sub-navbar height must be 28 to 96 px')
    .default(40),
  navbar_template: z.coerce.number().int().min(1, 'Navbar template must be 1 to 5').max(5, 'Navbar template must be 1 to 5').default(1),
  header_template: z.coerce.number().int().min(1, 'Header template must be 1 to 4').max(4, 'Header template must be 1 to 4').default(1),
  footer_name: z.string().max(80, 'Footer name must be at most 80 characters').default(''),
  show_cart_icon: toggle,
  show_pincode: toggle,
  show_login: toggle,
  show_account: toggle,
  show_logo: toggle,
  show_register: toggle,
  show_search_bar: toggle,
  show_navbar: toggle,
  show_sub_navbar: toggle,
});
export type NavSetting = z.infer<typeof navSettingSchema>;

export const webSeoSchema = z.object({ og_title: z.string(), og_description: z.string(), meta_keywords: z.string(), og_image: z.string() });

export const popupSchema = z.object({
  image: z.string(),
  duration: z.number().default(5),
  link: z.string().nullable().default(null),
  once: z.boolean().default(false),
});
export type Popup = z.infer<typeof popupSchema>;

/** GET /s/api/suppliers: the suppliers of the website's supplier-tiles blocks (spec §2 supplier tile). */
export const supplierListSchema = z.object({
  data: z.array(supplierItemSchema),
});
export type SupplierList = z.infer<typeof supplierListSchema>;

export const webPageSchema = z.object({
  url: z.string(),
  title: z.string(),
  show_footer: z.boolean(),
  show_sub_navbar: z.boolean(),
  show_navbar: z.boolean(),
});

/** GET /s/api/init: everything the shell needs, inlined into the HTML on first load. */
export const initSchema = z.object({
  user: userSchema.nullable(),
  web: webSchema,
  pincode: z.string().nullable(),
  categories: z.array(categorySchema),
  brands: z.array(brandSchema),
  activetheme: z.record(z.string(), z.string()),
  navSetting: navSettingSchema,
  webSeo: webSeoSchema,
  webAddress: z.record(z.string(), z.unknown()),
  popup: popupSchema.nullable(),
  webPages: z.array(webPageSchema),
  navs: z.array(navItemSchema),
  footers: z.array(navItemSchema),
  cart: cartSchema,
  /** the earliest delivery slot with a place left for the shopper's pincode (the promise shown everywhere) */
  earliest_slot: z.object({ date: z.string(), start_time: z.string(), end_time: z.string() }).nullable().optional(),
  /** the language this request speaks (issue 46: `?lang=` > `lang` cookie > account > the website's default) */
  language: languageSchema,
  /** the languages the website offers, its default first */
  languages: z.array(languageSchema).min(1),
});
export type Init = z.infer<typeof initSchema>;

/** GET /s/api/page/data{url} */
export const pageDataSchema = z.object({
  data: z.array(pageComponentSchema),
  css: z.string(),
  show_footer: z.boolean(),
  show_sub_navbar: z.boolean(),
  show_navbar: z.boolean(),
  seo_title: z.string(),
  seo_description: z.string(),
  seo_keyword: z.string(),
  schema_script: z.string().nullable(),
});
export type PageData = z.infer<typeof pageDataSchema>;

/** What calls that only confirm answer (a delete, a logout). */
export const okSchema = z.object({ ok: z.literal(true) });

/** The JSON error shape of every failed call (DESIGN §4). */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
