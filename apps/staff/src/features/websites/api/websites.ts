import { apiChecked } from '@grocer/shared/api-client';
import {
  chooseWebsiteResultSchema,
  createWebsiteResultSchema,
  domainListSchema,
  manageableListSchema,
  websiteStateSchema,
  type CreateWebsiteInput,
} from '@grocer/shared/websites';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const KEY = ['bos', 'websites'];

/** GET /s/api/bos/choose: the websites the person may manage. */
export const manageableQuery = queryOptions({
  queryKey: KEY,
  queryFn: ({ signal }) => apiChecked('/api/bos/choose', async () => manageableListSchema, { signal }),
});
export const useManageable = () => useQuery(manageableQuery);

/** POST /s/api/bos/choose: the staff session's managed website. */
export function useChooseWebsite() {
  return useMutation({
    mutationFn: (websiteId: number) =>
      apiChecked('/api/bos/choose', async () => chooseWebsiteResultSchema, { method: 'POST', body: { website_id: websiteId } }),
  });
}

/** POST /s/api/bos/websites (superadmin): a new website, blank or a storefront copy. */
export function useCreateWebsite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWebsiteInput) =>
      apiChecked('/api/bos/websites', async () => createWebsiteResultSchema, { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** Domains (add, make primary, remove) and pausing, on the choose screen (superadmin). */
export function useWebsiteAdmin(websiteId: number) {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: KEY });
  const base = `/api/bos/websites/${websiteId}`;
  return {
    addDomain: useMutation({
      mutationFn: (host: string) => apiChecked(`${base}/domains`, async () => domainListSchema, { method: 'POST', body: { host } }),
      onSuccess: done,
    }),
    makePrimary: useMutation({
      mutationFn: (domainId: number) => apiChecked(`${base}/domains/${domainId}/primary`, async () => domainListSchema, { method: 'POST' }),
      onSuccess: done,
    }),
    removeDomain: useMutation({
      mutationFn: (domainId: number) => apiChecked(`${base}/domains/${domainId}`, async () => domainListSchema, { method: 'DELETE' }),
      onSuccess: done,
    }),
    setPaused: useMutation({
      mutationFn: (paused: boolean) => apiChecked(base, async () => websiteStateSchema, { method: 'PATCH', body: { paused } }),
      onSuccess: done,
    }),
  };
}
