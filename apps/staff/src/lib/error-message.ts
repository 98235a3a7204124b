import { ApiError, field } from '@grocer/shared/api-client';

/** What to tell the person about a failed call: the server's message (spec §8) when it sent one. */
export function errorMessage(error: unknown): string {
  const message = error instanceof ApiError ? field(error.data, 'message') : undefined;
  if (typeof message === 'string' && message) return message;
  return error instanceof Error ? error.message : 'Something went wrong';
}
