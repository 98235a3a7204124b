import { emptyCart, type Cart } from '@grocer/shared/cart';
import type { Category } from '@grocer/shared/catalogue';
import { navSettingSchema, popupSchema, webSeoSchema, type Init, type NavItem, type NavSetting } from '@grocer/shared/storefront';
import { z } from 'zod';
import { asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { websiteCache } from '../../http/cache';
import { publishedPages } from '../content/service';
import { navItems, websiteSettings, websites } from './tables';
import { currentUser } from '../../http/auth';
import { Errors } from '../../http/errors';
import { cartContext, loadCart } from '../cart';
import { earliestSlot } from '../delivery';
import { loadTaxonomy } from '../catalogue';
import { SUPPLIERS_PATH } from '@grocer/shared/links';
import type { Language } from '@grocer/shared/languages';
import { requestLanguage, websiteLanguages } from './language';
import { pick, translate } from '../translations';

type StoreData = Omit<Init, 'user' | 'pincode' | 'cart' | 'language' | 'languages'> & { pageScripts: { head: string; body: string } };

const storeCache = websiteCache<StoreData>({ ttlMs: 5000 });

/**
 * The website-wide part of /s/api/init in one language: settings, taxonomy, navs, footers, pages.
 * Cached per website and language for a few seconds (safe to be stale for seconds; every process
 * converges).
 */
export function loadStoreData(db: Db, websiteId: number, language?: Language): Promise<StoreData> {
  return storeCache.get(websiteId, `store|${language ?? ''}`, () => readStoreData(db, websiteId, language));
}

// `language`: the texts' language (issue 46), undefined: the website's own (its default language)
async function readStoreData(db: Db, websiteId: number, language: Language | undefined): Promise<StoreData> {
  // names in another language than the default from `translations` (untranslated ones kept)
  const { defaultLanguage } = await websiteLanguages(db, websiteId);
  const other = language && language !== defaultLanguage ? language : undefined;
  const [[site], rows, pageRows, taxonomy] = await Promise.all([
    db
      .select({ website: websites, settings: websiteSettings })
      .from(websites)
      .leftJoin(websiteSettings, eq(websiteSettings.websiteId, websites.id))
      .where(eq(websites.id, websiteId))
      .limit(1),
    db.select().from(navItems).where(eq(navItems.websiteId, websiteId)).orderBy(asc(navItems.position), asc(navItems.id)),
    publishedPages(db, websiteId),
    loadTaxonomy(db, websiteId, other),
  ]);
  if (!site) throw Errors.websiteNotFound();
  const items = other ? await translatedNavItems(db, websiteId, other, rows) : rows;
  const s = site.settings;
  const navSetting = parseNavSetting(s?.navSetting ?? {});
  const seo = webSeoSchema.safeParse({ og_title: '', og_description: '', meta_keywords: '', og_image: '', ...(s?.seo ?? {}) });
  const popup = s?.popup ? popupSchema.safeParse(s.popup) : null;
  // Links to the suppliers page are hidden while the website does not show it (spec §3).
  const shown = (i: { link: string | null; value: string | null }) =>
    s?.showSupplierPage || (i.link !== SUPPLIERS_PATH && i.value !== SUPPLIERS_PATH);
  return {
    web: {
      id: site.website.id,
      name: site.website.name,
      logo: s?.logo ?? '',
      description: s?.description ?? '',
      theme: s?.theme ?? 'default',
      favicon: s?.favicon ?? '',
      show_supplier_page: s?.showSupplierPage ?? false,
      show_cart: s?.showCart ?? true,
      font_family: s?.fontFamily ?? 'Inter',
      nav_alignment: navSetting.nav_alignment,
    },
    categories: taxonomy.tree,
    brands: taxonomy.brands,
    activetheme: s?.activeTheme ?? {},
    navSetting,
    webSeo: seo.success ? seo.data : { og_title: '', og_description: '', meta_keywords: '', og_image: '' },
    webAddress: s?.webAddress ?? {},
    popup: popup?.success ? popup.data : null,
    webPages: pageRows,
    navs: buildTree(
      items.filter((i) => i.kind === 'nav' && shown(i)),
      taxonomy.tree,
    ),
    footers: buildTree(
      items.filter((i) => i.kind === 'footer' && shown(i)),
      taxonomy.tree,
    ),
    pageScripts: s?.pageScripts ?? { head: '', body: '' },
  };
}

/**
 * Spec §3 navigation settings: logo_settings and search_setting may be stored as JSON text;
 * defaults fill gaps. Read field by field: one bad stored value falls back to its own default
 * and leaves the others as the owner set them.
 */
export function parseNavSetting(raw: Record<string, unknown>): NavSetting {
  const logo = typeof raw.logo_settings === 'string' ? safeJson(raw.logo_settings) : raw.logo_settings;
  const search = typeof raw.search_setting === 'string' ? safeJson(raw.search_setting) : raw.search_setting;
  return fieldwise(navSettingSchema, { ...raw, logo_settings: logo ?? {}, search_setting: search ?? {} }) as NavSetting;
}

function fieldwise(schema: z.ZodObject, raw: unknown): Record<string, unknown> {
  const values = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape) as Array<[string, z.ZodType]>) {
    if (field instanceof z.ZodObject) {
      out[key] = fieldwise(field, values[key]);
      continue;
    }
    const parsed = field.safeParse(values[key]);
    out[key] = parsed.success ? parsed.data : field.parse(undefined);
  }
  return out;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

