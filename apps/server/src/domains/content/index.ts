/** The content module's published interface: what other modules use of it (issue 41 §1). */
export { blockTexts } from './translation-texts';
