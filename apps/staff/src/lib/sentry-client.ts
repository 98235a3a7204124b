import { ApiError } from '@grocer/shared/api-client';
import { ERROR_TUNNEL } from '@grocer/shared/links';
import { captureException, init, setTag } from '@sentry/react';

/**
 * @sentry/react for the staff app, in a chunk of its own: the storefront's SDK version and tunnel
 * (events reach SENTRY_DSN or Administration's Errors inbox the same way), tagged `app: staff`.
 * No tracing or session replay: staff screens show customers' personal data.
 */
export function startSentry(opts: { dsn: string; environment: string }): void {
  init({ dsn: opts.dsn, tunnel: ERROR_TUNNEL, environment: opts.environment, tracesSampleRate: 0 });
  setTag('app', 'staff');
}

export function capture(error: unknown, context?: Record<string, unknown>): void {
  const requestId = error instanceof ApiError ? (error.data as { request_id?: unknown } | null)?.request_id : undefined;
  captureException(error, { extra: context, tags: typeof requestId === 'string' ? { request_id: requestId } : undefined });
}
