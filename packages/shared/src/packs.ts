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
