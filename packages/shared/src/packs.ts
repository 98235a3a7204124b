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

/**
 * The packs in size order, smallest first (issue 39: '500 g, 1 kg, 5 kg', whatever order the owner
 * added them in). Sizes compare within one unit (grams, millilitres, pieces); packs whose names
 * give no size, or another unit than the first sized pack's, keep their place after them.
 */
export function packsBySize(packs: Pack[]): Pack[] {
  const sizes = packs.map((p) => packSize(p.pack_name));
  const unit = sizes.find((s) => s !== null)?.unit;
  const comparable = (i: number) => sizes[i] !== null && sizes[i]!.unit === unit;
  return packs
    .map((p, i) => ({ p, i }))
    .sort((a, b) => {
      const ca = comparable(a.i);
      const cb = comparable(b.i);
      if (ca && cb) return sizes[a.i]!.amount - sizes[b.i]!.amount || a.i - b.i;
      return ca === cb ? a.i - b.i : ca ? -1 : 1;
    })
    .map(({ p }) => p);
}

/**
 * The pack that costs least per gram, millilitre or piece, among the packs in stock of one unit
 * (the Legal Metrology unit price a shopper compares): the one to tag "Best value". Null when
 * fewer than two such packs can be compared, or when the cheapest per unit is tied.
 */
export function bestValuePackId(packs: Pack[]): number | null {
  const priced = packs
    .filter((p) => p.stock !== 0 && p.price > 0)
    .map((p) => ({ p, size: packSize(p.pack_name) }))
    .filter((x): x is { p: Pack; size: NonNullable<ReturnType<typeof packSize>> } => x.size !== null && x.size.amount > 0);
  const unit = priced[0]?.size.unit;
  const same = priced.filter((x) => x.size.unit === unit).map((x) => ({ id: x.p.pack_id, per: x.p.price / x.size.amount }));
  if (same.length < 2) return null;
  same.sort((a, b) => a.per - b.per);
  return same[0]!.per < same[1]!.per ? same[0]!.id : null;
}
