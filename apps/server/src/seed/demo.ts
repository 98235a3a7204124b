import { eq, sql } from 'drizzle-orm';
import { seedLooseGoods, seedPos } from '../domains/pos';
import { seedDelivery } from '../domains/delivery';
import { seedCoupons } from '../domains/coupons';
import { slugify } from '@grocer/shared/slug';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Db, DbOrTx } from '../db/client';
import {
  brands,
  categories,
  navItems,
  packs,
  pageComponents,
  pages,
  productMedia,
  products,
  users,
  websiteDomains,
  websiteMembers,
  websiteSettings,
  websites,
} from '../db/schema';
import { refreshProductIndex, seedSynonyms } from '../domains/catalogue';
import { ean13 } from '@grocer/shared/pos';
import { createWarehouses, openStock } from '../domains/inventory';
import { BRAND_COLOURS, CATALOGUE, EXTRA_BRANDS, PACKS, type Leaf } from './catalogue-data';
import { badgeSvg, bannerSvg, PLACEHOLDER_SVG, productSvg } from './images';
import { policyPages } from './policies';
import { demoFacts } from './facts-data';
import { seedTranslations } from './translations';
import { seedContentTranslations } from './content-translations';

/** Deterministic PRNG (mulberry32) so every seed of the demo is the same shop. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SeedOptions {
  /** where generated images are written; null skips writing files (fast tests) */
  mediaDir: string | null;
}

export const DEMO_PEOPLE = [
  { name: 'Store Owner', email: 'admin@demo.shop', phone: '9000000001', superadmin: true, hasAdminAccess: true, isSalesAgent: false },
  { name: 'Sales Agent', email: 'agent@demo.shop', phone: '9000000002', superadmin: false, hasAdminAccess: false, isSalesAgent: true },
  { name: 'Priya Shopper', email: 'shopper@demo.shop', phone: '9000000003', superadmin: false, hasAdminAccess: false, isSalesAgent: false },
];

/** True when the database has no website yet (first start of an empty database). */
export async function isEmpty(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(websites);
  return (row?.n ?? 0) === 0;
}

export async function seedIfEmpty(db: Db, opts: SeedOptions): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await seedDemo(db, opts);
  return true;
}

