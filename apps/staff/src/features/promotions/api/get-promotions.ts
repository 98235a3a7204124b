import { adminPromotionListSchema, adminPromotionSchema, packChoicesSchema, promotionChoicesSchema } from '@grocer/shared/promotions';
import { apiChecked } from '@grocer/shared/api-client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/** GET /s/api/admin/promotions: every automatic promotion of the shop. */
export const promotionsQuery = queryOptions({
  queryKey: ['admin', 'promotions'],
  queryFn: ({ signal }) => apiChecked('/api/admin/promotions', async () => adminPromotionListSchema, { signal }),
});
export const usePromotions = () => useQuery(promotionsQuery);

/** GET /s/api/admin/promotions/{id} */
export const promotionQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'promotion', id],
    queryFn: ({ signal }) => apiChecked(`/api/admin/promotions/${id}`, async () => adminPromotionSchema, { signal }),
  });
export const usePromotion = (id: number) => useQuery(promotionQuery(id));

/** GET /s/api/admin/promotions/choices: the categories and brands a promotion may target. */
export const usePromotionChoices = () =>
  useQuery({
    queryKey: ['admin', 'promotions', 'choices'],
    queryFn: ({ signal }) => apiChecked('/api/admin/promotions/choices', async () => promotionChoicesSchema, { signal }),
  });

/** GET /s/api/admin/promotions/packs?q=: the pack picker's matches. */
export const usePromotionPacks = (q: string) =>
  useQuery({
    queryKey: ['admin', 'promotions', 'packs', q],
    queryFn: ({ signal }) =>
      apiChecked(`/api/admin/promotions/packs?q=${encodeURIComponent(q)}`, async () => packChoicesSchema, { signal }),
    placeholderData: keepPreviousData,
  });
