import { describe, expect, it } from 'vitest';
import { pageCssProblem, scopePageCss } from './page-css';

describe('page CSS is scoped to the page content', () => {
  it('prefixes every selector, maps :root/html/body to the container, keeps keyframes and font faces', () => {
    const css = `
      body { background: #fff7ed }
      :root { --accent: orange }
      h2, .banner > img { color: teal }
      @media (min-width: 768px) { .grid a:hover { outline: 1px solid } }
      @keyframes glow { from { opacity: 0 } to { opacity: 1 } }
      @font-face { font-family: Diya; src: url(/media/diya.woff2) }
      /* a comment, h1 { color: red } */
      a[href="x,y"] { color: red }`;
    const out = scopePageCss(css);
    expect(out).toContain('.grocer-page { background: #fff7ed }');
    expect(out).toContain('.grocer-page { --accent: orange }');
    expect(out).toContain('.grocer-page h2, .grocer-page .banner > img { color: teal }');
    expect(out).toContain('@media (min-width: 768px) { .grocer-page .grid a:hover { outline: 1px solid } }');
    expect(out).toContain('from { opacity: 0 } to { opacity: 1 }');
    expect(out).toContain('@font-face { font-family: Diya;');
    expect(out).toContain('.grocer-page a[href="x,y"] { color: red }');
    expect(out).toContain('/* a comment, h1 { color: red } */');
  });

  it('drops @import (rules nobody saw, from another site) and answers nothing for CSS that does not parse', () => {
    expect(scopePageCss('@import url(https://evil.example/x.css); p { margin: 0 }').trim()).toBe('.grocer-page p { margin: 0 }');
    expect(scopePageCss('h2 { color: red')).toBe('');
    expect(pageCssProblem('h2 { color: red')).toMatch(/^Line 1: Unclosed block/);
    expect(pageCssProblem('h2 { color: red }')).toBeNull();
  });
});