/** The demo shop of DESIGN §8, in one transaction. Returns the website id. */
export async function seedDemo(db: Db, opts: SeedOptions): Promise<number> {
  const files = new Map<string, string>();
  const websiteId = await db.transaction(async (tx) => {
    const rand = prng(20261122);
    const [site] = await tx.insert(websites).values({ name: 'Demo Grocery', isDefault: true }).returning({ id: websites.id });
    const websiteId = site!.id;
    // Hosts are stored without a port (normaliseHost): localhost:3000 is localhost.
    await tx.insert(websiteDomains).values(['localhost', '127.0.0.1'].map((host, i) => ({ websiteId, host, isPrimary: i === 0 })));

    // Warehouses: Bengaluru first (the default zone), Mumbai, Delhi.
    const whRows = await createWarehouses(tx, [
      { websiteId, name: 'Bengaluru Central', code: 'BLR1', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' },
      { websiteId, name: 'Mumbai Fort', code: 'BOM1', city: 'Mumbai', state: 'Maharashtra', pincode: '400001' },
      { websiteId, name: 'Delhi Connaught', code: 'DEL1', city: 'Delhi', state: 'Delhi', pincode: '110001' },
    ]);

    // Brands.
    const brandNames = [
      ...new Set(
        CATALOGUE.flatMap((t) => t.children.flatMap((c) => (c.leaves ?? [{ ...c.leaf!, name: c.name }]).flatMap((l) => l.brands))),
      ),
      ...EXTRA_BRANDS,
    ];
    const brandRows = await tx
      .insert(brands)
      .values(
        brandNames.map((name, i) => {
          const slug = slugify(name);
          files.set(`brands/${slug}.svg`, badgeSvg({ text: name, colour: BRAND_COLOURS[i % BRAND_COLOURS.length]!, caption: false }));
          return { websiteId, name, slug, logo: `brands/${slug}.svg` };
        }),
      )
      .returning();
    const brandId = new Map(brandRows.map((b) => [b.name, b.id]));

    // Categories (2–3 levels) and products.
    let position = 0;
    const productValues: (typeof products.$inferInsert & {
      _leaf: Leaf;
      _colour: string;
      _shape: string;
      _brand: string;
      _item: string;
    })[] = [];
    const addCategory = async (name: string, parentId: number | null, colour: string) => {
      const slug = slugify(name);
      files.set(`categories/${slug}.svg`, badgeSvg({ text: name, colour, caption: false }));
      const [row] = await tx
        .insert(categories)
        .values({ websiteId, parentId, name, slug, avatar: `categories/${slug}.svg`, position: position++ })
        .returning({ id: categories.id });
      return row!.id;
    };
    for (const top of CATALOGUE) {
      const topId = await addCategory(top.name, null, top.colour);
      for (const child of top.children) {
        const childId = await addCategory(child.name, topId, top.colour);
        // One query at a time: a transaction is one connection.
        const leaves: [Leaf, number][] = [];
        if (child.leaves) for (const l of child.leaves) leaves.push([l, await addCategory(l.name, childId, top.colour)]);
        else leaves.push([{ ...child.leaf!, name: child.name }, childId]);
        for (const [leaf, leafId] of leaves) {
          for (const item of leaf.items) {
            for (const brand of leaf.brands) {
              const name = `${brand} ${item}`;
              productValues.push({
                websiteId,
                categoryId: leafId,
                brandId: brandId.get(brand)!,
                name,
                slug: slugify(name),
                description: `${item} from ${brand}. ${describe(top.name, item)}`,
                info: info(top.name, item, brand),
                ...demoFacts(top.name, leaf.name, item, brand),
                hsnCode: leaf.hsn,
                gstRate: leaf.gst * 100,
                position: productValues.length,
                _leaf: leaf,
                _colour: top.colour,
                _shape: top.shape,
                _brand: brand,
                _item: item,
              });
            }
          }
        }
      }
    }
    // Newest first for the 'newest' sort: spread creation dates over the last 90 days.
    const now = Date.now();
    const inserted = await insertBatches(tx, productValues, 200, async (batch) =>
      tx
        .insert(products)
        .values(
          batch.map(({ _leaf, _colour, _shape, _brand, _item, ...p }, i) => ({
            ...p,
            createdAt: new Date(now - Math.floor(rand() * 90) * 86_400_000 - i * 1000),
          })),
        )
        .returning({ id: products.id, slug: products.slug }),
    );

    const packValues: (typeof packs.$inferInsert)[] = [];
    const mediaValues: (typeof productMedia.$inferInsert)[] = [];
    const outOfStock = new Set<number>();
    inserted.forEach((p, i) => {
      const src = productValues[i]!;
      const leaf = src._leaf;
      files.set(
        `products/${p.slug}.svg`,
        productSvg({ name: src.name.replace(`${src._brand} `, ''), brand: src._brand, colour: src._colour, shape: src._shape }),
      );
      mediaValues.push({ websiteId, productId: p.id, src: `products/${p.slug}.svg`, position: 0 });
      const options = PACKS[leaf.kind];
      const count = 1 + Math.floor(rand() * Math.min(4, options.length));
      const priceFactor = 0.85 + rand() * 0.4;
      if (rand() < 0.07) outOfStock.add(p.id);
      for (let k = 0; k < count; k++) {
        const [packName, multiplier] = options[k]!;
        const mrp = Math.round(leaf.price * multiplier * priceFactor) * 100; // whole rupees, in paise
        const discounted = rand() < 0.35;
        const pct = discounted ? [5, 10, 12, 15, 20, 25][Math.floor(rand() * 6)]! : 0;
        const flat = discounted && rand() < 0.3;
        const price = flat
          ? Math.max(100, mrp - Math.round((mrp * pct) / 100 / 100) * 100)
          : Math.max(100, Math.round((mrp * (100 - pct)) / 100 / 100) * 100);
        packValues.push({
          websiteId,
          productId: p.id,
          name: packName,
          sku: `${p.slug}-${slugify(packName)}`.toUpperCase(),
          // EAN-13 in the GS1 India range (890), one per pack, for the till's scanner
          barcode: ean13(`890${String(1_000_000_000 + packValues.length).slice(1)}`),
          price,
          actPrice: mrp,
          discount: discounted ? (flat ? mrp - price : pct) : 0,
          discountType: discounted ? (flat ? 'flat' : 'percentage') : null,
          position: k,
        });
      }
    });
    const packRows = await insertBatches(tx, packValues, 500, (batch) =>
      tx.insert(packs).values(batch).returning({ id: packs.id, productId: packs.productId }),
    );
    await insertBatches(tx, mediaValues, 500, (batch) => tx.insert(productMedia).values(batch).returning({ id: productMedia.id }));
    const stockValues = packRows.flatMap((pk) =>
      whRows.map((w) => ({
        websiteId,
        packId: pk.id,
        warehouseId: w.id,
        available: outOfStock.has(pk.productId) ? 0 : rand() < 0.06 ? 0 : 5 + Math.floor(rand() * 80),
      })),
    );
    // Opening balances, each with its opening movement in the stock ledger.
    for (let i = 0; i < stockValues.length; i += 1000) await openStock(tx, stockValues.slice(i, i + 1000), 'seed');
    await seedSynonyms(tx, websiteId);
    await seedTranslations(tx, websiteId, {
      products: inserted.map((p, i) => ({ id: p.id, brand: productValues[i]!._brand, item: productValues[i]!._item })),
      brands: brandRows,
      categories: await tx.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.websiteId, websiteId)),
    });

    // the storefront's settings first: the index reads the languages the website offers (Hindi and Kannada names)
    await seedStorefront(tx, websiteId, files);
    await refreshProductIndex(tx, websiteId);
    await seedPolicies(tx, websiteId);
    // the menus' and home blocks' texts in Hindi and Kannada (I18N-CONTENT)
    await seedContentTranslations(tx, websiteId);
    await seedPeople(tx, websiteId);
    await seedDelivery(tx, { websiteId, warehouses: whRows });
    await seedCoupons(tx, { websiteId });
    await seedPos(tx, websiteId);
    await seedLooseGoods(tx, websiteId);
    return websiteId;
  });

  if (opts.mediaDir) {
    files.set('placeholder.svg', PLACEHOLDER_SVG);
    for (const [rel, content] of files) {
      const file = path.join(opts.mediaDir, rel);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, content);
    }
  }
  return websiteId;
}

