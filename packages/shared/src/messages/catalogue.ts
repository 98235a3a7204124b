import type { Language } from '../languages';
import { en } from './en';
import { hi } from './hi';
import { kn } from './kn';
import type { Messages } from './types';

const CATALOGUES: Record<Language, Messages> = { en, hi, kn };

/** The messages of a language (issue 46 §5): what the shop sends and prints for a customer who reads it. */
export const messagesIn = (language: Language): Messages => CATALOGUES[language];
