import { useQuery } from '@tanstack/react-query';
import { productsQuery } from './get-products';

/** How many products a list view holds (the list call at its smallest page). */
export const useProductCount = (search: string) => useQuery({ ...productsQuery(`${search}&perPage=5`), select: (r) => r.meta.total });
