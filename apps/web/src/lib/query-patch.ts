import type { QueryClient } from '@tanstack/react-query';

/**
 * Sets `wishlist` on every cached product with this id (lists, product pages, related products,
 * carousels of content pages), sharing every untouched object, so a toggle shows everywhere at
 * once without refetching (spec §4: the flag flips in the list and on the current product).
 */
export function patchCachedProducts(client: QueryClient, productId: number, patch: { wishlist: boolean }): void {
  const visit = (v: unknown): unknown => {
    if (Array.isArray(v)) {
      let changed = false;
      const out = v.map((x) => {
        const y = visit(x);
        if (y !== x) changed = true;
        return y;
      });
      return changed ? out : v;
    }
    if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (o.product_id === productId && 'packs' in o) return o.wishlist === patch.wishlist ? o : { ...o, ...patch };
      let changed = false;
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(o)) {
        const y = visit(x);
        if (y !== x) changed = true;
        out[k] = y;
      }
      return changed ? out : v;
    }
    return v;
  };
  for (const [key, data] of client.getQueriesData({ predicate: (q) => q.queryKey[0] !== 'init' })) {
    const next = visit(data);
    if (next !== data) client.setQueryData(key, next);
  }
}
