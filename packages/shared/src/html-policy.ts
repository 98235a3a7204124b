/**
 * The one policy for HTML in content blocks (rich-text, html) and wherever the blocks render it:
 * which tags, which attributes on which tag, which URL schemes. The server sanitises every block it
 * answers with it (apps/server `content/sanitize.ts`, sanitize-html) and the page builder's preview
 * sanitises drafts with it in the browser (packages/blocks `sanitize-dom.ts`, DOMPurify), so the
 * preview shows what the live page will: no `style` attributes, scripts, handlers, frames, forms or
 * javascript: URLs in either. `apps/server/src/domains/content/sanitize.unit.test.ts` feeds both the
 * same hostile and styled HTML and expects the same page.
 */
export const BLOCK_HTML_TAGS = [
  ...['address', 'article', 'aside', 'footer', 'header', 'hgroup', 'main', 'nav', 'section'],
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'div', 'span', 'br', 'hr', 'blockquote', 'pre', 'figure', 'figcaption'],
  ...['ul', 'ol', 'li', 'menu', 'dl', 'dt', 'dd'],
  ...['a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'dfn', 'em', 'i', 'kbd', 'mark', 'q', 's', 'samp', 'small'],
  ...['strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr', 'ruby', 'rb', 'rp', 'rt', 'rtc'],
  ...['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
  'img',
] as const;

/** Attributes allowed per tag; `*`: on every allowed tag (ids for in-page anchors, classes for the page's css). */
export const BLOCK_HTML_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  '*': ['id', 'class'],
  a: ['href', 'name', 'target'],
  img: ['src', 'alt', 'width', 'height', 'loading'],
};

/** The URL schemes a link or image may use; relative URLs pass too. */
export const BLOCK_HTML_SCHEMES = ['http', 'https', 'ftp', 'mailto', 'tel'] as const;

/** The attributes that hold a URL, checked against BLOCK_HTML_SCHEMES. */
export const BLOCK_HTML_URL_ATTRIBUTES = ['href', 'src'] as const;

/**
 * Elements removed together with everything inside them (the other disallowed tags are removed and
 * their text kept): code, styles, form controls, embedded documents and graphics.
 */
export const BLOCK_HTML_DROPPED_WITH_CONTENT = [
  ...['script', 'style', 'noscript', 'template', 'textarea', 'select', 'option', 'title', 'xmp', 'noembed', 'noframes'],
  ...['iframe', 'object', 'embed', 'svg', 'math', 'video', 'audio'],
] as const;

/** Whether `attribute` may stay on `tag` (both lower case). */
export function blockHtmlAllows(tag: string, attribute: string): boolean {
  return !!BLOCK_HTML_ATTRIBUTES['*']?.includes(attribute) || !!BLOCK_HTML_ATTRIBUTES[tag]?.includes(attribute);
}

/**
 * Whether a URL attribute's value is one the policy keeps: a relative URL (`/x`, `#top`, `x.html`,
 * `//host/x`) or one of BLOCK_HTML_SCHEMES. Control characters and whitespace inside the scheme are
 * ignored first, as browsers do (`java\tscript:`).
 */
export function blockHtmlUrlAllowed(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  const v = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(v)?.[1];
  return scheme === undefined || (BLOCK_HTML_SCHEMES as readonly string[]).includes(scheme);
}
