/** The website module's published interface: what other modules use of it (issue 41 §1). */
export { frontLanguages, languageAtSignIn, queryLanguage, requestLanguage, websiteLanguages } from './language';
export { navItemTexts } from './translation-texts';
export type { WebsiteLanguages } from './language';
