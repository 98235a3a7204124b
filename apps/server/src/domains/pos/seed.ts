import type { DbOrTx } from '../../db/client';
import { posSettings } from './tables';

/** The demo counter: the shop's UPI ID for the QR and a 10 % limit on a bill's discount. */
export async function seedPos(tx: DbOrTx, websiteId: number) {
  await tx.insert(posSettings).values({ websiteId, upiVpa: 'greengrocer@okaxis', payeeName: 'Green Grocer', maxDiscountBp: 1000 });
}
