import { adminAuditQuerySchema, adminBrandsQuerySchema } from '@grocer/shared/admin-catalogue-edit';
import { adminProductsQuerySchema } from '@grocer/shared/admin-catalogue';
import { customersQuerySchema } from '@grocer/shared/admin-customers';
import { adminOrdersQuerySchema } from '@grocer/shared/admin-orders';
import { purchaseOrderQuerySchema, supplierQuerySchema, transferQuerySchema } from '@grocer/shared/admin-purchasing';
import { adminStockQuerySchema } from '@grocer/shared/admin-stock';
import { PAGE_SIZES } from '@grocer/shared/pagination';
import { adminReviewsQuerySchema } from '@grocer/shared/reviews';
import { adminIssuesQuerySchema } from '@grocer/shared/support';
import { act, renderHook } from '@testing-library/react';
import fc from 'fast-check';
import { BrowserRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULTS as auditDefaults } from '../features/audit/components/audit-list';
import { DEFAULTS as customerDefaults } from '../features/customers/components/customer-list';
import { DEFAULTS as issueDefaults } from '../features/issues/components/issue-list';
import { DEFAULTS as orderDefaults } from '../features/orders/components/order-list';
import { DEFAULTS as productDefaults } from '../features/products/components/product-list';
import { DEFAULTS as reviewDefaults } from '../features/reviews/components/review-list';
import { DEFAULTS as purchaseOrderDefaults } from '../features/stock/components/purchase-order-list';
import { DEFAULTS as stockDefaults } from '../features/stock/components/stock-list';
import { DEFAULTS as supplierDefaults } from '../features/stock/components/supplier-list';
import { DEFAULTS as transferDefaults } from '../features/stock/components/transfer-list';
import { DEFAULTS as brandDefaults } from '../features/taxonomy/components/brand-list';
import { useListState, type ListDefaults } from './list-state';

const open = (path: string) => window.history.replaceState(null, '', path);
const listAt = (defaults: ListDefaults) => renderHook(() => useListState(defaults), { wrapper: BrowserRouter });
const query = () => new URLSearchParams(window.location.search);

beforeEach(() => open('/bos/admin/list'));

describe('a list’s view in the address (useListState)', () => {
  const defaults: ListDefaults = { sort: 'placed', dir: 'desc', perPage: 20 };

  it('reads the address, falling back to the defaults for what is missing or unusable', () => {
    open('/bos/admin/list?q=dal&sort=total&dir=asc&page=3&perPage=50&status=paid');
    const { result } = listAt(defaults);
    expect(result.current).toMatchObject({ q: 'dal', sort: 'total', dir: 'asc', page: 3, perPage: 50 });
    expect(result.current.filter('status')).toBe('paid');
    expect(result.current.filter('tag')).toBe('');
    expect(result.current.search).toBe('dir=asc&page=3&perPage=50&q=dal&sort=total&status=paid');
    open('/bos/admin/list?dir=sideways&page=-2&perPage=7');
    expect(listAt(defaults).result.current).toMatchObject({ q: '', sort: 'placed', dir: 'desc', page: 1, perPage: 20 });
  });

  it('a change goes back to page 1; a default leaves the address; history is replaced', () => {
    const { result } = listAt(defaults);
    const entries = window.history.length;
    act(() => result.current.set({ page: 4 }));
    expect(query().toString()).toBe('page=4');
    act(() => result.current.set({ status: 'paid' }));
    expect(query().toString()).toBe('status=paid');
    act(() => result.current.set({ sort: 'total', dir: 'asc', perPage: 50 }));
    act(() => result.current.set({ sort: 'placed', dir: 'desc', perPage: 20, status: '' }));
    expect(window.location.search).toBe('');
    expect(result.current.search).toBe('');
    expect(window.history.length).toBe(entries);
  });

  it('two quick changes before a render both stay (each starts from the address as it is)', () => {
    const { result } = listAt(defaults);
    const { set } = result.current;
    act(() => {
      set({ perPage: 50 });
      set({ status: 'paid' });
    });
    expect(result.current).toMatchObject({ perPage: 50 });
    expect(result.current.filter('status')).toBe('paid');
  });

  it('any view put in the address reads back the same', () => {
    const { result } = listAt(defaults);
    fc.assert(
      fc.property(
        fc.record({
          q: fc.string({ maxLength: 30 }),
          sort: fc.constantFrom('placed', 'total', 'ordernumber'),
          dir: fc.constantFrom('asc' as const, 'desc' as const),
          page: fc.integer({ min: 1, max: 1000 }),
          perPage: fc.constantFrom(...PAGE_SIZES),
          status: fc.string({ maxLength: 10 }),
        }),
        (view) => {
          act(() => result.current.set(view));
          const { q, sort, dir, page, perPage } = result.current;
          expect({ q, sort, dir, page, perPage, status: result.current.filter('status') }).toEqual(view);
        },
      ),
      { numRuns: 60 },
    );
  });
});

