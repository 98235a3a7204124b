import { errorMessage, type ErrorCode, type ErrorDetails } from '../errors';
import type { Language } from '../languages';
import { en } from './en';
import { hi } from './hi';
import { kn } from './kn';
import type { Messages } from './types';

const CATALOGUES: Record<Language, Messages> = { en, hi, kn };

/** The messages of a language (issue 46 §5): what the shop sends and prints for a customer who reads it. */
export const messagesIn = (language: Language): Messages => CATALOGUES[language];

/**
 * The error catalogue's message for `code` in `language` (issue 46): the language's own when it has
 * one (`Messages.errors`), else the English of `@grocer/shared/errors`, byte for byte.
 */
export function errorMessageIn<C extends ErrorCode>(language: Language, code: C, ...details: ErrorDetails<C>): string {
  const m = CATALOGUES[language].errors[code];
  if (m === undefined) return errorMessage(code, ...details);
  return typeof m === 'string' ? m : (m as (d: unknown) => string)(details[0]);
}
