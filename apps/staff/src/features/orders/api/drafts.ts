import { apiChecked } from '@grocer/shared/api-client';
import {
  adminDraftListSchema,
  adminDraftSchema,
  draftCustomerListSchema,
  type AdminDraft,
  type DraftCreateBody,
  type DraftUpdateInput,
} from '@grocer/shared/order-drafts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const base = '/api/admin/orders/drafts';

/** GET /s/api/admin/orders/drafts: the Draft filter of the orders screen. */
export const useDrafts = () =>
  useQuery({ queryKey: ['admin', 'drafts'], queryFn: ({ signal }) => apiChecked(base, async () => adminDraftListSchema, { signal }) });

/** GET /s/api/admin/orders/drafts/:id */
export const useDraft = (id: string) =>
  useQuery({
    queryKey: ['admin', 'draft', id],
    queryFn: ({ signal }) => apiChecked(`${base}/${encodeURIComponent(id)}`, async () => adminDraftSchema, { signal }),
  });

/** GET /s/api/admin/orders/drafts/customers?q=: the website's customers by name, mobile or email. */
export const useDraftCustomers = (q: string) =>
  useQuery({
    queryKey: ['admin', 'draft-customers', q],
    enabled: q.trim().length >= 2,
    queryFn: ({ signal }) =>
      apiChecked(`${base}/customers?q=${encodeURIComponent(q.trim())}`, async () => draftCustomerListSchema, { signal }),
  });

/** POST /s/api/admin/orders/drafts */
export function useCreateDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DraftCreateBody) => apiChecked(base, async () => adminDraftSchema, { method: 'POST', body }),
    onSuccess: (d) => {
      client.setQueryData(['admin', 'draft', d.id], d);
      return client.invalidateQueries({ queryKey: ['admin', 'drafts'] });
    },
  });
}

type DraftCall =
  | { kind: 'update'; body: DraftUpdateInput }
  | { kind: 'send-link'; body: { payment_method: 'razorpay' | 'cashfree'; expected_total: number } }
  | { kind: 'place-cod'; body: { expected_total: number } };

/** PATCH …/drafts/:id, POST …/send-link, POST …/place-cod: each answers the draft as it is now. */
export function useDraftCall(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (c: DraftCall): Promise<AdminDraft> =>
      c.kind === 'update'
        ? apiChecked(`${base}/${encodeURIComponent(id)}`, async () => adminDraftSchema, { method: 'PATCH', body: c.body })
        : apiChecked(`${base}/${encodeURIComponent(id)}/${c.kind}`, async () => adminDraftSchema, { method: 'POST', body: c.body }),
    onSuccess: (d) => {
      client.setQueryData(['admin', 'draft', id], d);
      return Promise.all([
        client.invalidateQueries({ queryKey: ['admin', 'drafts'] }),
        client.invalidateQueries({ queryKey: ['admin', 'orders'] }),
      ]);
    },
  });
}
