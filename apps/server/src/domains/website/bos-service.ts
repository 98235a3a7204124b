import { normaliseHost, type CreateWebsiteResult, type ManageableWebsite, type WebsiteDomain } from '@grocer/shared/websites';
import type { createWebsiteInputSchema } from '@grocer/shared/websites';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { invalidateWebsite } from '../../http/cache';
import { Errors, fail } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { copyCatalogue } from '../catalogue';
import { copyPages, createHomePage } from '../content';
import { makeWebsiteAdmin, manageableWebsiteIds } from '../identity';
import { createWarehouses } from '../inventory';
import { ordersTodayByWebsite } from '../orders/today';
import { blankStorefrontSettings, copyStorefrontSettings } from './copy';
import { websiteDomains, websiteSettings, websites } from './tables';

type CreateWebsite = z.output<typeof createWebsiteInputSchema>;

async function domainsOf(db: DbOrTx, ids: number[]): Promise<Map<number, WebsiteDomain[]>> {
  const out = new Map<number, WebsiteDomain[]>();
  if (!ids.length) return out;
  const rows = await db
    .select()
    .from(websiteDomains)
    .where(inArray(websiteDomains.websiteId, ids))
    .orderBy(asc(websiteDomains.websiteId), asc(websiteDomains.id));
  for (const r of rows) {
    const list = out.get(r.websiteId) ?? [];
    list.push({ id: r.id, host: r.host, is_primary: r.isPrimary });
    out.set(r.websiteId, list);
  }
  return out;
}

/** The websites a person may manage, for /auth/bos/choose: name, logo, primary domain, orders today. */
export async function manageableWebsites(db: Db, userId: number, currentId: number): Promise<ManageableWebsite[]> {
  const allowed = await manageableWebsiteIds(db, userId);
  if (allowed !== 'all' && !allowed.length) return [];
  const rows = await db
    .select({ id: websites.id, name: websites.name, pausedAt: websites.pausedAt, logo: websiteSettings.logo })
    .from(websites)
    .leftJoin(websiteSettings, eq(websiteSettings.websiteId, websites.id))
    .where(allowed === 'all' ? undefined : inArray(websites.id, allowed))
    .orderBy(asc(websites.name), asc(websites.id));
  const ids = rows.map((r) => r.id);
  const [domains, today] = await Promise.all([domainsOf(db, ids), ordersTodayByWebsite(db, ids)]);
  return rows.map((r) => {
    const list = domains.get(r.id) ?? [];
    return {
      id: r.id,
      name: r.name,
      logo: r.logo ?? '',
      domain: (list.find((d) => d.is_primary) ?? list[0])?.host ?? '',
      domains: list,
      orders_today: today.get(r.id) ?? 0,
      paused: r.pausedAt !== null,
      current: r.id === currentId,
    };
  });
}

/** 403 unless the person may manage the website (superadmin, or a working role there: manageableWebsiteIds). */
export async function assertMayManage(db: Db, userId: number, websiteId: number): Promise<{ id: number; name: string }> {
  const allowed = await manageableWebsiteIds(db, userId);
  if (allowed !== 'all' && !allowed.includes(websiteId)) throw Errors.forbidden('You do not manage this website.');
  const [row] = await db.select({ id: websites.id, name: websites.name }).from(websites).where(eq(websites.id, websiteId));
  if (!row) throw Errors.notFound('Website not found');
  return row;
}

/**
 * A domain in the form hosts are looked up in (`normaliseHost`: no port, no trailing dot, lower
 * case, punycode), whoever calls (the routes' schema has done it already): the uniqueness check,
 * the row and request lookups all use the same key, so no variant of a host can be another website's.
 */
function storedHost(host: string, field: string): string {
  const key = normaliseHost(host);
  if (!key) throw Errors.invalid({ [field]: ['Enter a domain such as shop.example.com'] });
  return key;
}

async function assertHostFree(tx: DbOrTx, host: string) {
  const [taken] = await tx.select({ id: websiteDomains.id }).from(websiteDomains).where(eq(websiteDomains.host, host)).limit(1);
  if (taken) throw fail('DOMAIN_TAKEN', { host });
}

/** A unique violation on the host index (two requests racing for one domain) as the same 409. */
async function claimingHost<T>(host: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (isUniqueViolation(e)) throw fail('DOMAIN_TAKEN', { host });
    throw e;
  }
}

/**
 * Creates a website in one transaction (a failure anywhere leaves nothing): its primary domain,
 * its settings (the defaults, or a copy of another website's storefront: theme and settings,
 * menus, pages with their components, popup, SEO; with `copy_catalogue` its catalogue too), its
 * state and GSTIN, one warehouse, and its creator as its admin. Each copy is done by the domain
 * that owns the rows.
 */