type NavRow = typeof navItems.$inferSelect;

/** Navigation and footer items with their names in `language` where translated (issue 46 §2). */
async function translatedNavItems(db: Db, websiteId: number, language: Language, rows: NavRow[]): Promise<NavRow[]> {
  const found = await translate(
    db,
    websiteId,
    language,
    'nav_item',
    rows.map((r) => r.id),
    ['name'],
  );
  return found.size ? rows.map((r) => ({ ...r, name: pick(found, r.id, 'name', r.name) })) : rows;
}

/** Rows to the spec §3 tree; a '/categories' item gets the category tree as children. */
export function buildTree(rows: NavRow[], categories: Category[]): NavItem[] {
  const children = new Map<number | null, NavRow[]>();
  for (const r of rows) {
    const list = children.get(r.parentId) ?? [];
    list.push(r);
    children.set(r.parentId, list);
  }
  const toItem = (r: NavRow): NavItem => ({
    group: r.group,
    name: r.name,
    icon: r.icon,
    show_icon: r.showIcon,
    link: r.link,
    value: r.value,
    slug: r.slug,
    image: r.image,
    children: r.value === '/categories' ? categories.map(categoryItem) : (children.get(r.id) ?? []).map(toItem),
  });
  return (children.get(null) ?? []).map(toItem);
}

function categoryItem(c: Category): NavItem {
  return {
    group: null,
    name: c.name,
    icon: null,
    show_icon: 0,
    link: `/products?c=${c.slug}`,
    value: `/products?c=${c.slug}`,
    slug: c.slug,
    image: c.avatar || null,
    children: c.children.map(categoryItem),
  };
}

/** The caller's cart as /s/api/init shows it (the cart domain's cart; never creates a session). */
export async function cartForInit(db: Db, req: FastifyRequest, language?: Language): Promise<Cart> {
  const ctx = { ...(await cartContext(req, false)), language };
  if (!ctx.sessionId && !ctx.userId) return emptyCart(); // a first visit has no cart yet
  return (await loadCart(db, ctx)).cart;
}

/** GET /s/api/init: everything the app shell needs. Also inlined into the HTML shell. */
export async function loadInit(db: Db, req: FastifyRequest): Promise<Init & { pageScripts: { head: string; body: string } }> {
  const [language, offered] = await Promise.all([requestLanguage(db, req), websiteLanguages(db, req.website.id)]);
  const [store, user, session, cart] = await Promise.all([
    loadStoreData(db, req.website.id, language),
    currentUser(db, req),
    req.session.get(),
    cartForInit(db, req, language),
  ]);
  return {
    ...store,
    language,
    languages: offered.languages,
    user: user && {
      id: user.id,
      name: user.name,
      email: user.email,
      phone: user.phone,
      superadmin: user.superadmin,
      hasAdminAccess: user.hasAdminAccess,
      isSalesAgent: user.isSalesAgent,
      analyticsConsent: user.analyticsConsent,
    },
    pincode: session?.pincode ?? null,
    cart,
    earliest_slot: await earliestSlot(db, req.website.id, session?.pincode ?? null),
  };
}

/** The website's settings row (null: it runs on the defaults of /s/api/init). */
export async function websiteSettingsRow(db: Db, websiteId: number) {
  const [row] = await db.select().from(websiteSettings).where(eq(websiteSettings.websiteId, websiteId));
  return row ?? null;
}

/** Every website, for the super-admin's website switcher. */
export function listWebsites(db: Db) {
  return db.select({ id: websites.id, name: websites.name, is_default: websites.isDefault }).from(websites).orderBy(asc(websites.id));
}

/** Who a website is (invoices, payment keys): its name, whether it is the default one, its address. */
export async function websiteProfile(
  db: DbOrTx,
  websiteId: number,
): Promise<{ name: string; isDefault: boolean; webAddress: Record<string, unknown> | null } | null> {
  const [row] = await db
    .select({ name: websites.name, isDefault: websites.isDefault, webAddress: websiteSettings.webAddress })
    .from(websites)
    .leftJoin(websiteSettings, eq(websiteSettings.websiteId, websites.id))
    .where(eq(websites.id, websiteId));
  return row ?? null;
}
