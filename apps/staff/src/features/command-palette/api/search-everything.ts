import { adminProductListSchema } from '@grocer/shared/admin-catalogue';
import { customerListSchema } from '@grocer/shared/admin-customers';
import { adminOrderListSchema } from '@grocer/shared/admin-orders';
import { apiChecked } from '@grocer/shared/api-client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

const FIRST = 'perPage=5';
const search = (q: string) => `q=${encodeURIComponent(q)}&${FIRST}`;

/** The palette's three searches (the lists' own calls, five of each): only those the person may read, and only once something is typed. */
export function useEverything(q: string, may: { orders: boolean; products: boolean; customers: boolean }) {
  const typed = q.trim().length >= 2;
  const opts = { placeholderData: keepPreviousData, staleTime: 10_000 } as const;
  const orders = useQuery({
    queryKey: ['palette', 'orders', q],
    queryFn: ({ signal }) => apiChecked(`/api/admin/orders?${search(q)}`, async () => adminOrderListSchema, { signal }),
    enabled: typed && may.orders,
    ...opts,
  });
  const products = useQuery({
    queryKey: ['palette', 'products', q],
    queryFn: ({ signal }) => apiChecked(`/api/admin/products?${search(q)}`, async () => adminProductListSchema, { signal }),
    enabled: typed && may.products,
    ...opts,
  });
  const customers = useQuery({
    queryKey: ['palette', 'customers', q],
    queryFn: ({ signal }) => apiChecked(`/api/admin/customers?${search(q)}`, async () => customerListSchema, { signal }),
    enabled: typed && may.customers,
    ...opts,
  });
  return { typed, orders, products, customers, loading: orders.isFetching || products.isFetching || customers.isFetching };
}
