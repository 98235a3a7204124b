import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionError, rootCause } from '../db/errors';

/**
 * The one catalogue of expected failures. Each has a stable `code` the client can switch on;
 * the JSON shape is `{ message, code, errors? }` (DESIGN §4). Anything else is logged and shown
 * as a generic message.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** more fields for the body, e.g. `retry_after` (seconds) on a 429 */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const Errors = {
  notFound: (message = 'Not found') => new AppError(404, 'NOT_FOUND', message),
  routeNotFound: (method: string, url: string) => new AppError(404, 'ROUTE_NOT_FOUND', `No such call: ${method} ${url}`),
  websiteNotFound: () => new AppError(404, 'WEBSITE_NOT_FOUND', 'website not found'),
  csrfMismatch: () => new AppError(403, 'CSRF_MISMATCH', 'Your session token is missing or out of date. Please reload the page and try again.'),
  crossSite: () => new AppError(403, 'CROSS_SITE_REQUEST', 'This request came from another site and was refused.'),
  unauthenticated: (message = 'Please sign in to continue.') => new AppError(401, 'UNAUTHENTICATED', message),
  forbidden: (message = 'You are not allowed to do that.') => new AppError(403, 'FORBIDDEN', message),
  invalid: (errors: Record<string, string[]>, message = firstMessage(errors)) => new AppError(422, 'VALIDATION_FAILED', message, errors),
  conflict: (code: string, message: string) => new AppError(409, code, message),
  rateLimited: (message = 'Too many attempts. Please wait a moment and try again.', retryAfter?: number, code = 'RATE_LIMITED') =>
    new AppError(429, code, message, undefined, retryAfter === undefined ? undefined : { retry_after: retryAfter }),
  unavailable: (message = 'Service unavailable') => new AppError(503, 'UNAVAILABLE', message),
  databaseUnavailable: (reason?: string) =>
    new AppError(503, 'DATABASE_UNAVAILABLE', 'The shop cannot reach its database just now. Please try again in a moment.', undefined, reason ? { reason } : undefined),
} as const;

function firstMessage(errors: Record<string, string[]>): string {
  for (const list of Object.values(errors)) if (list[0]) return list[0];
  return 'Please check the highlighted fields.';
}

export const GENERIC_MESSAGE = 'Something went wrong';

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.extra?.retry_after !== undefined) reply.header('retry-after', String(error.extra.retry_after));
      return reply.status(error.statusCode).send({ message: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}), ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const v of error.validation) {
        const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || String((v.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') ?? '') || error.validationContext || 'request';
        (errors[field] ??= []).push(v.message ?? 'is invalid');
      }
      const e = Errors.invalid(errors);
      return reply.status(422).send({ message: e.message, code: e.code, errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type).
      return reply.status(status).send({ message: error.message, code: error.code ?? 'BAD_REQUEST' });
    }
    if (isConnectionError(error)) {
      // The database dropped or refused the connection: worth a retry, not a bug (the pool reconnects).
      request.log.warn({ err: error }, 'database unavailable');
      // The health probe says why (for the operator); shoppers are not shown the database's internals.
      const e = Errors.databaseUnavailable(request.url.split('?')[0] === '/s/api/health' ? rootCause(error) : undefined);
      return reply.status(503).header('retry-after', '5').send({ message: e.message, code: e.code, ...e.extra });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: GENERIC_MESSAGE, code: 'INTERNAL' });
  });
}
