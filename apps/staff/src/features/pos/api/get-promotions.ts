import { apiChecked } from '@grocer/shared/api-client';
import type { PosPromotion } from '@grocer/shared/promotions';

/** The website's automatic promotions live now (categories and brands resolved to packs), for the till. */
export async function fetchPosPromotions(): Promise<PosPromotion[]> {
  const r = await apiChecked('/api/pos/promotions', async () => (await import('@grocer/shared/promotions')).posPromotionListSchema);
  return r.data;
}
