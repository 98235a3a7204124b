import { chooseLanguageSchema, isLanguage } from '@grocer/shared/languages';
import { initSchema } from '@grocer/shared/storefront';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { createMicroCache, sendAnswer } from '../../http/micro-cache';
import { forgetCurrentUser } from '../../http/auth';
import { requestLanguage, setLanguageCookie, websiteLanguages } from './language';
import { setUserLanguage } from '../identity';
import { loadInit } from './service';

/** The 400 of PUT /s/api/language for a language the website does not offer (or no language at all). */
export const LANGUAGE_NOT_OFFERED = 'This shop does not offer that language';

export const websiteRoutes: FastifyPluginAsyncZod<{ db: Db; cache?: boolean; secure?: boolean }> = async (
  app,
  { db, cache: enabled = true, secure = false },
) => {
  // Visitors without a session (first visits, crawlers) all get the same answer per website and language.
  const cache = createMicroCache({ ttlMs: 3000, enabled });
  // The response schema strips what the shell needs but the API should not expose (page scripts).
  app.get('/init', { schema: { response: { 200: initSchema } } }, async (req, reply) => {
    if (await req.session.get()) return loadInit(db, req);
    const language = await requestLanguage(db, req);
    const answer = await cache.get(req.website.id, `init|${language}`, async () => initSchema.parse(await loadInit(db, req)));
    return sendAnswer(req, reply, answer, { sharedMaxAgeS: 3, params: [] });
  });

  // The shopper's language (issue 46): the `lang` cookie, and the account's when signed in.
  app.put('/language', { schema: { body: chooseLanguageSchema } }, async (req, reply) => {
    const { language } = req.body;
    const offered = await websiteLanguages(db, req.website.id);
    if (!isLanguage(language) || !offered.languages.includes(language))
      throw new AppError(400, 'BAD_REQUEST', LANGUAGE_NOT_OFFERED, { language: [LANGUAGE_NOT_OFFERED] });
    const session = await req.session.get();
    if (session?.userId) {
      await setUserLanguage(db, session.userId, language);
      forgetCurrentUser(req);
    }
    setLanguageCookie(reply, language, secure);
    return reply.code(204).send();
  });
};
