import type * as ApiClient from '@grocer/shared/api-client';
import { vi } from 'vitest';

// For the staff forms' component tests: imported before the form, it stands in for the API client's
// `apiChecked` (so the form's real save hooks run and the test sees the method, address and body
// they send) and for the toasts. The form is then imported with `await import(…)`.

/** Every checked call: `(path, method, body)`; a test answers it with mockImplementation or mockResolvedValue. */
export const apiChecked = vi.fn();
/** The toasts shown. */
export const toast = { success: vi.fn(), error: vi.fn() };

vi.mock('@grocer/shared/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiChecked: (path: string, _schema: unknown, opts?: { method?: string; body?: unknown }) =>
    apiChecked(path, opts?.method ?? 'GET', opts?.body),
}));
vi.mock('sonner', () => ({ toast }));

/** Puts the stand-ins back (each file's `beforeEach`): no answers, no toasts. */
export function resetFormApi() {
  apiChecked.mockReset();
  toast.success.mockReset();
  toast.error.mockReset();
}
