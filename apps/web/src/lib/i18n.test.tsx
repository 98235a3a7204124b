/**
 * The storefront in Hindi and Kannada (issue 46): English stays exactly as written, the same
 * components render each language's catalogue, plurals follow each language's rules, and the
 * page blocks speak through the same translator.
 */
import { emptyCart } from '@grocer/shared/cart';
import { initSchema, type Init } from '@grocer/shared/storefront';
import { setTranslator } from '@grocer/blocks/words';
import { ProductCard } from '@grocer/blocks/product-card';
import { render, type ComponentChild } from 'preact';
import type { ReactNode } from 'react';
import { act } from 'preact/test-utils';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Navbar } from '../app/layout/navbar';
import { MobileMenu } from '../app/layout/mobile-menu';
import '../locales/all';
import { mountPoint } from '../test/mount';
import { activate, language, languageTag, t } from './i18n';

setTranslator(t);
afterEach(() => activate('en'));
const dom = mountPoint();

const init = (languages: Init['languages'], lang: Init['language'], user: Init['user'] = null): Init =>
  initSchema.parse({
    user,
    web: {
      id: 1,
      name: 'Shop',
      logo: '',
      description: '',
      theme: '',
      favicon: '',
      show_supplier_page: false,
      show_cart: true,
      font_family: 'Inter',
      nav_alignment: 'start',
    },
    pincode: '560001',
    categories: [],
    brands: [],
    activetheme: {},
    navSetting: { logo_settings: {}, search_setting: {}, show_account: true, show_login: true },
    webSeo: { og_title: '', og_description: '', meta_keywords: '', og_image: '' },
    webAddress: {},
    popup: null,
    webPages: [],
    navs: [],
    footers: [],
    cart: emptyCart(),
    language: lang,
    languages,
  });

function show(ui: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/'] });
  act(() => render((<RouterProvider router={router} />) as ComponentChild, dom.container));
}
const header = (i: Init, cartQuantity = 2) => (
  <Navbar init={i} showSubNavbar={false} onMenu={() => {}} onCart={() => {}} onPincode={() => {}} cartQuantity={cartQuantity} />
);
const label = (name: string) => dom.container.querySelector(`[aria-label^="${name}"]`)?.getAttribute('aria-label');

describe('t(): English is the message id', () => {
  it('renders English exactly, arguments and plurals included', () => {
    expect(language()).toBe('en');
    expect(t('Add to Cart')).toBe('Add to Cart');
    expect(t("We couldn't find that page")).toBe("We couldn't find that page");
    expect(t('Cart, {count, plural, one {# item} other {# items}}', { count: 1 })).toBe('Cart, 1 item');
    expect(t('Cart, {count, plural, one {# item} other {# items}}', { count: 0 })).toBe('Cart, 0 items');
    expect(t('© {year} {name}. All Rights Reserved.', { year: 2026, name: 'Shop' })).toBe('© 2026 Shop. All Rights Reserved.');
    expect(t('A string no catalogue has')).toBe('A string no catalogue has');
  });

  it('speaks Hindi and Kannada with their plural rules (0 and 1 are "one" in both)', () => {
    activate('hi');
    expect(languageTag()).toBe('hi-IN');
    expect(t('Add to Cart')).toBe('कार्ट में डालें');
    expect(t('{count, plural, one {# review} other {# reviews}}', { count: 3 })).toBe('3 समीक्षाएँ');
    expect(t('{count, plural, one {# review} other {# reviews}}', { count: 1 })).toBe('1 समीक्षा');
    activate('kn');
    expect(t('Add to Cart')).toBe('ಕಾರ್ಟ್‌ಗೆ ಸೇರಿಸಿ');
    expect(t('{count, plural, one {# product} other {# products}}', { count: 0 })).toBe('0 ಉತ್ಪನ್ನ');
    expect(t('{count, plural, one {# product} other {# products}}', { count: 24 })).toBe('24 ಉತ್ಪನ್ನಗಳು');
    expect(t('Only {count} left', { count: 2 })).toBe('ಕೇವಲ 2 ಉಳಿದಿವೆ');
  });
});

describe('the header and the phone menu in each language', () => {
  it('English: the header as before, no switch for a website with one language', () => {
    show(header(init(['en'], 'en')));
    expect(label('Cart')).toBe('Cart, 2 items');
    expect(dom.container.querySelector('input[type=search]')?.getAttribute('placeholder')).toBe('Search');
    expect(dom.container.querySelector('[data-testid=header-language]')).toBeNull();
  });

  it('Hindi: the header in Hindi and a switch naming each language in itself', () => {
    activate('hi');
    show(header(init(['en', 'hi', 'kn'], 'hi')));
    expect(label('कार्ट')).toBe('कार्ट, 2 आइटम');
    expect(dom.container.querySelector('input[type=search]')?.getAttribute('placeholder')).toBe('खोजें');
    expect(dom.container.textContent).toContain('लॉगिन');
    const select = dom.container.querySelector<HTMLSelectElement>('[data-testid=header-language]')!;
    expect(select.value).toBe('hi');
    expect([...select.options].map((o) => o.textContent)).toEqual(['English', 'हिन्दी', 'ಕನ್ನಡ']);
  });

  it('Kannada: the phone menu in Kannada with the language buttons, the current one pressed', () => {
    activate('kn');
    show(<MobileMenu init={init(['en', 'kn'], 'kn', null)} open onClose={() => {}} onCategories={() => {}} />);
    const group = document.querySelector('[data-testid=menu-languages]')!;
    expect(group.textContent).toContain('ಭಾಷೆ');
    const buttons = [...group.querySelectorAll('button')];
    expect(buttons.map((b) => b.textContent)).toEqual(['English', 'ಕನ್ನಡ']);
    expect(buttons[1]!.getAttribute('aria-pressed')).toBe('true');
    expect(buttons[1]!.getAttribute('lang')).toBe('kn-IN');
    expect(document.body.textContent).toContain('ಲಾಗಿನ್');
  });
});

describe('page blocks', () => {
  const product = {
    product_id: 7,
    product_name: 'Basmati Rice',
    brand_name: 'Kaveri',
    slug: 'basmati-rice',
    brand_slug: 'kaveri',
    medias: [],
    packs: [{ pack_id: 1, pack_name: '1 kg', price: 90, act_price: 100, stock: 0, discount: 10, discount_type: 'percent' }],
  } as unknown as Parameters<typeof ProductCard>[0]['product'];

  it('a product card says "out of stock" and its discount in Hindi and Kannada', () => {
    activate('hi');
    show(<ProductCard product={product} />);
    expect(dom.container.textContent).toContain('स्टॉक में नहीं');
    expect(dom.container.textContent).toContain('10% छूट');
    activate('kn');
    show(<ProductCard product={product} />);
    expect(dom.container.textContent).toContain('ಸ್ಟಾಕ್ ಇಲ್ಲ');
    activate('en');
    show(<ProductCard product={product} />);
    expect(dom.container.textContent).toContain('Out of stock');
    expect(dom.container.textContent).toContain('10% off');
  });
});