async function insertBatches<T, R>(_db: DbOrTx, rows: T[], size: number, insert: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += size) out.push(...(await insert(rows.slice(i, i + size))));
  return out;
}

function describe(top: string, item: string): string {
  switch (top) {
    case 'Fruits & Vegetables':
      return `Hand-picked ${item.toLowerCase()} sourced fresh every morning from partner farms and delivered in your chosen slot.`;
    case 'Dairy & Bakery':
      return `Fresh ${item.toLowerCase()} kept chilled from dairy to doorstep.`;
    case 'Personal Care':
    case 'Household':
      return `Trusted everyday ${item.toLowerCase()} for the whole family.`;
    default:
      return `Carefully cleaned, packed hygienically and sealed for freshness. A kitchen essential for everyday Indian cooking.`;
  }
}

function info(top: string, item: string, brand: string): Record<string, string> {
  const shelf = top === 'Fruits & Vegetables' ? '3-5 days' : top === 'Dairy & Bakery' ? '5-7 days' : '6-12 months';
  return {
    'Country of origin': 'India',
    'Shelf life': shelf,
    Manufacturer: `${brand} Pvt. Ltd.`,
    Storage: top === 'Dairy & Bakery' ? 'Keep refrigerated' : 'Store in a cool and dry place',
    Type: item,
  };
}

