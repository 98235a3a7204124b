import { describe, expect, it } from 'vitest';
import { aspectRatioOf, emptyBlocks, HERO_ASPECTS } from './blocks';

describe('blocks that would show nothing', () => {
  it('names each by its place and kind, in the owner’s words', () => {
    expect(
      emptyBlocks([
        { type: 'hero-slider', data: { slides: [] } },
        { type: 'product-carousel', data: { title: 'Offers', limit: 4 } },
        { type: 'rich-text', data: { html: '<p>&nbsp; </p>' } },
        { type: 'rich-text', data: { html: '<p><img src="/media/x.jpg"></p>' } },
        { type: 'banner-grid', data: { items: [] } },
        { type: 'product-carousel', data: { products: [] } },
        { type: 'spacer', data: {} },
      ]),
    ).toEqual([
      'Block 1 (Hero slider) has no slides: add at least one image.',
      'Block 3 (Rich text) is empty: write something.',
      'Block 5 (Banner grid) has no banners: add at least one image.',
      'Block 6 (Product carousel) has no products: choose some, or a category or brand.',
    ]);
  });
});

describe('hero shapes', () => {
  it('reads every choice, and the spec’s classes, as a CSS ratio', () => {
    expect(HERO_ASPECTS.map((a) => aspectRatioOf(a.value))).toEqual(['3/1', '8/3', '16/9', '4/3', '1/1', '3/4']);
    expect([aspectRatioOf(undefined), aspectRatioOf('rounded'), aspectRatioOf('aspect-[4/3]; color:red')]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});
