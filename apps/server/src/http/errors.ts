import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { ERRORS, errorMessage, type ErrorCode, type ErrorDetails, type PlainErrorCode } from '@grocer/shared/errors';
import type { Language } from '@grocer/shared/languages';
import { errorMessageIn } from '@grocer/shared/messages/catalogue';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionError, rootCause } from '../db/errors';
import { seenAsStaff } from './session';
import { UNAVAILABLE_PAGE_CSP, unavailablePage } from './unavailable-page';

/**
 * An expected failure, sent as `{ message, code, errors? }` (DESIGN §4). Its code, status and
 * message come from the shared catalogue (`@grocer/shared/errors`): build one with `fail(code)`
 * or the helpers below. Anything else is logged and shown as a generic message.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** more fields for the body, e.g. `retry_after` (seconds) on a 429 */
    readonly extra?: Record<string, unknown>,
    /** the catalogue message's details (`fail`), so a shopper's language can word it again */
    readonly details?: unknown,
  ) {
    super(message);
  }

  /** The same error with per-field messages (shown beside the form's fields). */
  withErrors(errors: Record<string, string[]>): AppError {
    return new AppError(this.statusCode, this.code, this.message, errors, this.extra, this.details);
  }
}

/** The catalogue's error for `code`, with the details its message names. */
export function fail<C extends ErrorCode>(code: C, ...details: ErrorDetails<C>): AppError {
  return new AppError(ERRORS[code].status, code, errorMessage(code, ...details), undefined, undefined, details[0]);
}

/**
 * An error's message (and its field messages) in a shopper's language (issue 46): only when it is
 * the catalogue's own English for its code and details; a message the caller worded stays as it is.
 */
export function wordedIn(language: Language, error: AppError): { message: string; errors?: Record<string, string[]> } {
  const as = { message: error.message, errors: error.errors };
  if (language === 'en') return as;
  const code = error.code;
  const details = [error.details] as unknown as ErrorDetails<typeof code>;
  let english: string, message: string;
  try {
    // a message the caller worded has no details to word it again with: it stays as it is
    english = errorMessage(code, ...details);
    if (error.message !== english) return as;
    message = errorMessageIn(language, code, ...details);
  } catch {
    return as;
  }
  const errors =
    error.errors &&
    Object.fromEntries(Object.entries(error.errors).map(([f, list]) => [f, list.map((m) => (m === english ? message : m))]));
  return { message, errors };
}

/** A catalogue error whose message the caller words (a page, a limit, a field list). */
const worded = (code: PlainErrorCode, message: string = ERRORS[code].message) => new AppError(ERRORS[code].status, code, message);

export const Errors = {
  notFound: (message?: string) => worded('NOT_FOUND', message),
  routeNotFound: (method: string, url: string) => fail('ROUTE_NOT_FOUND', { method, url }),
  websiteNotFound: () => fail('WEBSITE_NOT_FOUND'),
  csrfMismatch: () => fail('CSRF_MISMATCH'),
  crossSite: () => fail('CROSS_SITE_REQUEST'),
  unauthenticated: (message?: string) => worded('UNAUTHENTICATED', message),
  forbidden: (message?: string) => worded('FORBIDDEN', message),
  invalid: (errors: Record<string, string[]>, message = firstMessage(errors)) => worded('VALIDATION_FAILED', message).withErrors(errors),
  /** a conflict whose message the caller words; prefer `fail(code, details)` for catalogue messages */
  conflict: (code: ErrorCode, message: string) => new AppError(ERRORS[code].status, code, message),
  rateLimited: (message?: string, retryAfter?: number, code: ErrorCode = 'RATE_LIMITED') =>
    new AppError(
      ERRORS[code].status,
      code,
      message ?? errorMessage('RATE_LIMITED'),
      undefined,
      retryAfter === undefined ? undefined : { retry_after: retryAfter },
    ),
  unavailable: (message?: string) => worded('UNAVAILABLE', message),
  databaseUnavailable: (reason?: string) => {
    const e = fail('DATABASE_UNAVAILABLE');
    return reason ? new AppError(e.statusCode, e.code, e.message, undefined, { reason }) : e;
  },
} as const;

function firstMessage(errors: Record<string, string[]>): string {
  for (const list of Object.values(errors)) if (list[0]) return list[0];
  return errorMessage('VALIDATION_FAILED');
}

export const GENERIC_MESSAGE = errorMessage('INTERNAL');

/**
 * `onUnhandled` hears every unexpected error (a 500), for the error reporter; `languageOf` tells
 * the language a shopper's call speaks (null: English, as every staff call), for the catalogue's
 * messages (issue 46).
 */
export function registerErrorHandling(
  app: FastifyInstance,
  onUnhandled?: (error: Error, request: FastifyRequest) => unknown,
  languageOf?: (request: FastifyRequest) => Promise<Language | null>,
) {
  app.setErrorHandler(async (error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.extra?.retry_after !== undefined) reply.header('retry-after', String(error.extra.retry_after));
      const language = (await languageOf?.(request).catch(() => null)) ?? 'en';
      const { message, errors } = wordedIn(language, error);
      return reply.status(error.statusCode).send({ message, code: error.code, ...(errors ? { errors } : {}), ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const v of error.validation) {
        const field =
          v.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
          String((v.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') ?? '') ||
          error.validationContext ||
          'request';
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
    if (clientWentAway(error, request)) {
      // The browser closed the request before it was read or answered (a page left mid-upload, a
      // cancelled fetch; its ECONNRESET is not the database's): nothing to fix and nobody to
      // answer, so no error and no report.
      request.log.info({ code: (error as NodeJS.ErrnoException).code }, 'the client closed the request');
      return reply.status(499).send();
    }
    if (isConnectionError(error)) {
      // The database dropped or refused the connection: worth a retry, not a bug (the pool reconnects).
      request.log.warn({ err: error }, 'database unavailable');
      reply.status(503).header('retry-after', '5');
      // A browser opening a page gets a page, not the API's JSON.
      if (wantsPage(request))
        return reply
          .header('cache-control', 'no-store')
          .header('content-security-policy', UNAVAILABLE_PAGE_CSP)
          .type('text/html; charset=utf-8')
          .send(unavailablePage(request.url));
      // The health probe says why to staff (a session seen with admin access: none can be read
      // now); nobody else is shown the database's internals (the log has them).
      const health = request.url.split('?')[0] === '/s/api/health';
      const e = Errors.databaseUnavailable(health && seenAsStaff(request.headers.cookie) ? rootCause(error) : undefined);
      return reply.send({ message: e.message, code: e.code, ...e.extra });
    }
    request.log.error({ err: error }, 'unhandled error');
    void onUnhandled?.(error, request);
    return reply.status(500).send({ message: GENERIC_MESSAGE, code: 'INTERNAL' });
  });
}

/** A browser's page navigation (a GET or HEAD accepting HTML), not an API call, the tunnel or an asset. */
function wantsPage(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !request.url.startsWith('/s/') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/** A stream error caused by the client's own socket closing early (not by anything of ours). */
function clientWentAway(error: Error, request: FastifyRequest): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  const closed = request.raw.destroyed || request.raw.socket?.destroyed === true;
  return closed && (code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNRESET' || code === 'ECONNABORTED');
}
