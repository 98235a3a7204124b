import { GENERIC_MESSAGE } from '@grocer/shared/errors';
import { toast } from './toast';
import { ApiError, field } from './api';
import { reportError } from './telemetry/report-error';
import { msg, t } from './i18n';

/** Spec §8 default toast, shown when nothing in an error can be read. */
export const DEFAULT_ERROR = msg("There's been an error, please try again.");
/** Spec §8 fallback of the message sources (the server's 500 message too). */
export const FALLBACK_ERROR = GENERIC_MESSAGE;

const text = (v: unknown): v is string => typeof v === 'string' && v !== '';

/**
 * The error reader of spec §8, in its order: a plain string, a list joined by newlines, the
 * response data when a string, its msg, message or error field; else 'Something went wrong'.
 * An Error's own message is not a source: a network failure ("Failed to fetch") or an empty
 * failed response reads as the fallback.
 */
export function readError(e: unknown): string {
  if (typeof e === 'string') return e || t(FALLBACK_ERROR);
  if (Array.isArray(e)) return e.length ? e.map(readError).join('\n') : t(FALLBACK_ERROR);
  const data = e instanceof ApiError ? e.data : field(field(e, 'response'), 'data');
  if (text(data)) return data;
  for (const key of ['msg', 'message', 'error']) {
    const v = field(data, key);
    if (text(v)) return v;
  }
  return t(FALLBACK_ERROR);
}

/** Spec §8 handlers: log the error and show an error toast (the default one when nothing reads). */
export function handleError(e: unknown): void {
  console.error(e);
  reportError(e, { handler: 'shared' });
  const message = readError(e);
  toast.error(message === t(FALLBACK_ERROR) ? t(DEFAULT_ERROR) : message);
}
