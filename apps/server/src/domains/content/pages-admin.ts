import {
  checkComponents,
  type BuilderComponent,
  type BuilderDocument,
  type BuilderPage,
  type BuilderPageDetail,
  type BuilderPageUpdateInput,
  type BuilderRevision,
} from '@grocer/shared/builder-pages';
import { emptyBlocks, isBlockType, type PageComponent } from '@grocer/shared/blocks';
import type { CatalogueContext } from '../catalogue';
import { isProblem, resolveBlock } from './blocks';
import { and, asc, desc, eq, max, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { invalidateWebsite } from '../../http/cache';
import { Errors, fail } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { usersByIds } from '../identity';
import { pageCssProblem } from './page-css';
import { pageComponents, pageRedirects, pageRevisions, pages, type PageDocument } from './tables';

type PageRow = typeof pages.$inferSelect;

const HOME = '/';

function toPage(p: PageRow, revision: number): BuilderPage {
  return {
    id: p.id,
    url: p.url,
    title: p.title,
    status: p.published ? 'published' : 'draft',
    has_draft: p.draft !== null,
    show_navbar: p.showNavbar,
    show_sub_navbar: p.showSubNavbar,
    show_footer: p.showFooter,
    seo_title: p.seoTitle,
    seo_description: p.seoDescription,
    seo_keyword: p.seoKeyword,
    schema_script: p.schemaScript,
    version: p.version,
    revision,
    updated_at: p.updatedAt.toISOString(),
  };
}

const revisionCount = (db: DbOrTx, pageId: number) =>
  db
    .select({ n: max(pageRevisions.number) })
    .from(pageRevisions)
    .where(eq(pageRevisions.pageId, pageId))
    .then(([r]) => r?.n ?? 0);

/** Website Settings → Pages: every page of the website, home first, then by url. */
export async function listBuilderPages(db: Db, websiteId: number): Promise<BuilderPage[]> {
  const newest = db
    .select({ pageId: pageRevisions.pageId, n: max(pageRevisions.number).as('n') })
    .from(pageRevisions)
    .where(eq(pageRevisions.websiteId, websiteId))
    .groupBy(pageRevisions.pageId)
    .as('newest');
  const rows = await db
    .select({ page: pages, n: newest.n })
    .from(pages)
    .leftJoin(newest, eq(newest.pageId, pages.id))
    .where(eq(pages.websiteId, websiteId))
    .orderBy(sql`${pages.url} <> '/'`, asc(pages.url));
  return rows.map((r) => toPage(r.page, r.n ?? 0));
}

async function pageOf(db: DbOrTx, websiteId: number, id: number): Promise<PageRow> {
  const [page] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.websiteId, websiteId), eq(pages.id, id)))
    .limit(1);
  if (!page) throw Errors.notFound('Page not found');
  return page;
}

/** What shoppers see of a page: its components (spec §3 shape, unresolved) and its CSS. */
async function publishedDocument(db: DbOrTx, page: PageRow): Promise<PageDocument> {
  const rows = await db
    .select()
    .from(pageComponents)
    .where(and(eq(pageComponents.pageId, page.id), eq(pageComponents.websiteId, page.websiteId)))
    .orderBy(asc(pageComponents.position), asc(pageComponents.id));
  return {
    components: rows.map((c) => ({ name: c.name, type: c.type, data: c.data ?? {}, settings: c.settings ?? {} })),
    css: page.css,
  };
}

/** Stored documents are shown as the editor saves them: unknown block types are left out (the shopper's page leaves them out too). */
const asDocument = (d: PageDocument): BuilderDocument => ({
  components: d.components.flatMap(({ name, type, data, settings }) => (isBlockType(type) ? [{ name, type, data, settings }] : [])),
  css: d.css,
});

export async function getBuilderPage(db: Db, websiteId: number, id: number): Promise<BuilderPageDetail> {
  const page = await pageOf(db, websiteId, id);
  const published = await publishedDocument(db, page);
  return {
    page: toPage(page, await revisionCount(db, page.id)),
    draft: asDocument(page.draft ?? published),
    published: asDocument(published),
  };
}

/**
 * The one way a staff write takes a page: bumps its version if the caller saw the current one
 * (`update … where version = v`, so of two editors saving at once exactly one wins), else 409.
 */
