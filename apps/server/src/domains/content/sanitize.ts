import {
  BLOCK_HTML_ATTRIBUTES,
  BLOCK_HTML_DROPPED_WITH_CONTENT,
  BLOCK_HTML_SCHEMES,
  BLOCK_HTML_TAGS,
  BLOCK_HTML_URL_ATTRIBUTES,
} from '@grocer/shared/html-policy';
import sanitize from 'sanitize-html';

const options: sanitize.IOptions = {
  allowedTags: [...BLOCK_HTML_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(BLOCK_HTML_ATTRIBUTES).map(([tag, attrs]) => [tag, [...attrs]])),
  allowedSchemes: [...BLOCK_HTML_SCHEMES],
  allowedSchemesAppliedToAttributes: [...BLOCK_HTML_URL_ATTRIBUTES],
  allowProtocolRelative: true,
  nonTextTags: [...BLOCK_HTML_DROPPED_WITH_CONTENT],
};

/**
 * HTML of content blocks (rich-text, html) as the storefront may render it, by the one policy of
 * `@grocer/shared/html-policy` (the page builder's preview applies the same with DOMPurify): the
 * usual safe tags plus headings, images and ids/classes (for in-page anchors and the page's css);
 * no scripts, handlers, styles, frames or javascript: URLs. Applied to every block the server
 * answers with (`resolveBlock`), so the storefront renders its server's HTML as is
 * (`serverSanitised` in packages/blocks) and ships no DOM sanitiser to shoppers.
 */
export function sanitizeBlockHtml(html: string): string {
  return sanitize(html, options);
}
