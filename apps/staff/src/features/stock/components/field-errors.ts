import { ApiError, field } from '@grocer/shared/api-client';
import type { z } from 'zod';

/** Per-field messages: from the shared schema before sending, or from the server's 422 after. */
export function issuesOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of error.issues) out[i.path.join('.') || '_'] ??= i.message;
  return out;
}

export function serverFieldErrors(err: unknown): Record<string, string> {
  const errors = err instanceof ApiError ? field(err.data, 'errors') : undefined;
  if (!errors || typeof errors !== 'object') return {};
  return Object.fromEntries(Object.entries(errors as Record<string, string[]>).map(([k, v]) => [k, v[0] ?? '']));
}
