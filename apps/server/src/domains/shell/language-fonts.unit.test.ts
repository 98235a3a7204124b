import { LANGUAGE_FONT_PRELOAD } from '@grocer/shared/language-fonts';
import { describe, expect, it } from 'vitest';
import { renderHead, type HeadData } from './head';

/** Issue 46: a page in Hindi or Kannada preloads its script's Noto face from the shop's own origin; English pages none. */
describe('language font preload in the page head', () => {
  const head: HeadData = { title: 'Shop', description: '', keywords: '', image: '', url: 'https://shop.example/', type: 'website' };
  const init = (language?: 'en' | 'hi' | 'kn') =>
    ({ web: { name: 'Shop', favicon: '', font_family: 'Inter' }, activetheme: {}, language }) as unknown as Parameters<
      typeof renderHead
    >[1];
  const preloads = (html: string) => [...html.matchAll(/<link rel="preload" as="font"[^>]*href="([^"]+)"/g)].map((m) => m[1]);

  it('preloads Noto Sans Devanagari on a Hindi page and Noto Sans Kannada on a Kannada one', () => {
    expect(preloads(renderHead(head, init('hi'), '', 'https://shop.example'))).toEqual([LANGUAGE_FONT_PRELOAD.hi]);
    expect(preloads(renderHead(head, init('kn'), '', 'https://shop.example'))).toEqual([LANGUAGE_FONT_PRELOAD.kn]);
    expect(LANGUAGE_FONT_PRELOAD.hi).toMatch(/^\/assets\/noto-sans-devanagari-devanagari-wght-normal-[\d.]+\.woff2$/);
  });

  it('preloads none on an English page (or when the language is not given)', () => {
    expect(preloads(renderHead(head, init('en'), '', 'https://shop.example'))).toEqual([]);
    expect(preloads(renderHead(head, init(), '', 'https://shop.example'))).toEqual([]);
  });
});
