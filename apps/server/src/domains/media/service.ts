import type { Media, MediaFormat, MediaList, MediaListQuery } from '@grocer/shared/media';
import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { recordAudit, type AuditActor } from '../audit';
import { Errors } from '../../http/errors';
import { media } from './tables';

/** The media library's rows (the `media` table is this domain's alone). */

type Row = typeof media.$inferSelect;
const toMedia = (r: Row): Media => ({
  id: r.id,
  path: r.path,
  name: r.name,
  alt: r.alt,
  width: r.width,
  height: r.height,
  bytes: r.bytes,
  format: r.format,
  created_at: new Date(r.createdAt).toISOString(),
  created_by: r.createdBy,
});

export async function addMedia(
  db: Db,
  actor: AuditActor,
  input: { path: string; name: string; width: number; height: number; bytes: number; format: MediaFormat },
): Promise<Media> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(media)
      .values({ ...input, websiteId: actor.websiteId, createdBy: actor.actorId })
      .returning();
    await recordAudit(tx, actor, { entity: 'media', entityId: row!.id, action: 'create', after: toMedia(row!) });
    return toMedia(row!);
  });
}

/** GET /s/api/admin/media: newest first, searched by file name or alt text. */
export async function listMedia(db: Db, websiteId: number, query: MediaListQuery): Promise<MediaList> {
  const where: SQL[] = [eq(media.websiteId, websiteId)];
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(media.name, like), ilike(media.alt, like))!);
  }
  const rows = await db
    .select({ m: media, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(media)
    .where(and(...where))
    .orderBy(desc(media.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  let total = rows[0]?.total ?? 0;
  if (!rows.length && query.page > 1) {
    const [c] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(media)
      .where(and(...where));
    total = c?.n ?? 0;
  }
  return { data: rows.map((r) => toMedia(r.m)), meta: { total, page: query.page, perPage: query.perPage } };
}

export async function getMedia(db: DbOrTx, websiteId: number, id: number, lock = false): Promise<Media> {
  const q = db
    .select()
    .from(media)
    .where(and(eq(media.websiteId, websiteId), eq(media.id, id)));
  const [row] = await (lock ? q.for('update') : q);
  if (!row) throw Errors.notFound('Image not found');
  return toMedia(row);
}

export async function updateMediaAlt(db: Db, actor: AuditActor, id: number, alt: string): Promise<Media> {
  return db.transaction(async (tx) => {
    const before = await getMedia(tx, actor.websiteId, id, true);
    const [row] = await tx
      .update(media)
      .set({ alt })
      .where(and(eq(media.websiteId, actor.websiteId), eq(media.id, id)))
      .returning();
    await recordAudit(tx, actor, { entity: 'media', entityId: id, action: 'update', before: { alt: before.alt }, after: { alt } });
    return toMedia(row!);
  });
}

/**
 * Deletes a library image in one transaction: its row is locked (so a save attaching it waits, see
 * `lockMediaPaths`), `usedBy` lists where it is still shown (409 naming them), then the row goes.
 * Answers the path, whose stored file the caller removes after the commit.
 */
export async function deleteMedia(
  db: Db,
  actor: AuditActor,
  id: number,
  usedBy: (tx: DbOrTx, path: string) => Promise<string[]>,
  inUse: (uses: string[]) => Error,
): Promise<string> {
  return db.transaction(async (tx) => {
    const row = await getMedia(tx, actor.websiteId, id, true);
    const uses = await usedBy(tx, row.path);
    if (uses.length) throw inUse(uses);
    await tx.delete(media).where(and(eq(media.websiteId, actor.websiteId), eq(media.id, id)));
    await recordAudit(tx, actor, { entity: 'media', entityId: id, action: 'delete', before: row });
    return row.path;
  });
}

/**
 * The paths among `paths` that are this website's library images, locked for share until the
 * caller's transaction ends: a delete of one of them waits, then sees it in use.
 */
export async function lockMediaPaths(tx: DbOrTx, websiteId: number, paths: string[]): Promise<Map<string, { alt: string }>> {
  if (!paths.length) return new Map();
  const rows = await tx
    .select({ path: media.path, alt: media.alt })
    .from(media)
    .where(and(eq(media.websiteId, websiteId), inArray(media.path, paths)))
    .for('share');
  return new Map(rows.map((r) => [r.path, { alt: r.alt }]));
}
