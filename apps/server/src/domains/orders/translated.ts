import type { Language } from '@grocer/shared/languages';
import type { OrderDetail } from '@grocer/shared/order';
import type { DbOrTx } from '../../db/client';
import { translate } from '../translations';

/**
 * An order as the shopper's screens show it, in their language (issue 46 §2): each line named by
 * its product's translation when one exists, else by the name stored at order time. The order
 * keeps the default-language name it was placed with (staff screens, receipts and invoices read
 * that); a line whose product is gone (`product_id` 0) keeps it too. One query for all lines.
 * `language`: undefined for the website's default (nothing to do).
 */
export async function orderInLanguage(
  db: DbOrTx,
  websiteId: number,
  language: Language | undefined,
  order: OrderDetail,
): Promise<OrderDetail> {
  const ids = order.lines.map((l) => l.product_id).filter((id) => id > 0);
  if (!language || !ids.length) return order;
  const names = await translate(db, websiteId, language, 'product', ids, ['name']);
  if (!names.size) return order;
  return { ...order, lines: order.lines.map((l) => ({ ...l, name: names.get(String(l.product_id))?.get('name') ?? l.name })) };
}
