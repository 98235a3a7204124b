import { z } from 'zod';
import { versionSchema } from './ids';
import { LANGUAGES, languageSchema } from './languages';
import { navSettingSchema, type NavItem } from './storefront';
import { THEME_COLOUR, THEME_NAME } from './theme';
import { ICON_NAME_PATTERN } from './validation';

/**
 * Website Settings (issue 15, spec §3): the staff contracts of /s/api/builder/settings/*. Each
 * group is saved on its own with the settings' `version` (409 when someone saved in between).
 * The rules are the storefront's (navSettingSchema, the theme's colour rule, the §5 icon rule).
 */

/** The site fonts: Inter (bundled by the web app) and the 12 families the server serves from npm. */
export const FONT_FAMILIES = [
  'Inter',
  'DM Sans',
  'Hind',
  'Lato',
  'Montserrat',
  'Mukta',
  'Noto Sans',
  'Nunito',
  'Open Sans',
  'Poppins',
  'Roboto',
  'Rubik',
  'Work Sans',
] as const;

/** Spec §5 banner links, applied to menu and popup links: a path on this shop, or http(s):// / www. */
export const LINK_PATTERN = /^(\/[^\s<>"]*|https?:\/\/[^\s<>"]+|www\.[^\s<>"]+)$/;
export const LINK_MESSAGE = 'A link starts with / (this shop) or http://, https:// or www. (another site)';

const version = versionSchema;
const image = z.string().trim().max(500, 'The image path is too long');
const link = z.string().trim().max(500, 'The link is too long').regex(LINK_PATTERN, LINK_MESSAGE);

export const websiteGroupSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters'),
  logo: image,
  favicon: image,
  description: z.string().trim().max(500, 'Description must be at most 500 characters'),
  font_family: z.enum(FONT_FAMILIES, { error: 'Choose one of the bundled fonts' }),
  show_supplier_page: z.boolean(),
  show_cart: z.boolean(),
});
export type WebsiteGroup = z.infer<typeof websiteGroupSchema>;

export const themeGroupSchema = z.object({
  activetheme: z
    .record(
      z.string().regex(THEME_NAME, 'A colour name is lowercase letters, digits and hyphens (e.g. primary-foreground)'),
      z.string().trim().regex(THEME_COLOUR, 'Not a colour: use #rrggbb, rgb(), hsl() or a colour name'),
    )
    .refine((m) => Object.keys(m).length <= 40, 'At most 40 colours'),
});
export type ThemeGroup = z.infer<typeof themeGroupSchema>;

export const navigationGroupSchema = navSettingSchema.omit({ show_navbar: true, show_sub_navbar: true });
export type NavigationGroup = z.infer<typeof navigationGroupSchema>;

/** A menu item as staff save it: the spec §3 item shape, checked (a /categories item's children are generated). */
export const menuItemInputSchema: z.ZodType<NavItem> = z.lazy(() =>
  z.object({
    group: z.number().int().nullable(),
    name: z.string().trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters'),
    icon: z.string().regex(ICON_NAME_PATTERN, 'Icon name: lowercase letters and digits joined by hyphens (e.g. badge-percent)').nullable(),
    show_icon: z.number().int().min(0).max(1),
    link: link.nullable(),
    value: z.string().trim().max(500).nullable(),
    slug: z.string().trim().max(200).nullable(),
    image: image.nullable(),
    children: z.array(menuItemInputSchema).max(100, 'At most 100 items in one menu'),
  }),
);

export const MENU_KINDS = ['nav', 'footer'] as const;
export type MenuKind = (typeof MENU_KINDS)[number];
export const menusGroupSchema = z.object({ items: z.array(menuItemInputSchema).max(100, 'At most 100 items in one menu') });

export const popupGroupSchema = z.object({
  popup: z
    .object({
      image: image.min(1, 'Choose an image'),
      duration: z.number().int().min(1, 'Duration must be 1 to 120 seconds').max(120, 'Duration must be 1 to 120 seconds'),
      link: link.nullable(),
      once: z.boolean(),
    })
    .nullable(),
});
export type PopupGroup = z.infer<typeof popupGroupSchema>;

export const seoGroupSchema = z.object({
  og_title: z.string().trim().max(120, 'Title must be at most 120 characters'),
  og_description: z.string().trim().max(320, 'Description must be at most 320 characters'),
  meta_keywords: z.string().trim().max(500, 'Keywords must be at most 500 characters'),
  og_image: image,
});
export type SeoGroup = z.infer<typeof seoGroupSchema>;

export const scriptsGroupSchema = z.object({
  head: z.string().max(20_000, 'At most 20,000 characters'),
  body: z.string().max(20_000, 'At most 20,000 characters'),
});
export type ScriptsGroup = z.infer<typeof scriptsGroupSchema>;

/**
 * The languages the storefront offers and its default (issue 46). The default must be offered;
 * `languagesGroupProblems` says so field by field (the server refuses with it, the form shows it).
 */
export const languagesGroupSchema = z.object({
  languages: z.array(languageSchema, { error: 'Choose the languages the shop offers' }).max(LANGUAGES.length),
  default_language: languageSchema,
});
export type LanguagesGroup = z.infer<typeof languagesGroupSchema>;
export const NO_LANGUAGE_MESSAGE = 'Offer at least one language';
export const DEFAULT_NOT_OFFERED_MESSAGE = 'The default language must be one the shop offers';

/** What is wrong with a languages group, by field (empty: nothing). */
export function languagesGroupProblems(g: LanguagesGroup): Record<string, string[]> {
  if (g.languages.length === 0) return { languages: [NO_LANGUAGE_MESSAGE] };
  if (!g.languages.includes(g.default_language)) return { default_language: [DEFAULT_NOT_OFFERED_MESSAGE] };
  return {};
}

export const SETTINGS_GROUPS = ['website', 'theme', 'navigation', 'popup', 'seo', 'scripts', 'languages'] as const;
export type SettingsGroup = (typeof SETTINGS_GROUPS)[number];

/** PUT bodies: the group's values and the version they were edited from. */
export const withVersion = <T extends z.ZodRawShape>(s: z.ZodObject<T>) => s.extend({ version });

/** GET /s/api/builder/settings: every group, the version, and who may edit the scripts. */
export const siteSettingsSchema = z.object({
  /** the website these settings are of: the staff session's managed website */
  website_id: z.number().int(),
  version,
  website: websiteGroupSchema,
  theme: themeGroupSchema,
  navigation: navigationGroupSchema,
  menus: z.object({ nav: z.array(z.custom<NavItem>()), footer: z.array(z.custom<NavItem>()) }),
  popup: popupGroupSchema.shape.popup,
  seo: seoGroupSchema,
  /** the languages offered, in LANGUAGES order, and the default (issue 46) */
  languages: languagesGroupSchema,
  /** null: the signed-in person is not the owner (superadmin) and may not see them */
  scripts: scriptsGroupSchema.nullable(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** What a save answers: the new version. */
export const savedSettingsSchema = z.object({ version });

/** GET /s/api/builder/fonts: each family with the @font-face rules that load it (Inter: the staff app's own). */
export const siteFontsSchema = z.object({ data: z.array(z.object({ family: z.string(), css: z.string() })) });

/** WCAG 2.x relative luminance and contrast ratio of two #hex colours (null when not #hex). */
export function contrastRatio(a: string, b: string): number | null {
  const la = luminance(a);
  const lb = luminance(b);
  if (la === null || lb === null) return null;
  const [hi, lo] = la > lb ? [la, lb] : [lb, la];
  return (hi + 0.05) / (lo + 0.05);
}

function luminance(hex: string): number | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