async function takePage(tx: Tx, websiteId: number, id: number, version: number, set: Partial<typeof pages.$inferInsert> = {}) {
  const [page] = await tx
    .update(pages)
    .set({ ...set, version: sql`${pages.version} + 1`, updatedAt: new Date() })
    .where(and(eq(pages.websiteId, websiteId), eq(pages.id, id), eq(pages.version, version)))
    .returning();
  if (page) return page;
  await pageOf(tx, websiteId, id); // 404 when it is not this website's page at all
  throw fail('STALE_PAGE');
}

async function assertUrlFree(tx: DbOrTx, websiteId: number, url: string, except?: number) {
  const [taken] = await tx
    .select({ id: pages.id })
    .from(pages)
    .where(and(eq(pages.websiteId, websiteId), eq(pages.url, url), except === undefined ? undefined : ne(pages.id, except)))
    .limit(1);
  if (taken) throw Errors.invalid({ url: ['Another page already has this address'] });
}

/** `url` now belongs to a page: it stops redirecting anywhere else. */
const claimUrl = (tx: Tx, websiteId: number, url: string) =>
  tx.delete(pageRedirects).where(and(eq(pageRedirects.websiteId, websiteId), eq(pageRedirects.fromUrl, url)));

function checkDocument(doc: BuilderDocument): PageDocument {
  const { errors, checked } = checkComponents(doc.components);
  const cssProblem = pageCssProblem(doc.css);
  if (cssProblem) errors.css = [cssProblem];
  if (Object.keys(errors).length) throw Errors.invalid(errors);
  return { components: checked, css: doc.css };
}

const summary = (p: PageRow) => ({
  url: p.url,
  title: p.title,
  published: p.published,
  show_navbar: p.showNavbar,
  show_sub_navbar: p.showSubNavbar,
  show_footer: p.showFooter,
  seo_title: p.seoTitle,
  seo_description: p.seoDescription,
  seo_keyword: p.seoKeyword,
  schema_script: p.schemaScript,
});

interface NewPage {
  url: string;
  title: string;
  show_navbar: boolean;
  show_sub_navbar: boolean;
  show_footer: boolean;
}

async function insertPage(tx: Tx, actor: AuditActor, input: NewPage, draft: PageDocument, action: string) {
  await assertUrlFree(tx, actor.websiteId, input.url);
  await claimUrl(tx, actor.websiteId, input.url);
  const [page] = await tx
    .insert(pages)
    .values({
      websiteId: actor.websiteId,
      url: input.url,
      title: input.title,
      showNavbar: input.show_navbar,
      showSubNavbar: input.show_sub_navbar,
      showFooter: input.show_footer,
      published: false,
      draft,
    })
    .returning();
  await recordAudit(tx, actor, { entity: 'page', entityId: page!.id, action, after: { ...summary(page!), draft } });
  return page!;
}

/** A new page: a draft (shoppers get 404 until it is published), empty unless duplicated. */
export async function createPage(db: Db, actor: AuditActor, input: NewPage): Promise<BuilderPage> {
  const page = await db.transaction((tx) => insertPage(tx, actor, input, { components: [], css: '' }, 'create'));
  return toPage(page, 0);
}

/** A copy of a page's current work (its draft, else what is published) as a new draft page. */
export async function duplicatePage(db: Db, actor: AuditActor, id: number, input: { url: string; title: string }): Promise<BuilderPage> {
  const page = await db.transaction(async (tx) => {
    const source = await pageOf(tx, actor.websiteId, id);
    const content = source.draft ?? (await publishedDocument(tx, source));
    return insertPage(tx, actor, { ...summary(source), ...input }, content, 'duplicate');
  });
  return toPage(page, 0);
}

