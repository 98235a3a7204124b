/**
 * One HTML policy (issue 41 §5): the server's sanitiser (sanitize-html, every block it answers with)
 * and the page builder's preview (DOMPurify in packages/blocks, sanitising drafts in the browser)
 * both read `@grocer/shared/html-policy`, so a draft previews as the live page will show it. Both
 * get the same hostile and styled HTML; the page each result makes in Chromium (parsed and serialised
 * by the same DOM, so `<img />` and `<img>` are one element) must be the same. The preview's
 * sanitiser runs in Chromium itself, as in the page builder (a DOM emulation runs DOMPurify wrong).
 */
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeBlockHtml } from '../apps/server/src/domains/content/sanitize';
import { CHROMIUM, CHROMIUM_ARGS } from './harness';

const CASES: Array<[string, string]> = [
  ['style attributes', '<p style="color:red" class="lead">Fresh <span style="font-size:40px">atta</span></p>'],
  ['a style element', '<style>p{color:red}</style><p>Sale</p>'],
  ['a script', '<script>alert(1)</script><p>ok</p>'],
  ['handlers on an image', '<img src="/media/a.jpg" onerror="alert(1)" onload="x()" alt="Rice" width="200" style="width:10px">'],
  ['a javascript: link', '<a href="javascript:alert(1)" target="_blank">click</a>'],
  ['a javascript: link with a tab in it', '<a href="java&#x09;script:alert(1)">click</a>'],
  ['a data: image', '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=" alt="x">'],
  [
    'links that stay',
    '<a href="/products?q=rice&amp;c=1" name="top" title="t">Rice</a> <a href="mailto:a@b.in">mail</a> <a href="tel:+919000000001">call</a> <a href="#faq">faq</a>',
  ],
  ['a frame', '<iframe src="https://evil.example/"></iframe><p>after</p>'],
  ['data and aria attributes', '<div data-x="1" aria-label="label" id="offers" class="grid">Offers</div>'],
  ['svg with a script', '<svg onload="alert(1)"><script>alert(1)</script><text>hi</text></svg><p>after</p>'],
  ['math', '<math><mi>x</mi></math><p>after</p>'],
  [
    'a form',
    '<form action="/steal"><input name="otp" value="1"><button formaction="/x">Go</button><textarea>t</textarea><select><option>o</option></select></form>',
  ],
  ['old and unknown tags', '<center>centred</center><font color="red">red</font><custom-el>custom</custom-el><marquee>moving</marquee>'],
  ['a srcset and lazy loading', '<img src="https://cdn.example/a.jpg" srcset="https://evil.example/a.jpg 2x" loading="lazy" height="10">'],
  [
    'headings, lists and a table',
    '<h1>A</h1><h2 id="b">B</h2><ul><li>one</li><li><strong>two</strong></li></ul><table><thead><tr><th>Pack</th></tr></thead><tbody><tr><td>1 kg</td></tr></tbody></table>',
  ],
  ['a comment and entities', '<!-- note --><p>5 &lt; 6 &amp; &quot;fresh&quot; — ₹10</p>'],
  ['an object and an embed', '<object data="x.swf"><embed src="x.swf"></object><p>after</p>'],
  [
    'a base and a meta refresh',
    '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example/"><p>stay</p>',
  ],
  ['a template', '<template><img src=x onerror=alert(1)></template><p>after</p>'],
];

let browser: Browser;
let page: Page;
beforeAll(async () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  // the preview's own module, bundled as the staff app bundles it
  const bundle = await build({
    entryPoints: [path.join(root, 'packages/blocks/src/sanitize-dom.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'preview',
    write: false,
    logLevel: 'silent',
  });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  page = await browser.newPage();
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
}, 60_000);
afterAll(() => browser?.close());

/** The page an HTML text makes, as the browser serialises it. */
const pageOf = (html: string) =>
  page.evaluate((h) => {
    const t = document.createElement('template');
    t.innerHTML = h;
    return t.innerHTML;
  }, html);
const preview = (html: string) =>
  page.evaluate(
    (h) => (window as unknown as { preview: { sanitizeBlockHtmlInBrowser(h: string): string } }).preview.sanitizeBlockHtmlInBrowser(h),
    html,
  );

describe('one HTML policy on the server and in the page builder preview (Chromium)', () => {
  it.each(CASES)('%s: the same page from both', async (_name, html) => {
    const server = sanitizeBlockHtml(html);
    expect(await pageOf(await preview(html))).toBe(await pageOf(server));
    for (const out of [server, await preview(html)])
      expect(out).not.toMatch(/style=|<style|<script|\son\w+=|javascript:|<iframe|<svg|<form|<input|srcset/i);
  });

  it('keeps what the policy allows', async () => {
    expect(await pageOf(await preview(CASES[0]![1]))).toBe('<p class="lead">Fresh <span>atta</span></p>');
    expect(await pageOf(sanitizeBlockHtml(CASES[3]![1]))).toBe('<img src="/media/a.jpg" alt="Rice" width="200">');
    expect(await pageOf(await preview(CASES[9]![1]))).toBe('<div id="offers" class="grid">Offers</div>');
  });
});
