import type { AdminPromotion, adminPromotionInputSchema, PromotionRule } from '@grocer/shared/promotions';
import { packLabel } from '@grocer/shared/labels';
import { promotionSummary } from '@grocer/shared/promotions';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { invalidateWebsite } from '../../http/cache';
import { Errors } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { loadTaxonomy, packDetails } from '../catalogue';
import { promotions, type PromotionRow } from './tables';

type PromotionInput = z.output<typeof adminPromotionInputSchema>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The packs a rule names. */
function packIdsOf(rule: PromotionRule): number[] {
  if (rule.kind === 'combo') return rule.items.map((i) => i.packId);
  if (rule.kind === 'buy_x_get_y')
    return [...(rule.buy.type === 'pack' ? rule.buy.packIds : []), ...(rule.getPackId !== null ? [rule.getPackId] : [])];
  return [];
}

async function toAdmin(db: DbOrTx, row: PromotionRow): Promise<AdminPromotion> {
  const ids = [...new Set(packIdsOf(row.rule))];
  const details = await packDetails(db, row.websiteId, ids);
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    rule: row.rule,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    active: row.active,
    summary: promotionSummary(row.rule),
    packs: ids.flatMap((id) => {
      const d = details.get(id);
      return d ? [{ id, label: packLabel(d.productName, d.packName) }] : [];
    }),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listAdminPromotions(db: Db, websiteId: number): Promise<AdminPromotion[]> {
  const rows = await db
    .select()
    .from(promotions)
    .where(eq(promotions.websiteId, websiteId))
    .orderBy(asc(promotions.name), asc(promotions.id));
  return Promise.all(rows.map((r) => toAdmin(db, r)));
}

async function promotionRow(db: DbOrTx, websiteId: number, id: number, lock = false) {
  const q = db
    .select()
    .from(promotions)
    .where(and(eq(promotions.websiteId, websiteId), eq(promotions.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw Errors.notFound('Promotion not found');
  return row;
}

export async function getAdminPromotion(db: DbOrTx, websiteId: number, id: number): Promise<AdminPromotion> {
  return toAdmin(db, await promotionRow(db, websiteId, id));
}

/** Every pack, category and brand the rule names is this website's: otherwise a clear refusal, nothing saved. */
async function assertRuleOfWebsite(db: Db, websiteId: number, rule: PromotionRule) {
  const ids = [...new Set(packIdsOf(rule))];
  const found = await packDetails(db, websiteId, ids);
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw Errors.invalid({ rule: [`Pack ${missing.join(', ')} is not in this shop’s catalogue`] });
  if (rule.kind === 'buy_x_get_y' && rule.buy.type !== 'pack') {
    const t = await loadTaxonomy(db, websiteId);
    if (rule.buy.type === 'brand' && !t.brands.some((b) => b.id === (rule.buy as { brandId: number }).brandId))
      throw Errors.invalid({ 'rule.buy.brandId': ['Choose one of this shop’s brands'] });
    if (rule.buy.type === 'category' && ![...t.bySlug.values()].some((c) => c.id === (rule.buy as { categoryId: number }).categoryId))
      throw Errors.invalid({ 'rule.buy.categoryId': ['Choose one of this shop’s categories'] });
  }
  if (rule.kind === 'combo') {
    const regular = rule.items.reduce((n, i) => n + found.get(i.packId)!.price * i.quantity, 0);
    if (rule.pricePaise >= regular)
      throw Errors.invalid({ 'rule.pricePaise': ['The combo price must be less than the packs cost separately'] });
  }
}

const columns = (p: PromotionInput) => ({
  name: p.name,
  kind: p.rule.kind,
  rule: p.rule,
  startsAt: p.startsAt ? new Date(p.startsAt) : null,
  endsAt: p.endsAt ? new Date(p.endsAt) : null,
  active: p.active,
});

export async function createPromotion(db: Db, actor: AuditActor, input: PromotionInput): Promise<AdminPromotion> {
  await assertRuleOfWebsite(db, actor.websiteId, input.rule);
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(promotions)
      .values({ websiteId: actor.websiteId, ...columns(input) })
      .returning();
    const created = await toAdmin(tx, row!);
    await recordAudit(tx, actor, { entity: 'promotion', entityId: created.id, action: 'create', after: created });
    return created;
  });
  invalidateWebsite(actor.websiteId);
  return saved;
}

export async function updatePromotion(db: Db, actor: AuditActor, id: number, input: PromotionInput): Promise<AdminPromotion> {
  await assertRuleOfWebsite(db, actor.websiteId, input.rule);
  const saved = await db.transaction(async (tx) => {
    const before = await toAdmin(tx, await promotionRow(tx, actor.websiteId, id, true));
    const [row] = await tx
      .update(promotions)
      .set({ ...columns(input), updatedAt: sql`now()` })
      .where(and(eq(promotions.websiteId, actor.websiteId), eq(promotions.id, id)))
      .returning();
    const after = await toAdmin(tx, row!);
    await recordAudit(tx, actor, { entity: 'promotion', entityId: id, action: 'update', before, after });
    return after;
  });
  invalidateWebsite(actor.websiteId);
  return saved;
}

/** Pause (no cart applies it from the next pricing) or resume a promotion. */
export async function setPromotionActive(db: Db, actor: AuditActor, id: number, active: boolean): Promise<AdminPromotion> {
  const saved = await db.transaction(async (tx) => {
    const before = await toAdmin(tx, await promotionRow(tx, actor.websiteId, id, true));
    const [row] = await tx
      .update(promotions)
      .set({ active, updatedAt: sql`now()` })
      .where(and(eq(promotions.websiteId, actor.websiteId), eq(promotions.id, id)))
      .returning();
    const after = await toAdmin(tx, row!);
    await recordAudit(tx, actor, { entity: 'promotion', entityId: id, action: active ? 'resume' : 'pause', before, after });
    return after;
  });
  invalidateWebsite(actor.websiteId);
  return saved;
}

/** What a promotion's target may name: the website's categories (flattened) and brands. */
export async function promotionChoices(db: Db, websiteId: number) {
  const t = await loadTaxonomy(db, websiteId);
  return {
    categories: [...t.bySlug.values()].map((c) => ({ id: c.id, name: c.name })).sort((a, b) => a.name.localeCompare(b.name)),
    brands: t.brands.map((b) => ({ id: b.id, name: b.name })),
  };
}