/** The page's own properties, effective at once. A new url leaves the old one redirecting here. */
export async function updatePage(db: Db, actor: AuditActor, id: number, input: BuilderPageUpdateInput): Promise<BuilderPage> {
  const page = await db.transaction(async (tx) => {
    const before = await pageOf(tx, actor.websiteId, id);
    const moving = input.url !== undefined && input.url !== before.url;
    if (moving) {
      if (before.url === HOME) throw fail('HOME_PAGE');
      await assertUrlFree(tx, actor.websiteId, input.url!, id);
    }
    const after = await takePage(tx, actor.websiteId, id, input.version, {
      url: input.url,
      title: input.title,
      showNavbar: input.show_navbar,
      showSubNavbar: input.show_sub_navbar,
      showFooter: input.show_footer,
      seoTitle: input.seo_title,
      seoDescription: input.seo_description,
      seoKeyword: input.seo_keyword,
      schemaScript: input.schema_script,
    });
    if (moving) {
      await claimUrl(tx, actor.websiteId, after.url);
      await tx.insert(pageRedirects).values({ websiteId: actor.websiteId, pageId: id, fromUrl: before.url });
    }
    await recordAudit(tx, actor, { entity: 'page', entityId: id, action: 'update', before: summary(before), after: summary(after) });
    return after;
  });
  invalidateWebsite(actor.websiteId);
  return toPage(page, await revisionCount(db, id));
}

/** A page and its revisions and redirects; never the home page. */
export async function deletePage(db: Db, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const page = await pageOf(tx, actor.websiteId, id);
    if (page.url === HOME) throw fail('HOME_PAGE');
    const content = await publishedDocument(tx, page);
    await tx.delete(pages).where(and(eq(pages.websiteId, actor.websiteId), eq(pages.id, id)));
    await recordAudit(tx, actor, {
      entity: 'page',
      entityId: id,
      action: 'delete',
      before: { ...summary(page), content, draft: page.draft },
    });
  });
  invalidateWebsite(actor.websiteId);
}

/** The editor's save: the draft only (shoppers still see what was published). */
export async function saveDraft(
  db: Db,
  actor: AuditActor,
  id: number,
  input: BuilderDocument & { version: number },
): Promise<BuilderPageDetail> {
  const draft = checkDocument(input);
  await db.transaction(async (tx) => {
    const before = await pageOf(tx, actor.websiteId, id);
    await takePage(tx, actor.websiteId, id, input.version, { draft });
    await recordAudit(tx, actor, { entity: 'page', entityId: id, action: 'draft', before: before.draft, after: draft });
  });
  return getBuilderPage(db, actor.websiteId, id);
}

/** `content` becomes what shoppers see, kept as the page's next revision. */
async function publishContent(
  tx: Tx,
  actor: AuditActor,
  page: PageRow,
  content: PageDocument,
  revision: { action: 'publish' | 'rollback'; from: number | null },
) {
  const last = await revisionCount(tx, page.id);
  const before = await publishedDocument(tx, page);
  let number = last;
  // The content shoppers saw before the first publish from the builder (seeded, imported) is kept too, so it can come back.
  if (last === 0 && page.published && before.components.length + before.css.length > 0)
    await tx.insert(pageRevisions).values({
      websiteId: actor.websiteId,
      pageId: page.id,
      number: ++number,
      action: 'initial',
      content: before,
    });
  await tx.delete(pageComponents).where(and(eq(pageComponents.websiteId, actor.websiteId), eq(pageComponents.pageId, page.id)));
  if (content.components.length)
    await tx.insert(pageComponents).values(
      content.components.map((c, position) => ({
        websiteId: actor.websiteId,
        pageId: page.id,
        position,
        name: c.name,
        type: c.type,
        data: c.data,
        settings: c.settings,
        logicdata: null,
      })),
    );
  await tx.insert(pageRevisions).values({
    websiteId: actor.websiteId,
    pageId: page.id,
    number: ++number,
    action: revision.action,
    fromNumber: revision.from,
    content,
    createdBy: actor.actorId,
  });
  await recordAudit(tx, actor, {
    entity: 'page',
    entityId: page.id,
    action: revision.action,
    before: { published: page.published, ...before },
    after: { published: true, revision: number, ...content },
  });
}

