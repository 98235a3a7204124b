import type { Cart } from '@grocer/shared/cart';
import type { Language } from '@grocer/shared/languages';
import type { DbOrTx } from '../../db/client';
import { translate } from '../translations';

/**
 * The cart answer's product names in the shopper's language where translated (issue 46 §2), one
 * query for all its lines; an untranslated product keeps its name. Only the answer changes: the
 * priced model keeps the default names, which an order stores (staff, receipts and invoices read
 * those). A pack's name ("1 kg") is not translated. In the website's default language there are
 * no translations, so the answer is the same (one indexed read: the cart cannot see the website's
 * settings without a circle of imports).
 */
export async function cartInLanguage(db: DbOrTx, websiteId: number, language: Language | undefined, cart: Cart): Promise<Cart> {
  const ids = cart.items.flatMap((i) => (i.product_id ? [i.product_id] : []));
  if (!language || !ids.length) return cart;
  const names = await translate(db, websiteId, language, 'product', ids, ['name']);
  if (!names.size) return cart;
  // the answer is fresh (toCartResponse): its items, grouped_items' too, are renamed in place
  for (const item of cart.items) item.name = (item.product_id && names.get(String(item.product_id))?.get('name')) || item.name;
  return cart;
}
