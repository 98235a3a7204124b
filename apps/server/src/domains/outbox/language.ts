import { pickLanguage, type Language } from '@grocer/shared/languages';
import { messagesIn } from '@grocer/shared/messages/catalogue';
import type { Messages } from '@grocer/shared/messages/types';
import type { DbOrTx } from '../../db/client';
import { accountLanguage } from '../identity/index';
import { websiteLanguages } from '../website';

/**
 * The language the shop speaks to a customer in what it sends or prints for them (issue 46 §5):
 * their account's language (`users.language`) when the website offers it, else, for an order, the
 * language it was placed in (`orders.language`), else the website's default. Read with the
 * caller's handle (an event consumer's transaction); the offered languages are the website's
 * cached ones (website/language.ts).
 */
export async function customerLanguage(
  db: DbOrTx,
  websiteId: number,
  who: { userId?: number | null; orderLanguage?: string | null },
): Promise<Language> {
  const offered = await websiteLanguages(db, websiteId);
  const account = who.userId ? await accountLanguage(db, who.userId) : null;
  return pickLanguage([account, who.orderLanguage], offered.languages, offered.defaultLanguage);
}

/** The messages a customer reads (`customerLanguage`). */
export const customerMessages = async (
  db: DbOrTx,
  websiteId: number,
  who: { userId?: number | null; orderLanguage?: string | null },
): Promise<Messages> => messagesIn(await customerLanguage(db, websiteId, who));
