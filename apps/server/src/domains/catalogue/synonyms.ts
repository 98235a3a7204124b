import { DEFAULT_SYNONYMS, type Synonym } from '@grocer/shared/synonyms';
import { asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { invalidateWebsite } from '../../http/cache';
import { recordAudit, type AuditActor } from '../audit';
import { refreshProductIndex } from './search';
import { searchSynonyms } from './tables';

/** The website's search synonyms, by term. */
export async function listSynonyms(db: DbOrTx, websiteId: number): Promise<Synonym[]> {
  return db
    .select({ term: searchSynonyms.term, words: searchSynonyms.words })
    .from(searchSynonyms)
    .where(eq(searchSynonyms.websiteId, websiteId))
    .orderBy(asc(searchSynonyms.term));
}

/**
 * Replaces the website's synonyms with `list` and re-indexes its products in the same
 * transaction, so search finds by the new words at once (and by the old ones no more). Audited.
 */
export async function replaceSynonyms(db: Db, actor: AuditActor, list: Synonym[]): Promise<Synonym[]> {
  const result = await db.transaction(async (tx) => {
    const before = await listSynonyms(tx, actor.websiteId);
    await tx.delete(searchSynonyms).where(eq(searchSynonyms.websiteId, actor.websiteId));
    if (list.length) await tx.insert(searchSynonyms).values(list.map((s) => ({ websiteId: actor.websiteId, ...s })));
    await refreshProductIndex(tx, actor.websiteId);
    const after = await listSynonyms(tx, actor.websiteId);
    await recordAudit(tx, actor, { entity: 'search_synonyms', entityId: actor.websiteId, action: 'update', before, after });
    return after;
  });
  invalidateWebsite(actor.websiteId);
  return result;
}

/** The common grocery words (DEFAULT_SYNONYMS) for a new shop; index its products afterwards. */
export async function seedSynonyms(db: DbOrTx, websiteId: number): Promise<void> {
  await db.insert(searchSynonyms).values(DEFAULT_SYNONYMS.map((s) => ({ websiteId, ...s })));
}
