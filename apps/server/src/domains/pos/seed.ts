import { slugify } from '@grocer/shared/slug';
import type { DbOrTx, Tx } from '../../db/client';
import { createLoosePack } from '../catalogue';
import { openStock, warehousesOf } from '../inventory';
import { posSettings } from './tables';

/** The demo counter: the shop's UPI ID for the QR and a 10 % limit on a bill's discount. */
export async function seedPos(tx: DbOrTx, websiteId: number) {
  await tx.insert(posSettings).values({ websiteId, upiVpa: 'greengrocer@okaxis', payeeName: 'Green Grocer', maxDiscountBp: 1000 });
}

/**
 * The demo's loose goods (issue 40): weighed at the counter and sold online in 500 g steps, priced per kg, stock in grams, each
 * with the PLU its scale labels carry (a label for 735 g of tomatoes reads 2000101007357).
 */
export const DEMO_LOOSE_GOODS = [
  { name: 'Tomato (loose)', plu: '00101', perKg: 4000, hsn: '0702' },
  { name: 'Onion (loose)', plu: '00102', perKg: 3500, hsn: '0703' },
  { name: 'Toor Dal (loose)', plu: '00201', perKg: 14_800, hsn: '0713' },
] as const;

export async function seedLooseGoods(tx: Tx, websiteId: number) {
  const whs = await warehousesOf(tx, websiteId);
  for (const g of DEMO_LOOSE_GOODS) {
    const packId = await createLoosePack(tx, websiteId, {
      name: g.name,
      slug: `loose-${slugify(g.name.replace(' (loose)', ''))}`,
      pricePaise: g.perKg,
      hsnCode: g.hsn,
      gstRate: 0,
      plu: g.plu,
      // sold online too, in 500 g steps (issue 40.5)
      status: 'active',
    });
    // 40 kg at every warehouse
    await openStock(
      tx,
      whs.map((w) => ({ websiteId, packId, warehouseId: w.id, available: 40_000 })),
      'seed',
    );
  }
}