/** Publish the draft (or, without one, publish again what is there): a new revision. */
export async function publishPage(db: Db, actor: AuditActor, id: number, version: number): Promise<BuilderPageDetail> {
  await db.transaction(async (tx) => {
    const current = await pageOf(tx, actor.websiteId, id);
    const content = current.draft ?? (await publishedDocument(tx, current));
    // checked again: a block's schema may have tightened since the draft was saved
    const checked = checkDocument(asDocument(content));
    // a block that would show shoppers nothing is not published (a draft may hold one while it is built)
    const empty = emptyBlocks(checked.components);
    if (empty.length) throw Errors.invalid({ components: empty }, `${empty.join(' ')} Add its content or remove it, then publish.`);
    const page = await takePage(tx, actor.websiteId, id, version, { published: true, draft: null, css: checked.css });
    await publishContent(tx, actor, { ...page, published: current.published, css: current.css }, checked, {
      action: 'publish',
      from: null,
    });
  });
  invalidateWebsite(actor.websiteId);
  return getBuilderPage(db, actor.websiteId, id);
}

/**
 * Unpublish: shoppers get 404 at the page's url (and its old urls) from now on; its content stays
 * as the draft (a pending draft is kept as it is) and its revisions stay, so publishing brings it
 * back. Never the home page.
 */
export async function unpublishPage(db: Db, actor: AuditActor, id: number, version: number): Promise<BuilderPageDetail> {
  await db.transaction(async (tx) => {
    const current = await pageOf(tx, actor.websiteId, id);
    if (current.url === HOME) throw fail('HOME_PAGE');
    if (!current.published) throw fail('PAGE_NOT_PUBLISHED');
    const draft = current.draft ?? (await publishedDocument(tx, current));
    await takePage(tx, actor.websiteId, id, version, { published: false, draft });
    await tx.delete(pageComponents).where(and(eq(pageComponents.websiteId, actor.websiteId), eq(pageComponents.pageId, id)));
    await recordAudit(tx, actor, {
      entity: 'page',
      entityId: id,
      action: 'unpublish',
      before: { published: true },
      after: { published: false, draft },
    });
  });
  invalidateWebsite(actor.websiteId);
  return getBuilderPage(db, actor.websiteId, id);
}

/** Roll back: the old revision's content is published again, as a new revision (history only grows). A pending draft is dropped. */
export async function rollbackPage(db: Db, actor: AuditActor, id: number, number: number, version: number): Promise<BuilderPageDetail> {
  await db.transaction(async (tx) => {
    const current = await pageOf(tx, actor.websiteId, id);
    const [old] = await tx
      .select()
      .from(pageRevisions)
      .where(and(eq(pageRevisions.websiteId, actor.websiteId), eq(pageRevisions.pageId, id), eq(pageRevisions.number, number)));
    if (!old) throw Errors.notFound('Revision not found');
    const page = await takePage(tx, actor.websiteId, id, version, { published: true, draft: null, css: old.content.css });
    await publishContent(tx, actor, { ...page, published: current.published, css: current.css }, old.content, {
      action: 'rollback',
      from: number,
    });
  });
  invalidateWebsite(actor.websiteId);
  return getBuilderPage(db, actor.websiteId, id);
}

/** A page's revisions, newest first, with who published each. */
export async function listRevisions(db: Db, websiteId: number, id: number): Promise<BuilderRevision[]> {
  await pageOf(db, websiteId, id);
  const rows = await db
    .select()
    .from(pageRevisions)
    .where(and(eq(pageRevisions.websiteId, websiteId), eq(pageRevisions.pageId, id)))
    .orderBy(desc(pageRevisions.number));
  const people = new Map(
    (await usersByIds(db, [...new Set(rows.map((r) => r.createdBy).filter((u): u is number => u !== null))])).map((u) => [
      u.id,
      u.name || u.email || u.phone,
    ]),
  );
  return rows.map((r) => ({
    number: r.number,
    action: r.action as BuilderRevision['action'],
    from: r.fromNumber,
    blocks: r.content.components.length,
    by: r.createdBy === null ? null : (people.get(r.createdBy) ?? null),
    created_at: r.createdAt.toISOString(),
  }));
}

/** One component as the storefront would get it (checked, response resolved), for the editor's preview; 422 at its fields when it does not fit. */
export async function previewBlock(db: Db, ctx: CatalogueContext, component: BuilderComponent): Promise<PageComponent> {
  const { errors, checked } = checkComponents([component]);
  if (Object.keys(errors).length) throw Errors.invalid(errors);
  const resolved = await resolveBlock(db, ctx, { ...checked[0]!, logicdata: null, position: 0 });
  if (isProblem(resolved)) throw Errors.invalid({ 'components.0.data': [resolved.reason] });
  return resolved;
}
