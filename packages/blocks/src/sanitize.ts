import DOMPurify from 'dompurify';

/**
 * HTML from content blocks, sanitised before it is rendered: DOMPurify in the browser; the
 * server renderer installs a DOM-free sanitiser (there is no DOM there) with `setSanitizer`.
 * Hydration keeps the server's sanitised markup.
 */
let sanitizer = (html: string): string => DOMPurify.sanitize(html);

export const setSanitizer = (f: (html: string) => string) => void (sanitizer = f);
export const sanitizeHtml = (html: string) => sanitizer(html);
