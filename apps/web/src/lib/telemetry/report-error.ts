import { ApiError } from '../api';
import type * as SentryClient from './sentry-client';
import { pageMeta, whenIdle } from './page-meta';

/**
 * The shared error reporter (spec §8): every unexpected error of the storefront goes through
 * `reportError()`, which hands it to the error SDK (@sentry/react, loaded lazily once the page is
 * idle, with browser tracing and replay) through the same-origin tunnel. Failed calls the server
 * answered on purpose (4xx: out of stock, not found, signed out) are the shop working, not bugs.
 */
type Sentry = typeof SentryClient;
let sdk: Sentry | null = null;
let pending: Array<{ error: unknown; context?: Record<string, unknown> }> | null = [];
const reported = new WeakSet<object>();

const expected = (e: unknown) => e instanceof ApiError && e.status < 500;

export function reportError(error: unknown, context?: Record<string, unknown>): void {
  if (expected(error)) return;
  if (error && typeof error === 'object') {
    if (reported.has(error)) return;
    reported.add(error);
  }
  if (sdk) sdk.capture(error, context);
  else if (pending && pending.length < 50) pending.push({ error, context });
}

/** Starts the error SDK after mount (not for a page the server says runs nowhere). */
export function startErrorReporting(): void {
  const dsn = pageMeta('error-dsn')?.content;
  if (!dsn) return;
  const environment = pageMeta('environment')?.content || 'local';
  whenIdle(() => {
    void import('./sentry-client')
      .then(async (m) => {
        await m.startSentry({ dsn, environment });
        sdk = m;
        for (const p of pending ?? []) m.capture(p.error, p.context);
        pending = null;
      })
      .catch((e: unknown) => console.warn('Error reporting could not start', e));
  });
}
