import { toast } from 'sonner';
import { ApiError } from './api';

export const DEFAULT_ERROR = "There's been an error, please try again.";
export const FALLBACK_ERROR = 'Something went wrong';

/**
 * The error reader of spec §8. Message source in order: a plain string, a list joined by
 * newlines, the response data when a string, its msg, message or error field.
 */
export function readError(e: unknown): string {
  if (typeof e === 'string') return e || FALLBACK_ERROR;
  if (Array.isArray(e)) return e.map(readError).join('\n');
  const data = e instanceof ApiError ? e.data : (e as { response?: { data?: unknown } } | null)?.response?.data;
  if (typeof data === 'string' && data) return data;
  if (data && typeof data === 'object') {
    const d = data as { msg?: unknown; message?: unknown; error?: unknown };
    for (const v of [d.msg, d.message, d.error]) if (typeof v === 'string' && v) return v;
  }
  if (e instanceof Error && e.message) return e.message;
  return FALLBACK_ERROR;
}

/** Logs and shows an error toast (spec §8 handlers). */
export function handleError(e: unknown, fallback = DEFAULT_ERROR): void {
  console.error(e);
  const message = readError(e);
  toast.error(message === FALLBACK_ERROR ? fallback : message);
}
