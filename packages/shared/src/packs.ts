import type { Pack } from './catalogue';

// How cards and product pages show packs. No zod here (a value import of catalogue.ts would bring
// zod into every page's first load): types only from the contract.

/**
 * A product's name as a card prints it under its brand: without the brand repeated in front
 * ('Amrut Dairy' over 'Amrut Dairy Desi Ghee' reads 'Desi Ghee'); the whole name when that would leave nothing.
 */
export function nameUnderBrand(name: string, brand: string): string {
  const b = brand.trim();
  if (!b || name.length <= b.length + 1 || name.slice(0, b.length).toLowerCase() !== b.toLowerCase() || name[b.length] !== ' ') return name;
  return name.slice(b.length + 1).trim() || name;
}

/** The share of act_price a pack takes off (0 when it has no discount). */
export const packSaving = (p: Pack): number => (p.act_price > p.price ? (p.act_price - p.price) / p.act_price : 0);

/**
 * The pack a card or a product page shows first, the same one the list's sort looked at: among the
 * packs in stock (all packs when none is), the cheapest for a price sort (the server sorts by the
 * product's lowest pack price), the biggest saving for the discount sort, otherwise the owner's
 * first. So an in-stock product never shows "Out of stock" because its first pack ran out, and a
 * page never preselects a pack that cannot be bought while another can.
 */
export function displayPack(packs: Pack[], sort?: string): Pack | undefined {
  const inStock = packs.filter((p) => p.stock !== 0);
  const pool = inStock.length ? inStock : packs;
  const best = (better: (a: Pack, b: Pack) => boolean) => pool.reduce<Pack | undefined>((m, p) => (!m || better(p, m) ? p : m), undefined);
  if (sort === 'price_asc' || sort === 'price_desc') return best((a, b) => a.price < b.price);
  if (sort === 'discount') return best((a, b) => packSaving(a) > packSaving(b));
  return pool[0];
}

/** A pack's size read from its name ('500 g', '1.5 kg', '1 L', '200 ml', 'Pack of 6', '12 pcs'), or null. */
export function packSize(name: string): { amount: number; unit: 'g' | 'ml' | 'pc' } | null {
  const n = name.toLowerCase().replace(/,/g, '');
  const m = /(\d+(?:\.\d+)?)\s*(kg|kgs|g|gm|gms|gram|grams|l|ltr|litre|liter|litres|liters|ml)\b/.exec(n);
  if (m) {
    const v = Number(m[1]);
    const unit = m[2]!;
    if (/^kg/.test(unit)) return { amount: v * 1000, unit: 'g' };
    if (/^(g|gm|gram)/.test(unit)) return { amount: v, unit: 'g' };
    if (unit === 'ml') return { amount: v, unit: 'ml' };
    return { amount: v * 1000, unit: 'ml' };
  }
  const pieces = /(?:pack of|set of)\s*(\d+)|(\d+)\s*(?:pcs|pc|pieces|piece|nos|units)\b/.exec(n);
  if (pieces) return { amount: Number(pieces[1] ?? pieces[2]), unit: 'pc' };
  return null;
}

/**
 * The price per kg, litre or piece that lets a shopper compare packs ('₹122/kg'), as Indian
 * grocery apps show it (the Legal Metrology rules ask for a unit sale price): per kg or litre, per
 * 100 g or 100 ml for packs under 100, per piece for packs of several. Null when it would only
 * repeat the price (a 1 kg pack, a single piece) or the name gives no size. `format` prints rupees.
 */
export function unitPrice(packName: string, price: number, format: (rupees: number) => string): string | null {
  const size = packSize(packName);
  if (!size || size.amount <= 0 || price <= 0) return null;
  if (size.unit === 'pc') return size.amount > 1 ? `${format(Math.round((price / size.amount) * 100) / 100)}/pc` : null;
  const base = size.amount < 100 ? 100 : 1000;
  if (size.amount === base) return null;
  const label = base === 100 ? `100 ${size.unit}` : size.unit === 'g' ? 'kg' : 'L';
  return `${format(Math.round((price * base * 100) / size.amount) / 100)}/${label}`;
}
