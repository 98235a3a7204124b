import { ApiError, onContractError } from '@grocer/shared/api-client';
import type * as SentryClient from './sentry-client';

/**
 * The staff app's error reporter, the storefront's rule (apps/web lib/telemetry/report-error.ts):
 * every unexpected error goes through `reportError()` to @sentry/react, loaded once the app has
 * mounted, through the same tunnel as the storefront's. Answers the server gave on purpose (4xx:
 * not allowed, not found, a conflict) are the shop working, not bugs. Until the SDK is loaded,
 * reports and uncaught errors wait in a short queue; after, the SDK catches uncaught ones itself.
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

const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;

/** Starts the error SDK after mount (the shell names the DSN and the environment, as the storefront's page does). */
export function startErrorReporting(): void {
  const dsn = meta('error-dsn');
  if (!dsn) return;
  const environment = meta('environment') || 'local';
  const onError = (e: ErrorEvent) => reportError(e.error ?? e.message, { handler: 'window.onerror' });
  const onRejection = (e: PromiseRejectionEvent) => reportError(e.reason, { handler: 'unhandledrejection' });
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  // an answer of the wrong shape, even where the screen catches it (reported once: the same error object)
  onContractError((e) => reportError(e, { kind: 'contract' }));
  void import('./sentry-client')
    .then((m) => {
      m.startSentry({ dsn, environment });
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
      sdk = m;
      for (const p of pending ?? []) m.capture(p.error, p.context);
      pending = null;
    })
    .catch((e: unknown) => console.warn('Error reporting could not start', e));
}
