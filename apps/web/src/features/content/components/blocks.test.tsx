/**
 * The storefront's block renderers: one per type of the shared block table, each fed a component
 * as the server answers it (checked with the shared page schema here too).
 */
import { BLOCK_TYPES } from '@grocer/shared/blocks';
import { pageDataSchema } from '@grocer/shared/storefront';
import { render, type ComponentChild } from 'preact';
import { act } from 'preact/test-utils';
import { MemoryRouter } from 'react-router';
import { mountPoint } from '../../../test/mount';
import { describe, expect, it, vi } from 'vitest';
import { setSanitizer } from '@grocer/blocks/sanitize';
import { Block } from '@grocer/blocks/blocks';

const product = {
  product_id: 7,
  product_name: 'Basmati Rice',
  brand_name: 'Kaveri',
  slug: 'basmati-rice',
  brand_slug: 'kaveri',
  medias: [],
  packs: [],
};
const page = pageDataSchema.parse({
  css: '',
  show_footer: true,
  show_sub_navbar: true,
  show_navbar: true,
  seo_title: '',
  seo_description: '',
  seo_keyword: '',
  schema_script: null,
  data: [
    {
      name: 'Hero',
      type: 'hero-slider',
      data: {
        slides: [
          { image: 'b/1.svg', link: '/products' },
          { image: 'b/2.svg', link: '', heading: 'ताज़े आम', text: 'इस हफ़्ते तोड़े गए', button: 'अभी खरीदें', alt: 'आमों की टोकरी' },
        ],
      },
      settings: { aspect: { md: 'aspect-[3/1]' }, bgcolor: '#f0fdfa' },
      logicdata: null,
      response: null,
    },
    { name: 'Deals', type: 'product-carousel', data: { title: 'Deals' }, settings: {}, logicdata: null, response: [product] },
    {
      name: 'Aisles',
      type: 'category-carousel',
      data: { title: 'Aisles' },
      settings: {},
      logicdata: null,
      response: [{ id: 1, name: 'Food', slug: 'food', avatar: 'c/food.svg' }],
    },
    {
      name: 'Brands',
      type: 'brand-carousel',
      data: { title: 'Brands' },
      settings: {},
      logicdata: null,
      response: [{ id: 1, name: 'Kaveri', slug: 'kaveri' }],
    },
    {
      name: 'Partners',
      type: 'supplier-carousel',
      data: { title: 'Partners', items: [{ image: 's/1.svg', title: 'Mill', link: '/about-us' }] },
      settings: {},
      logicdata: null,
      response: null,
    },
    {
      name: 'Tiles',
      type: 'supplier-tiles',
      data: { items: [{ image: 's/2.svg', title: 'Farm', link: 'www.farm.example', border: true }] },
      settings: {},
      logicdata: null,
      response: null,
    },
    {
      name: 'Promise',
      type: 'rich-text',
      data: { html: '<p>Fresh <script>alert(1)</script>daily</p>' },
      settings: {},
      logicdata: null,
      response: null,
    },
    { name: 'Raw', type: 'html', data: { html: '<b>Bold</b>' }, settings: {}, logicdata: null, response: null },
    {
      name: 'Banners',
      type: 'banner-grid',
      data: {
        title: 'Festive picks',
        columns: 3,
        items: [
          { image: 'b/2.svg', image_sm: 'b/2-sm.svg', link: '/products?c=sweets', alt: 'Sweets' },
          { image: 'b/3.svg', link: 'https://mill.example', alt: 'Mill' },
        ],
      },
      settings: {},
      logicdata: null,
      response: null,
    },
    { name: 'Gap', type: 'spacer', data: { height: 48, height_sm: 16 }, settings: {}, logicdata: null, response: null },
  ],
});

const dom = mountPoint();

const show = (i: number) => {
  act(() =>
    render(
      (
        <MemoryRouter>
          <Block c={page.data[i]!} slots={{ productCard: (p) => <span className="card">{p.product_name}</span> }} first={i === 0} />
        </MemoryRouter>
      ) as ComponentChild,
      dom.container,
    ),
  );
  return dom.container;
};