async function seedStorefront(tx: DbOrTx, websiteId: number, files: Map<string, string>) {
  files.set('site/logo.svg', badgeSvg({ text: 'Demo Grocery', colour: '#0f766e' }));
  files.set('site/favicon.svg', badgeSvg({ text: 'DG', colour: '#0f766e', size: 64 }));
  const banners = [
    {
      key: 'fresh',
      title: 'Farm fresh, every morning',
      subtitle: 'Fruits & vegetables delivered in a slot you choose',
      colour: '#15803d',
      link: '/products?c=fruits-and-vegetables',
    },
    {
      key: 'staples',
      title: 'Stock up on staples',
      subtitle: 'Rice, atta, dals and oils at the best prices',
      colour: '#b45309',
      link: '/products?c=staples',
    },
    { key: 'offers', title: 'Deals of the week', subtitle: 'Up to 25% off on top brands', colour: '#be123c', link: '/products?s=discount' },
  ];
  for (const b of banners) {
    // the words are the slide's own (heading, text, button: translated in Hindi and Kannada), not the image's
    files.set(`banners/${b.key}.svg`, bannerSvg({ ...b, wide: true, words: false }));
    files.set(`banners/${b.key}-sm.svg`, bannerSvg({ ...b, wide: false, words: false }));
  }
  files.set(
    'site/popup.svg',
    bannerSvg({ title: 'WELCOME50', subtitle: '₹50 off your first order above ₹499', colour: '#0f766e', wide: false }),
  );
  // Each supplier's tile links to its products (the suppliers page, spec §3 show_supplier_page).
  const suppliers = [
    { key: 'farmers', title: 'Local Farmers Collective', colour: '#4d7c0f', products: '/products?c=fruits-and-vegetables' },
    { key: 'mills', title: 'Heritage Flour Mills', colour: '#b45309', products: '/products?c=atta-and-flours' },
    { key: 'dairy', title: 'Village Dairy Co-op', colour: '#0369a1', products: '/products?c=dairy-and-bakery' },
    { key: 'spices', title: 'Kerala Spice Growers', colour: '#be123c', products: '/products?c=masalas-and-spices' },
  ];
  for (const s of suppliers) files.set(`suppliers/${s.key}.svg`, badgeSvg({ text: s.title, colour: s.colour }));

  await tx.insert(websiteSettings).values({
    websiteId,
    logo: 'site/logo.svg',
    favicon: 'site/favicon.svg',
    description: 'Your neighbourhood grocery store, online. Fresh produce, daily staples and household needs delivered to your door.',
    theme: 'default',
    fontFamily: 'Inter',
    showSupplierPage: true,
    showCart: true,
    // a Bengaluru shop: English, Hindi and Kannada (issue 46), its names in each (seed/translations.ts)
    languages: ['en', 'hi', 'kn'],
    defaultLanguage: 'en',
    activeTheme: {
      primary: '#0f766e',
      'primary-foreground': '#ffffff',
      secondary: '#f59e0b',
      accent: '#be123c',
      background: '#ffffff',
      foreground: '#111827',
      muted: '#f3f4f6',
    },
    navSetting: {
      nav_alignment: 'start',
      logo_settings: JSON.stringify({ image_size: 'object-contain', image_height: 40, image_width: 40 }),
      search_setting: { width: 100 },
      navbar_height: 64,
      sub_navbar_height: 40,
      navbar_template: 1,
      header_template: 1,
      footer_name: 'Demo Grocery',
      show_cart_icon: true,
      show_pincode: true,
      show_login: true,
      show_account: true,
      show_logo: true,
      show_register: true,
      show_search_bar: true,
    },
    seo: {
      og_title: 'Demo Grocery — fresh groceries delivered',
      og_description:
        'Order fresh fruits, vegetables, staples, dairy and household essentials online. Delivery in Bengaluru, Mumbai and Delhi.',
      meta_keywords: 'grocery, online grocery, atta, rice, dal, vegetables, fruits, Bengaluru',
      og_image: 'banners/fresh.svg',
    },
    popup: { image: 'site/popup.svg', duration: 5, link: '/products?c=staples', once: true },
    pageScripts: { head: '', body: '' },
    webAddress: {
      line1: '12, MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
      phone: '080-40000000',
      email: 'hello@demo.shop',
      gstin: '29ABCDE1234F1Z5',
    },
    state: 'Karnataka',
  });

  // Navigation: Home, Categories (children from the category tree), a dropdown with nested submenus.
  const nav = async (
    kind: 'nav' | 'footer',
    parentId: number | null,
    position: number,
    item: Partial<typeof navItems.$inferInsert> & { name: string },
  ) => {
    const [row] = await tx
      .insert(navItems)
      .values({ websiteId, kind, parentId, position, ...item })
      .returning({ id: navItems.id });
    return row!.id;
  };
  await nav('nav', null, 0, { name: 'Home', link: '/', value: '/' });
  await nav('nav', null, 1, { name: 'Categories', link: '/categories', value: '/categories', icon: 'layout-grid', showIcon: 1 });
  await nav('nav', null, 2, {
    name: 'Offers',
    link: '/products?s=discount',
    value: '/products?s=discount',
    icon: 'badge-percent',
    showIcon: 1,
  });
  const fresh = await nav('nav', null, 3, {
    name: 'Fresh',
    link: '/products?c=fruits-and-vegetables',
    value: '/products?c=fruits-and-vegetables',
  });
  await nav('nav', fresh, 0, { name: 'Vegetables', link: '/products?c=fresh-vegetables', value: '/products?c=fresh-vegetables' });
  const fruits = await nav('nav', fresh, 1, { name: 'Fruits', link: '/products?c=fresh-fruits', value: '/products?c=fresh-fruits' });
  await nav('nav', fruits, 0, { name: 'Mangoes', link: '/products?q=mango', value: '/products?q=mango' });
  await nav('nav', fruits, 1, { name: 'Bananas', link: '/products?q=banana', value: '/products?q=banana' });
  await nav('nav', fresh, 2, { name: 'Farm partners', link: '/about-us', value: '/about-us', image: 'suppliers/farmers.svg' });
  const brandsMenu = await nav('nav', null, 4, { name: 'Brands', link: '/products', value: '/products' });
  for (const [i, b] of ['Kaveri Gold', 'Gokul Dairy', 'Malabar Spice Co.', 'Chai Bagan'].entries()) {
    await nav('nav', brandsMenu, i, { name: b, link: `/products?b=${slugify(b)}`, value: `/products?b=${slugify(b)}` });
  }
  await nav('nav', null, 5, { name: 'About Us', link: '/about-us', value: '/about-us' });

  const groups: [string, [string, string, string][]][] = [
    [
      'Shop',
      [
        ['All products', '/products', 'shopping-basket'],
        ['Offers', '/products?s=discount', 'badge-percent'],
        ['Categories', '/categories', 'layout-grid'],
      ],
    ],
    [
      'Company',
      [
        ['About us', '/about-us', 'info'],
        ['Our suppliers', '/suppliers', 'package'],
        ['Delivery areas', '/about-us#delivery', 'truck'],
        ['Contact', '/about-us#contact', 'phone'],
      ],
    ],
    ['Help', POLICIES.map((p) => [p.title, p.url, 'info'] as [string, string, string])],
    [
      'Account',
      [
        ['My orders', '/account/orders', 'package'],
        ['Addresses', '/account/addresses', 'map-pin'],
        ['Wishlist', '/account/wishlist', 'heart'],
      ],
    ],
  ];
  for (const [gi, [name, children]] of groups.entries()) {
    const id = await nav('footer', null, gi, { name });
    for (const [ci, [cname, link, icon]] of children.entries())
      await nav('footer', id, ci, { name: cname, link, value: link, icon, showIcon: 1 });
  }

  // Pages: home built from blocks, and an about page.
  const [home] = await tx
    .insert(pages)
    .values({
      websiteId,
      url: '/',
      title: 'Home',
      seoTitle: 'Demo Grocery — fresh groceries delivered',
      seoDescription: 'Fresh fruits, vegetables, staples and household essentials delivered to your door.',
      seoKeyword: 'grocery, online grocery',
    })
    .returning({ id: pages.id });
  const blocks: [string, string, unknown, unknown?][] = [
    [
      'Hero',
      'hero-slider',
      {
        slides: banners.map((b) => ({
          image: `banners/${b.key}.svg`,
          image_sm: `banners/${b.key}-sm.svg`,
          link: b.link,
          heading: b.title,
          text: b.subtitle,
          button: 'Shop now',
        })),
      },
      JSON.stringify({ aspect: { sm: 'aspect-[4/3]', md: 'aspect-[8/3]', lg: 'aspect-[8/3]' }, bgcolor: '#f0fdfa', fullpage: false }),
    ],
    ['Shop by category', 'category-carousel', { title: 'Shop by category' }],
    ['Best deals', 'product-carousel', { title: 'Best deals', sort: 'discount', limit: 12 }],
    ['Top brands', 'brand-carousel', { title: 'Top brands', limit: 20 }],
    [
      'Our suppliers',
      'supplier-tiles',
      {
        title: 'From our suppliers',
        items: suppliers.map((s) => ({ image: `suppliers/${s.key}.svg`, title: s.title, link: s.products, border: true })),
      },
    ],
    ['Fresh picks', 'product-carousel', { title: 'Fresh fruits & vegetables', category: 'fruits-and-vegetables', limit: 12 }],
    ['Staples', 'product-carousel', { title: 'Kitchen staples', category: 'staples', limit: 12 }],
    [
      'Promise',
      'rich-text',
      {
        html: '<h2>Why shop with Demo Grocery?</h2><ul><li><strong>Fresh every day</strong>: produce sourced each morning.</li><li><strong>Fair prices</strong>: MRP or less, always.</li><li><strong>On time</strong>: pick a delivery slot that suits you.</li></ul>',
      },
    ],
  ];
  await tx.insert(pageComponents).values(
    blocks.map(([name, type, data, settings], i) => ({
      websiteId,
      pageId: home!.id,
      position: i,
      name,
      type,
      data,
      settings: settings ?? null,
    })),
  );
  const [about] = await tx
    .insert(pages)
    .values({
      websiteId,
      url: '/about-us',
      title: 'About us',
      seoTitle: 'About Demo Grocery',
      seoDescription: 'Who we are and where we deliver.',
      seoKeyword: 'about, delivery areas',
    })
    .returning({ id: pages.id });
  await tx.insert(pageComponents).values({
    websiteId,
    pageId: about!.id,
    position: 0,
    name: 'About',
    type: 'rich-text',
    data: {
      html: '<h1>About Demo Grocery</h1><p>We are a neighbourhood grocery store that went online, working with local farmers, mills and dairies.</p><h2 id="delivery">Where we deliver</h2><p>Bengaluru (560001, 560034), Mumbai (400001) and Delhi (110001).</p><h2 id="contact">Contact</h2><p>hello@demo.shop · 080-40000000</p>',
    },
  });
  await tx.insert(pageComponents).values({
    websiteId,
    pageId: about!.id,
    position: 1,
    name: 'Suppliers',
    type: 'supplier-carousel',
    data: { title: 'Our partners', items: suppliers.map((s) => ({ image: `suppliers/${s.key}.svg`, title: s.title, link: '/products' })) },
  });
}

