/** The website module's published interface: what other modules use of it (issue 41 §1). */
export { frontLanguages, languageAtSignIn, queryLanguage, requestLanguage, websiteLanguages } from './language';
export { navItemTexts } from './translation-texts';
export type { WebsiteLanguages } from './language';
/** The website's main address as a link origin (`https://{primary host}`), or null when it has none (issue 44 §4: the khata's pay link). */
export { primaryOrigin } from './primary-origin';