describe('page block renderers', () => {
  it('the fixture covers every block type of the shared table', () => {
    expect(page.data.map((c) => c.type).sort()).toEqual([...BLOCK_TYPES].sort());
  });

  it('hero slider: the slide image (large screens from the large size), its settings applied', () => {
    const el = show(0);
    expect(el.querySelector('picture source')?.getAttribute('srcset')).toBe('/media/large/b/1.svg');
    expect(el.querySelector('img')?.getAttribute('fetchpriority')).toBe('high');
    // the owner's shape per screen travels as CSS ratios the classes read (any ratio, no class to build)
    expect(el.querySelector('button')?.className).toContain('md:aspect-[var(--hero-md)]');
    const frame = el.querySelector<HTMLElement>('[style]')!;
    expect(frame.style.getPropertyValue('--hero-md')).toBe('3/1');
    expect(frame.style.backgroundColor).toBeTruthy();
  });

  it('hero slider: a slide’s heading, text and button label over its image, named by them; one without, by its number', () => {
    const slides = [...show(0).querySelectorAll('button')].filter((b) => b.querySelector('picture'));
    expect(slides.map((b) => b.getAttribute('aria-label'))).toEqual(['Banner 1', null]);
    expect(slides[1]!.textContent).toBe('ताज़े आमइस हफ़्ते तोड़े गएअभी खरीदें');
    expect(slides[1]!.querySelector('img')?.getAttribute('alt')).toBe('आमों की टोकरी');
    expect(slides[0]!.querySelector('img')?.getAttribute('alt')).toBe('');
  });

  it('carousels: the resolved products, categories and brands, each linking where it should', () => {
    expect(show(1).querySelector('h2')?.textContent).toBe('Deals');
    expect(dom.container.querySelector('.card')?.textContent).toBe('Basmati Rice');
    expect(show(2).querySelector('a')?.getAttribute('href')).toBe('/products?c=food');
    expect(show(3).querySelector('a')?.getAttribute('href')).toBe('/products?b=kaveri');
  });

  it('supplier carousel and tiles: image, title, border, the banner link rule', () => {
    expect(show(4).querySelector('a')?.getAttribute('href')).toBe('/about-us');
    const tile = show(5).querySelector('a')!;
    expect(tile.getAttribute('href')).toBe('https://www.farm.example');
    expect(tile.getAttribute('target')).toBe('_blank');
    expect(tile.className).toContain('border');
    expect(tile.textContent).toBe('Farm');
  });

  it('rich text and html: through the sanitiser', () => {
    setSanitizer((html) => html.replace(/<script>.*?<\/script>/g, ''));
    expect(show(6).querySelector('.rich-text')?.innerHTML).toBe('<p>Fresh daily</p>');
    expect(show(7).querySelector('.rich-text b')?.textContent).toBe('Bold');
  });

  it('banner grid: its columns, each banner with its phone image and the banner link rule', () => {
    const el = show(8);
    expect(el.querySelector('h2')?.textContent).toBe('Festive picks');
    expect(el.querySelector('.grid')?.className).toContain('md:grid-cols-3');
    const [first, second] = el.querySelectorAll('a');
    expect(first!.getAttribute('href')).toBe('/products?c=sweets');
    expect(first!.querySelector('img')?.getAttribute('src')).toBe('/media/medium/b/2-sm.svg');
    expect(first!.querySelector('img')?.getAttribute('alt')).toBe('Sweets');
    expect(second!.getAttribute('target')).toBe('_blank');
  });

  it('spacer: its height from 768 px and on a phone', () => {
    const gap = show(9).querySelector<HTMLElement>('[aria-hidden]')!;
    expect(gap.style.getPropertyValue('--space')).toBe('48px');
    expect(gap.style.getPropertyValue('--space-sm')).toBe('16px');
  });

  it('a type this build does not know renders nothing and is logged', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const unknown = { ...page.data[7]!, type: 'marquee' } as unknown as (typeof page.data)[number];
    act(() =>
      render(
        (
          <MemoryRouter>
            <Block c={unknown} slots={{ productCard: () => null }} first={false} />
          </MemoryRouter>
        ) as ComponentChild,
        dom.container,
      ),
    );
    expect(dom.container.innerHTML).toBe('');
    expect(warn).toHaveBeenCalledWith('Unknown page component type: marquee');
    warn.mockRestore();
  });
});
