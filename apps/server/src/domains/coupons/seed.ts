import type { DbOrTx } from '../../db/client';
import { coupons } from './tables';

/** Demo coupons (DESIGN §8): WELCOME50 ₹50 off from ₹499; SAVE10 10% up to ₹100. */
export async function seedCoupons(db: DbOrTx, { websiteId }: { websiteId: number }) {
  await db.insert(coupons).values([
    {
      websiteId,
      code: 'WELCOME50',
      description: '₹50 off your first order from ₹499',
      kind: 'flat',
      value: 5000,
      minOrder: 49_900,
      perCustomerLimit: 1,
      firstOrderOnly: true,
      listed: true,
    },
    {
      websiteId,
      code: 'SAVE10',
      description: '10% off, up to ₹100',
      kind: 'percent',
      value: 1000,
      maxDiscount: 10_000,
      minOrder: 0,
      listed: true,
    },
  ]);
}