const POLICIES = policyPages({
  name: 'Demo Grocery',
  address: '12, MG Road, Bengaluru, Karnataka 560001',
  gstin: '29ABCDE1234F1Z5',
  email: 'hello@demo.shop',
  phone: '080-40000000',
});

/** Returns, cancellation, terms, privacy and grievance officer: ordinary pages the owner edits. */
async function seedPolicies(tx: DbOrTx, websiteId: number) {
  for (const p of POLICIES) {
    const [page] = await tx
      .insert(pages)
      .values({
        websiteId,
        url: p.url,
        title: p.title,
        seoTitle: `${p.title} — Demo Grocery`,
        seoDescription: p.seoDescription,
        seoKeyword: '',
      })
      .returning({ id: pages.id });
    await tx
      .insert(pageComponents)
      .values({ websiteId, pageId: page!.id, position: 0, name: p.title, type: 'rich-text', data: { html: p.html } });
  }
}

async function seedPeople(tx: DbOrTx, websiteId: number) {
  let agentId: number | null = null;
  for (const p of DEMO_PEOPLE) {
    const [u] = await tx
      .insert(users)
      .values({ name: p.name, email: p.email, phone: p.phone, superadmin: p.superadmin })
      .returning({ id: users.id });
    // The demo agent earns 2.5% and has the demo shopper as a customer (issue 17).
    await tx.insert(websiteMembers).values({
      websiteId,
      userId: u!.id,
      hasAdminAccess: p.hasAdminAccess,
      isSalesAgent: p.isSalesAgent,
      commissionBps: p.isSalesAgent ? 250 : 0,
      agentId: p.superadmin || p.hasAdminAccess || p.isSalesAgent ? null : agentId,
    });
    if (p.isSalesAgent) agentId = u!.id;
  }
}
