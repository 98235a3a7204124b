import { captureException, init, addIntegration, setTag } from '@sentry/react';
import { ERROR_TUNNEL } from '@grocer/shared/links';
import { ApiError } from '../api';

/**
 * @sentry/react with spec §1's rates: every trace, replay of 10% of sessions and of every session
 * with an error; the environment label from the page's meta tag; events through the shop's own
 * tunnel (/s/tunnel), which forwards them to SENTRY_DSN or keeps them in Administration's inbox.
 * Browser tracing and replay come in a chunk of their own, after the SDK has started.
 */
export async function startSentry(opts: { dsn: string; environment: string }): Promise<void> {
  init({
    dsn: opts.dsn,
    tunnel: ERROR_TUNNEL,
    environment: opts.environment,
    tracesSampleRate: 1,
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1,
  });
  setTag('app', 'storefront');
  const { browserTracingIntegration, replayIntegration } = await import('./sentry-extras');
  addIntegration(browserTracingIntegration());
  addIntegration(replayIntegration({ maskAllText: true, blockAllMedia: true }));
}

export function capture(error: unknown, context?: Record<string, unknown>): void {
  const requestId = error instanceof ApiError ? (error.data as { request_id?: unknown } | null)?.request_id : undefined;
  captureException(error, { extra: context, tags: typeof requestId === 'string' ? { request_id: requestId } : undefined });
}
