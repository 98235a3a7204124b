import { SORTS, type Sort } from '@grocer/shared/catalogue';
import type { ListParams } from './api/products';

const list = (v: string | null) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : []);

/** The /products address ⇄ list parameters (q, c, b, s, page; page defaults to 1). */
export function paramsFromSearch(search: URLSearchParams): ListParams {
  const page = Number(search.get('page'));
  const s = search.get('s');
  return {
    q: search.get('q')?.trim() || undefined,
    c: list(search.get('c')),
    b: list(search.get('b')),
    s: s && SORTS.includes(s as Sort) ? s : undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function searchFromParams(p: ListParams): string {
  const s = new URLSearchParams();
  if (p.q) s.set('q', p.q);
  if (p.c.length) s.set('c', p.c.join(','));
  if (p.b.length) s.set('b', p.b.join(','));
  if (p.s) s.set('s', p.s);
  if (p.page > 1) s.set('page', String(p.page));
  return s.toString();
}