export async function createWebsite(db: Db, creatorId: number, given: CreateWebsite): Promise<CreateWebsiteResult> {
  const input = { ...given, domain: storedHost(given.domain, 'domain') };
  const id = await claimingHost(input.domain, () =>
    db.transaction(async (tx) => {
      await assertHostFree(tx, input.domain);
      if (input.start === 'copy') {
        const [source] = await tx.select({ id: websites.id }).from(websites).where(eq(websites.id, input.copy_from!));
        if (!source) throw Errors.invalid({ copy_from: ['Choose the website to copy'] });
      }
      const [site] = await tx.insert(websites).values({ name: input.name }).returning({ id: websites.id });
      const websiteId = site!.id;
      await tx.insert(websiteDomains).values({ websiteId, host: input.domain, isPrimary: true });
      const own = { state: input.state, webAddress: { state: input.state, gstin: input.gstin } };
      let copied: Record<string, unknown> = {};
      if (input.start === 'copy') {
        const from = input.copy_from!;
        await copyStorefrontSettings(tx, from, websiteId, own);
        const pages = await copyPages(tx, from, websiteId);
        copied = { from, pages };
        if (input.copy_catalogue) {
          const c = await copyCatalogue(tx, from, websiteId);
          copied = { ...copied, categories: c.categories.size, brands: c.brands.size, products: c.products.size, packs: c.packs.size };
        }
      } else {
        await blankStorefrontSettings(tx, websiteId, own);
        await createHomePage(tx, websiteId, input.name);
      }
      await createWarehouses(tx, [{ websiteId, name: 'Main warehouse', code: 'WH1', state: input.state }]);
      await makeWebsiteAdmin(tx, websiteId, creatorId);
      await recordAudit(
        tx,
        { websiteId, actorId: creatorId },
        {
          entity: 'website',
          entityId: websiteId,
          action: 'create',
          after: { name: input.name, domain: input.domain, state: input.state, gstin: input.gstin, start: input.start, ...copied },
        },
      );
      return websiteId;
    }),
  );
  invalidateWebsite(id);
  return { id, name: input.name, domain: input.domain };
}

export async function listDomains(db: DbOrTx, websiteId: number): Promise<WebsiteDomain[]> {
  return (await domainsOf(db, [websiteId])).get(websiteId) ?? [];
}

/** Adds a domain (409 when another website, or this one, already has it); `primary` makes it the main one. */
export async function addDomain(db: Db, actor: AuditActor, websiteId: number, given: string, primary: boolean): Promise<WebsiteDomain[]> {
  const host = storedHost(given, 'host');
  await claimingHost(host, () =>
    db.transaction(async (tx) => {
      await assertHostFree(tx, host);
      const existing = await listDomains(tx, websiteId);
      const makePrimary = primary || !existing.some((d) => d.is_primary);
      if (makePrimary) await tx.update(websiteDomains).set({ isPrimary: false }).where(eq(websiteDomains.websiteId, websiteId));
      const [row] = await tx.insert(websiteDomains).values({ websiteId, host, isPrimary: makePrimary }).returning();
      await recordAudit(tx, actor, {
        entity: 'website_domain',
        entityId: row!.id,
        action: 'create',
        after: { host, primary: makePrimary },
      });
    }),
  );
  invalidateWebsite(websiteId);
  return listDomains(db, websiteId);
}

async function domainOf(tx: DbOrTx, websiteId: number, domainId: number) {
  const [row] = await tx
    .select()
    .from(websiteDomains)
    .where(and(eq(websiteDomains.id, domainId), eq(websiteDomains.websiteId, websiteId)));
  if (!row) throw Errors.notFound('Domain not found');
  return row;
}

/** Removes a domain: its host serves no website any more (the primary one stays until another is primary). */
export async function removeDomain(db: Db, actor: AuditActor, websiteId: number, domainId: number): Promise<WebsiteDomain[]> {
  await db.transaction(async (tx) => {
    const row = await domainOf(tx, websiteId, domainId);
    if (row.isPrimary) throw fail('PRIMARY_DOMAIN_KEPT');
    await tx.delete(websiteDomains).where(eq(websiteDomains.id, domainId));
    await recordAudit(tx, actor, { entity: 'website_domain', entityId: domainId, action: 'delete', before: { host: row.host } });
  });
  invalidateWebsite(websiteId);
  return listDomains(db, websiteId);
}

export async function setPrimaryDomain(db: Db, actor: AuditActor, websiteId: number, domainId: number): Promise<WebsiteDomain[]> {
  await db.transaction(async (tx) => {
    const row = await domainOf(tx, websiteId, domainId);
    if (row.isPrimary) return;
    await tx
      .update(websiteDomains)
      .set({ isPrimary: false })
      .where(and(eq(websiteDomains.websiteId, websiteId), ne(websiteDomains.id, domainId)));
    await tx.update(websiteDomains).set({ isPrimary: true }).where(eq(websiteDomains.id, domainId));
    await recordAudit(tx, actor, {
      entity: 'website_domain',
      entityId: domainId,
      action: 'update',
      before: { primary: false },
      after: { primary: true },
    });
  });
  return listDomains(db, websiteId);
}

/** Pauses a website (its storefront shows a closed page; staff still work) or reopens it. */
export async function setPaused(db: Db, actor: AuditActor, websiteId: number, paused: boolean) {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(websites).where(eq(websites.id, websiteId));
    if (!before) throw Errors.notFound('Website not found');
    const [after] = await tx
      .update(websites)
      .set({ pausedAt: paused ? (before.pausedAt ?? new Date()) : null })
      .where(eq(websites.id, websiteId))
      .returning();
    await recordAudit(tx, actor, {
      entity: 'website',
      entityId: websiteId,
      action: 'update',
      before: { paused: before.pausedAt !== null },
      after: { paused },
    });
    return after!;
  });
  invalidateWebsite(websiteId);
  return { id: row.id, name: row.name, paused: row.pausedAt !== null };
}

/** A website's primary host ('' when it has none), for links to its storefront from the staff app. */
export async function primaryHost(db: DbOrTx, websiteId: number): Promise<string> {
  const list = await listDomains(db, websiteId);
  return (list.find((d) => d.is_primary) ?? list[0])?.host ?? '';
}
