import { applyPromotions, promotionLive, type Promotion, type PromotionResult } from '@grocer/shared/promotions';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { websiteCache } from '../../http/cache';
import { productBrandAndCategories } from '../catalogue/service';
import { promotions } from './tables';

// Read on every cart pricing: the website's active promotions are kept a few seconds (DESIGN §1),
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
      .where(and(eq(promotions.websiteId, websiteId), eq(promotions.active, true))),
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
