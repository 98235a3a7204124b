import { api, apiChecked } from '@grocer/shared/api-client';
import {
  builderPageDetailSchema,
  builderPageSchema,
  type BuilderDraft,
  type BuilderPageCreate,
  type BuilderPageDetail,
  type BuilderPageUpdate,
} from '@grocer/shared/builder-pages';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

const refreshList = (client: QueryClient) => void client.invalidateQueries({ queryKey: ['builder', 'pages'] });

/** POST /s/api/builder/pages: a new draft page (422 at url or title). */
export function useCreatePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BuilderPageCreate) =>
      apiChecked('/api/builder/pages', async () => builderPageSchema, { method: 'POST', body: input }),
    onSuccess: () => refreshList(client),
  });
}

/** POST /s/api/builder/pages/{id}/duplicate: a draft copy at a new url. */
export function useDuplicatePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: { id: number; url: string; title: string }) =>
      apiChecked(`/api/builder/pages/${id}/duplicate`, async () => builderPageSchema, { method: 'POST', body: input }),
    onSuccess: () => refreshList(client),
  });
}

/** PATCH /s/api/builder/pages/{id}: url (the old one redirects), title, the navbar/sub-navbar/footer switches. */
export function useUpdatePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: BuilderPageUpdate & { id: number }) =>
      apiChecked(`/api/builder/pages/${id}`, async () => builderPageSchema, { method: 'PATCH', body: input }),
    onSuccess: (page) => {
      refreshList(client);
      void client.invalidateQueries({ queryKey: ['builder', 'page', page.id] });
    },
  });
}

/** DELETE /s/api/builder/pages/{id} (never the home page). */
export function useDeletePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/api/builder/pages/${id}`, { method: 'DELETE' }),
    onSuccess: () => refreshList(client),
  });
}

function useDetailWrite<V>(id: number, call: (v: V) => Promise<BuilderPageDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (detail) => {
      client.setQueryData(['builder', 'page', id], detail);
      void client.invalidateQueries({ queryKey: ['builder', 'page', id, 'revisions'] });
      refreshList(client);
    },
  });
}

/** PUT /s/api/builder/pages/{id}/draft: the editor's save (422 at a block's field, 409 someone saved first). */
export const useSaveDraft = (id: number) =>
  useDetailWrite(id, (draft: BuilderDraft) =>
    apiChecked(`/api/builder/pages/${id}/draft`, async () => builderPageDetailSchema, { method: 'PUT', body: draft }),
  );

/** POST /s/api/builder/pages/{id}/publish: the draft becomes what shoppers see, as a new revision. */
export const usePublishPage = (id: number) =>
  useDetailWrite(id, (version: number) =>
    apiChecked(`/api/builder/pages/${id}/publish`, async () => builderPageDetailSchema, { method: 'POST', body: { version } }),
  );

/** POST /s/api/builder/pages/{id}/unpublish: shoppers get 404 there; the content stays as the draft (never the home page). */
export function useUnpublishPage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) =>
      apiChecked(`/api/builder/pages/${id}/unpublish`, async () => builderPageDetailSchema, { method: 'POST', body: { version } }),
    onSuccess: (detail) => {
      client.setQueryData(['builder', 'page', detail.page.id], detail);
      refreshList(client);
    },
  });
}

/** POST /s/api/builder/pages/{id}/revisions/{n}/rollback: revision n's content published again. */
export const useRollbackPage = (id: number) =>
  useDetailWrite(id, ({ number, version }: { number: number; version: number }) =>
    apiChecked(`/api/builder/pages/${id}/revisions/${number}/rollback`, async () => builderPageDetailSchema, {
      method: 'POST',
      body: { version },
    }),
  );
