import {
  applyPromotions,
  promotionLive,
  promotionSummary,
  type PosPromotion,
  type Promotion,
  type PromotionResult,
} from '@grocer/shared/promotions';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { websiteCache } from '../../http/cache';
import { packIdsOfTarget, productBrandAndCategories } from '../catalogue';
import { promotions } from './tables';

// Read on every cart pricing (and every counter sale): the website's active promotions are kept a few seconds (DESIGN §1),
// dropped at once by a staff change (`invalidateWebsite`); dates are judged per pricing.
const activeCache = websiteCache<Promotion[]>({ ttlMs: 5000, name: 'promotions' });

/** The website's promotions that apply at `now` (active, started, not ended). */
export async function livePromotions(db: DbOrTx, websiteId: number, now: Date): Promise<Promotion[]> {
  const active = await activeCache.get(websiteId, 'active', () =>
    db
      .select({
        id: promotions.id,
        name: promotions.name,
        rule: promotions.rule,
        active: promotions.active,
        startsAt: promotions.startsAt,
        endsAt: promotions.endsAt,
      })
      .from(promotions)
      .where(and(eq(promotions.websiteId, websiteId), eq(promotions.active, true)))
      // a settled promise, not the query builder: awaiting a kept builder would run it again on the
      // connection it was built on (a transaction long finished, when the first read was in one)
      .then((rows) => rows),
  );
  return active.filter((p) => promotionLive(p, now));
}

export interface PromotableLine {
  packId: number;
  productId: number;
  pricePaise: number;
  quantity: number;
}

/**
 * The automatic promotions of the website applied to these lines (the caller passes only the
 * lines that are paid for): the one rule, `applyPromotions`, over the promotions live at `now`.
 * Brands and categories are read only when a live promotion targets one.
 */
export async function promotionsFor(db: DbOrTx, websiteId: number, lines: PromotableLine[], now: Date): Promise<PromotionResult> {
  const live = lines.length ? await livePromotions(db, websiteId, now) : [];
  if (live.length === 0) return { lines: lines.map(() => null), linesDiscountPaise: 0, cart: null };
  const needsFacts = live.some((p) => p.rule.kind === 'buy_x_get_y' && p.rule.buy.type !== 'pack');
  const facts = needsFacts
    ? await productBrandAndCategories(
        db,
        websiteId,
        lines.map((l) => l.productId),
      )
    : new Map<number, { brandId: number | null; categoryIds: number[] }>();
  return applyPromotions(
    lines.map((l) => ({ ...l, brandId: facts.get(l.productId)?.brandId ?? null, categoryIds: facts.get(l.productId)?.categoryIds ?? [] })),
    live,
    now,
  );
}

/**
 * The till's copy of the promotions live at `now` (issue 40 §19, the POS): a buy X get Y whose
 * target is a category or a brand comes with the website's packs it covers (a product's primary
 * category or any other it is in, as `productBrandAndCategories` reads them), so the till applies
 * the same rule to packs alone. The till keeps this list for offline sales.
 */
export async function tillPromotions(db: DbOrTx, websiteId: number, now: Date): Promise<PosPromotion[]> {
  const live = await livePromotions(db, websiteId, now);
  const out: PosPromotion[] = [];
  for (const p of live) {
    let rule = p.rule as PosPromotion['rule'];
    if (p.rule.kind === 'buy_x_get_y' && p.rule.buy.type !== 'pack') {
      rule = { ...p.rule, buy: { type: 'pack', packIds: await packIdsOfTarget(db, websiteId, p.rule.buy) } };
    }
    out.push({
      id: p.id,
      name: p.name,
      summary: promotionSummary(p.rule),
      starts_at: p.startsAt?.toISOString() ?? null,
      ends_at: p.endsAt?.toISOString() ?? null,
      rule,
    });
  }
  return out;
}
