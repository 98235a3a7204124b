import { isLanguage, LANGUAGE_COOKIE, LANGUAGES, pickLanguage, type Language } from '@grocer/shared/languages';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { websiteCache } from '../../http/cache';
import { currentUser } from '../../http/auth';
import type { FrontLanguages } from '../../http/front-cache';
import { websiteSettings } from './tables';

/**
 * Which language a request speaks (issue 46). A website offers some of LANGUAGES
 * (`website_settings.languages`, its default always among them); a request asks for one by
 * `?lang=` (one URL per language, for search engines), else the `lang` cookie (the shopper's
 * switch), else the signed-in person's `users.language`, else it gets the website's default.
 */
export interface WebsiteLanguages {
  /** the offered languages, the default first, then in LANGUAGES order */
  languages: Language[];
  defaultLanguage: Language;
}

const ENGLISH_ONLY: WebsiteLanguages = { languages: ['en'], defaultLanguage: 'en' };

// Per website, a few seconds; a settings save and createTestApp drop it (invalidateWebsite).
const offeredCache = websiteCache<WebsiteLanguages>({ ttlMs: 5000, name: 'languages' });

/** The stored columns as the offered list (default first; unknown codes dropped; never empty). */
export function offeredLanguages(stored: readonly string[] | null | undefined, storedDefault: string | null | undefined): WebsiteLanguages {
  const known = LANGUAGES.filter((l) => stored?.includes(l));
  const defaultLanguage: Language = isLanguage(storedDefault) && known.includes(storedDefault) ? storedDefault : (known[0] ?? 'en');
  return { languages: [defaultLanguage, ...known.filter((l) => l !== defaultLanguage)], defaultLanguage };
}

/** The languages the website offers and its default (cached per website). */
export function websiteLanguages(db: DbOrTx, websiteId: number): Promise<WebsiteLanguages> {
  return offeredCache.get(websiteId, 'languages', async () => {
    const [row] = await db
      .select({ languages: websiteSettings.languages, defaultLanguage: websiteSettings.defaultLanguage })
      .from(websiteSettings)
      .where(eq(websiteSettings.websiteId, websiteId))
      .limit(1);
    return row ? offeredLanguages(row.languages, row.defaultLanguage) : ENGLISH_ONLY;
  });
}

/** The same when it is cached (no promise to settle), else undefined (the front cache's lookups). */
export function websiteLanguagesNow(websiteId: number): WebsiteLanguages | undefined {
  return offeredCache.settled(websiteId, 'languages')?.value;
}

/** The `?lang=` of a URL, if it names a language at all (offered or not). */
export function queryLanguage(url: string): Language | null {
  const q = url.indexOf('?');
  if (q < 0) return null;
  const asked = new URLSearchParams(url.slice(q + 1)).get('lang');
  return isLanguage(asked) ? asked : null;
}

const cookieRe = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`);
/** The `lang` cookie of a Cookie header, if it names a language. */
export function cookieLanguage(cookieHeader: string | undefined): Language | null {
  const m = cookieHeader ? cookieRe.exec(cookieHeader) : null;
  const v = m?.[1]?.trim();
  return isLanguage(v) ? v : null;
}

/**
 * The language the request asks for without looking at the account (URL, then cookie), limited to
 * what the website offers; null when neither names an offered one (then the account, if signed in,
 * or the default decides).
 */
export function explicitLanguage(url: string, cookieHeader: string | undefined, offered: WebsiteLanguages): Language | null {
  for (const l of [queryLanguage(url), cookieLanguage(cookieHeader)]) if (l && offered.languages.includes(l)) return l;
  return null;
}

const resolved = new WeakMap<FastifyRequest, Promise<Language>>();
const settledOf = new WeakMap<FastifyRequest, Language>();

/**
 * The language this request speaks: `?lang=` > `lang` cookie > the signed-in user's language >
 * the website's default, always one the website offers. Memoised per request.
 */
export function requestLanguage(db: Db, req: FastifyRequest): Promise<Language> {
  let p = resolved.get(req);
  if (!p) {
    p = (async () => {
      const offered = await websiteLanguages(db, req.website.id);
      let language = explicitLanguage(req.url, req.headers.cookie, offered);
      if (!language && offered.languages.length > 1 && (await req.session.get())?.userId) {
        const user = await currentUser(db, req);
        language = pickLanguage([user?.language], offered.languages, offered.defaultLanguage);
      }
      language ??= offered.defaultLanguage;
      settledOf.set(req, language);
      return language;
    })();
    resolved.set(req, p);
  }
  return p;
}

/** The request's language once `requestLanguage` has settled for it, else undefined. */
export const requestLanguageNow = (req: FastifyRequest): Language | undefined => settledOf.get(req);

/** Keeps the shopper's choice in the `lang` cookie for a year (read by the browser too). */
export function setLanguageCookie(reply: FastifyReply, language: Language, secure: boolean): void {
  reply.setCookie(LANGUAGE_COOKIE, language, { path: '/', sameSite: 'lax', secure, httpOnly: false, maxAge: 365 * 24 * 3600 });
}

/**
 * At sign-in: with no `lang` cookie of a language the website offers, the account's language (if
 * it has one the website offers) becomes the cookie, so this browser speaks it from now on.
 */
export async function languageAtSignIn(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  accountLanguage: string | null,
  secure: boolean,
): Promise<void> {
  if (!isLanguage(accountLanguage)) return;
  const offered = await websiteLanguages(db, req.website.id);
  const chosen = cookieLanguage(req.headers.cookie);
  if (chosen && offered.languages.includes(chosen)) return;
  if (offered.languages.includes(accountLanguage)) setLanguageCookie(reply, accountLanguage, secure);
}

/**
 * The language of a request as the front cache keys its kept answers (http/front-cache.ts): from
 * the URL, the cookie and the cached website languages alone. A website of one language: always it.
 */
export function frontLanguages(db: Db): FrontLanguages {
  return {
    now(websiteId, url, cookieHeader, signedIn) {
      const offered = websiteLanguagesNow(websiteId);
      if (!offered) return undefined;
      if (offered.languages.length === 1) return offered.defaultLanguage;
      return explicitLanguage(url, cookieHeader, offered) ?? (signedIn ? undefined : offered.defaultLanguage);
    },
    load: (websiteId) => websiteLanguages(db, websiteId),
    of: requestLanguageNow,
  };
}
