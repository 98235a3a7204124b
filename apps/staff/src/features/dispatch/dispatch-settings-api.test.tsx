import type * as ApiClient from '@grocer/shared/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The dispatch settings' save: each PUT is an audit row, so only the part that changed is sent.

const apiChecked = vi.fn();
vi.mock('@grocer/shared/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiChecked: (path: string, _schema: unknown, opts?: { method?: string; body?: unknown }) =>
    apiChecked(path, opts?.method ?? 'GET', opts?.body),
}));
const { useSaveDispatchSettings } = await import('./api/dispatch-settings');

const before = { code_mode: 'all', share_position: false, call_number: null } as const;
function hook() {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useSaveDispatchSettings(), { wrapper }).result;
}

describe('saving the dispatch settings', () => {
  beforeEach(() => {
    apiChecked.mockReset();
    apiChecked.mockImplementation(async (_path: string, _method: string, body: unknown) => body);
  });

  it('only the code mode changed: one PUT to /settings', async () => {
    const saved = await hook().current.mutateAsync({ before, next: { ...before, code_mode: 'cod' } });
    expect(apiChecked.mock.calls).toEqual([['/api/admin/dispatch/settings', 'PUT', { code_mode: 'cod' }]]);
    expect(saved).toEqual({ ...before, code_mode: 'cod' });
  });

  it('only the tracking changed: one PUT to /tracking', async () => {
    const next = { ...before, share_position: true, call_number: '+91 80 4123 4567' };
    expect(await hook().current.mutateAsync({ before, next })).toEqual(next);
    expect(apiChecked.mock.calls).toEqual([
      ['/api/admin/dispatch/tracking', 'PUT', { share_position: true, call_number: '+91 80 4123 4567' }],
    ]);
  });

  it('both changed: both PUTs; nothing changed: none', async () => {
    await hook().current.mutateAsync({ before, next: { code_mode: 'off', share_position: true, call_number: null } });
    expect(apiChecked.mock.calls.map((c) => c[0])).toEqual(['/api/admin/dispatch/settings', '/api/admin/dispatch/tracking']);
    apiChecked.mockClear();
    expect(await hook().current.mutateAsync({ before, next: before })).toEqual(before);
    expect(apiChecked).not.toHaveBeenCalled();
  });
});
