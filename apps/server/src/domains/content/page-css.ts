import postcss, { CssSyntaxError, type Root } from 'postcss';

/** The element the storefront wraps a page's blocks in (content-page.tsx); page CSS reaches nothing outside it. */
export const PAGE_SCOPE = '.grocer-page';

/** At-rules whose blocks are not style rules of the page (their selectors are keyframe steps or none). */
const KEPT_AT_RULES = /^(-\w+-)?keyframes$|^font-face$/i;

function scopeSelector(selector: string): string {
  const s = selector.trim();
  // `:root`, `html` and `body` mean the page itself here: the container takes their place
  const root = /^(:root|html|body)\b/i.exec(s);
  if (root) return PAGE_SCOPE + s.slice(root[0].length);
  return `${PAGE_SCOPE} ${s}`;
}

function scoped(root: Root): string {
  // An import would bring rules we never saw (and a request to another site): dropped.
  root.walkAtRules((at) => {
    if (/^(import|charset|namespace|page)$/i.test(at.name)) at.remove();
  });
  root.walkRules((rule) => {
    let parent = rule.parent;
    while (parent && parent.type === 'atrule') {
      if (KEPT_AT_RULES.test((parent as { name: string }).name)) return;
      parent = parent.parent;
    }
    rule.selectors = rule.selectors.map(scopeSelector);
  });
  return root.toString();
}

/**
 * Page CSS (spec §3 `css`) with every selector inside the page's container, so a page's styles
 * cannot restyle the header, the footer or another page: `h2 {…}` becomes `.grocer-page h2 {…}`,
 * `body {…}` becomes `.grocer-page {…}`. Parsed with postcss (comments, strings, nested at-rules
 * and selector lists are its problem, not a regex's).
 */
export function scopePageCss(css: string): string {
  if (!css.trim()) return '';
  try {
    return scoped(postcss.parse(css));
  } catch {
    // stored before it was checked (seeded, imported): nothing rather than unscoped styles
    return '';
  }
}

/** The parse error of page CSS the owner typed, as a message for the field, or null when it parses. */
export function pageCssProblem(css: string): string | null {
  try {
    postcss.parse(css);
    return null;
  } catch (e) {
    if (e instanceof CssSyntaxError) return `Line ${e.line ?? '?'}: ${e.reason}`;
    throw e;
  }
}

const memo = new Map<string, string>();
/** scopePageCss, remembered for the few CSS texts a shop's pages have (page data is read on every visit). */
export function scopedPageCss(css: string): string {
  let out = memo.get(css);
  if (out === undefined) {
    if (memo.size >= 200) memo.delete(memo.keys().next().value!);
    memo.set(css, (out = scopePageCss(css)));
  }
  return out;
}
