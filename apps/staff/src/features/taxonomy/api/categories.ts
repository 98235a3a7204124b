import { adminCategoryListSchema, adminCategorySchema, type AdminCategoryInput } from '@grocer/shared/admin-catalogue-edit';
import { api, apiChecked } from '@grocer/shared/api-client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /s/api/admin/categories: the whole tree, flat (parent_id, position), with product counts. */
export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'categories'],
    queryFn: ({ signal }) => apiChecked('/api/admin/categories', async () => adminCategoryListSchema, { signal }),
  });
export const useCategories = () => useQuery(categoriesQuery());

/** Every category write changes the editor's and filters' choices too. */
function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['admin', 'categories'] }),
      client.invalidateQueries({ queryKey: ['admin', 'product-options'] }),
    ]);
}

/** POST /s/api/admin/categories or PUT /s/api/admin/categories/{id}. */
export function useSaveCategory() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...input }: Partial<AdminCategoryInput> & { id?: number; name: string }) =>
      apiChecked(id ? `/api/admin/categories/${id}` : '/api/admin/categories', async () => adminCategorySchema, {
        method: id ? 'PUT' : 'POST',
        body: input,
      }),
    onSuccess: invalidate,
  });
}

/** POST /s/api/admin/categories/arrange: a parent's children in their new order (after a drag or a move button). */
export function useArrangeCategories() {
  const client = useQueryClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { parent_id: number | null; ids: number[] }) =>
      apiChecked('/api/admin/categories/arrange', async () => adminCategoryListSchema, { method: 'POST', body: input }),
    onSuccess: (list) => {
      client.setQueryData(['admin', 'categories'], list);
      return invalidate();
    },
  });
}

/** DELETE /s/api/admin/categories/{id}?move_to=: a used category needs `move_to` ('' = none / top level). */
export function useDeleteCategory() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, moveTo }: { id: number; moveTo?: number | null }) =>
      api(`/api/admin/categories/${id}${moveTo === undefined ? '' : `?move_to=${moveTo ?? ''}`}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
