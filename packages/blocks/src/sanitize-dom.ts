import DOMPurify from 'dompurify';
import { setSanitizer } from './sanitize';

/** In a browser rendering HTML nobody has sanitised yet (the staff app's previews of drafts). */
export const installDomSanitizer = () => setSanitizer((html) => DOMPurify.sanitize(html));
