import {
  BLOCK_HTML_ATTRIBUTES,
  BLOCK_HTML_DROPPED_WITH_CONTENT,
  BLOCK_HTML_TAGS,
  BLOCK_HTML_URL_ATTRIBUTES,
  blockHtmlAllows,
  blockHtmlUrlAllowed,
} from '@grocer/shared/html-policy';
import DOMPurify from 'dompurify';
import { setSanitizer } from './sanitize';

const urlAttributes: readonly string[] = BLOCK_HTML_URL_ATTRIBUTES;
let purify: ReturnType<typeof DOMPurify> | null = null;

/**
 * DOMPurify held to the server's block HTML policy (`@grocer/shared/html-policy`): the same tags,
 * the same attributes per tag (DOMPurify's own list is one for all tags, so a hook narrows it), the
 * same URL schemes, no data-/aria- attributes. An instance of its own, so the hook stays here.
 */
export function sanitizeBlockHtmlInBrowser(html: string): string {
  if (!purify) {
    purify = DOMPurify(window);
    purify.addHook('uponSanitizeAttribute', (node, data) => {
      const tag = node.nodeName.toLowerCase();
      if (!blockHtmlAllows(tag, data.attrName) || (urlAttributes.includes(data.attrName) && !blockHtmlUrlAllowed(data.attrValue)))
        data.keepAttr = false;
    });
  }
  return purify.sanitize(html, {
    ALLOWED_TAGS: [...BLOCK_HTML_TAGS],
    ALLOWED_ATTR: [...new Set(Object.values(BLOCK_HTML_ATTRIBUTES).flat())],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    FORBID_CONTENTS: [...BLOCK_HTML_DROPPED_WITH_CONTENT],
  });
}

/** In a browser rendering HTML nobody has sanitised yet (the staff app's previews of drafts). */
export const installDomSanitizer = () => setSanitizer(sanitizeBlockHtmlInBrowser);
