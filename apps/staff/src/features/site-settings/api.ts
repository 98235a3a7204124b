import { apiChecked } from '@grocer/shared/api-client';
import {
  savedSettingsSchema,
  siteFontsSchema,
  siteSettingsSchema,
  type MenuKind,
  type SettingsGroup,
  type SiteSettings,
} from '@grocer/shared/site-settings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const settingsQuery = queryOptions({
  queryKey: ['builder', 'settings'],
  queryFn: ({ signal }) => apiChecked('/api/builder/settings', async () => siteSettingsSchema, { signal }),
});

/** GET /s/api/builder/settings: every group and the version they were read at. */
export const useSiteSettings = () => useQuery(settingsQuery);

/** GET /s/api/builder/fonts: the bundled families and their @font-face rules (the preview loads them). */
export const useSiteFonts = () =>
  useQuery({
    queryKey: ['builder', 'fonts'],
    staleTime: Infinity,
    queryFn: ({ signal }) => apiChecked('/api/builder/fonts', async () => siteFontsSchema, { signal }),
  });

/**
 * PUT one group (or one menu) with the version it was edited from; afterwards the settings are
 * read again (the new version, what the server kept).
 */
export function useSaveGroup(target: SettingsGroup | `menus/${MenuKind}`) {
  const client = useQueryClient();
  const url = target.startsWith('menus/') ? `/api/builder/${target}` : `/api/builder/settings/${target}`;
  return useMutation({
    mutationFn: (body: Record<string, unknown> & { version: number }) =>
      apiChecked(url, async () => savedSettingsSchema, { method: 'PUT', body }),
    // after a refusal the draft stays on screen (a stale save offers Reload: the form then starts again)
    onSuccess: () => client.invalidateQueries({ queryKey: ['builder', 'settings'] }),
  });
}

export type { SiteSettings };
