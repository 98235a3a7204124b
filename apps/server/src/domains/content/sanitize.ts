import sanitize from 'sanitize-html';

/**
 * HTML of content blocks (rich-text, html) as the storefront may render it: the usual safe tags
 * plus headings, images and ids/classes (for in-page anchors and the page's css); no scripts,
 * handlers, styles, frames or javascript: URLs. Applied to every block the server answers with
 * (`resolveBlock`), so the storefront renders its server's HTML as is (`serverSanitised` in
 * packages/blocks) and ships no DOM sanitiser to shoppers.
 */
export function sanitizeBlockHtml(html: string): string {
  return sanitize(html, {
    allowedTags: [...sanitize.defaults.allowedTags, 'img', 'h1', 'h2'],
    allowedAttributes: { ...sanitize.defaults.allowedAttributes, '*': ['id', 'class'], img: ['src', 'alt', 'width', 'height', 'loading'] },
  });
}
