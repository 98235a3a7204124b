import { mediaSchema } from '@grocer/shared/media';
import { api, apiChecked } from '@grocer/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** PATCH /s/api/admin/media/{id}: the alt text. */
export function useUpdateMediaAlt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, alt }: { id: number; alt: string }) =>
      apiChecked(`/api/admin/media/${id}`, async () => mediaSchema, { method: 'PATCH', body: { alt } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin', 'media'] }),
  });
}

/** DELETE /s/api/admin/media/{id}: only an unused image (409 says where it is used). */
export function useDeleteMedia() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/api/admin/media/${id}`, { method: 'DELETE' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin', 'media'] }),
  });
}