/** The options of a list's `sort` in its query schema (none: the server does not sort by choice). */
function sortsOf(schema: z.ZodObject): string[] | null {
  const sort = schema.shape.sort;
  if (!sort) return null;
  const inner = sort instanceof z.ZodDefault ? sort.unwrap() : sort;
  return inner instanceof z.ZodEnum ? (inner.options as string[]) : null;
}

/**
 * Each list with the server's query schema for it: the address leaves defaults out, so the list's
 * defaults must be the server's, and any view the list can hold must reach the server as it is.
 */
const LISTS: Array<[string, ListDefaults, z.ZodObject]> = [
  ['orders', orderDefaults, adminOrdersQuerySchema],
  ['audit', auditDefaults, adminAuditQuerySchema],
  ['reviews', reviewDefaults, adminReviewsQuerySchema],
  ['customers', customerDefaults, customersQuerySchema],
  ['products', productDefaults, adminProductsQuerySchema],
  ['stock', stockDefaults, adminStockQuerySchema],
  ['brands', brandDefaults, adminBrandsQuerySchema],
  ['issues', issueDefaults, adminIssuesQuerySchema],
  ['purchase orders', purchaseOrderDefaults, purchaseOrderQuerySchema],
  ['transfers', transferDefaults, transferQuerySchema],
  ['suppliers', supplierDefaults, supplierQuerySchema],
];

describe.each(LISTS)('the %s list’s address', (_name, defaults, schema) => {
  const sorts = sortsOf(schema);
  const server = schema.parse({});

  it('has the server’s defaults', () => {
    if ('perPage' in server) expect(defaults.perPage).toBe(server.perPage);
    if (sorts) expect({ sort: defaults.sort, dir: defaults.dir }).toEqual({ sort: server.sort, dir: server.dir });
    open('/bos/admin/list');
    expect(listAt(defaults).result.current.search).toBe('');
  });

  it('reaches the server as the list holds it', () => {
    const { result } = listAt(defaults);
    fc.assert(
      fc.property(
        fc.record({
          q: fc.string({ maxLength: 100 }).map((s) => s.trim()),
          page: fc.integer({ min: 1, max: 10_000 }),
          perPage: fc.constantFrom(...PAGE_SIZES),
          sort: fc.constantFrom(...(sorts ?? [defaults.sort])),
          dir: fc.constantFrom('asc' as const, 'desc' as const),
        }),
        (view) => {
          act(() => result.current.set(view));
          const got = schema.parse(Object.fromEntries(new URLSearchParams(result.current.search)));
          const held = { q: result.current.q, page: result.current.page, perPage: result.current.perPage };
          for (const [k, v] of Object.entries(held)) if (k in server) expect(got[k]).toEqual(v);
          if (sorts) expect({ sort: got.sort, dir: got.dir }).toEqual({ sort: result.current.sort, dir: result.current.dir });
          expect(held).toEqual({ q: view.q, page: view.page, perPage: view.perPage });
        },
      ),
      { numRuns: 40 },
    );
  });
});
