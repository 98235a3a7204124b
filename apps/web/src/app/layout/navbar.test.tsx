/**
 * The top bar and sub-navbar against spec §2 and §9: navbar_template alignment, the dropdowns'
 * popper constants (z-index 9999, offset 10, reset 200 ms after the fade-out starts), and the
 * search field's 300 ms autofocus on the search page.
 */
import { emptyCart } from '@grocer/shared/cart';
import { initSchema, type Init, type NavItem } from '@grocer/shared/storefront';
import { render, type ComponentChild } from 'preact';
import { act } from 'preact/test-utils';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { mountPoint } from '../../test/mount';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Navbar } from './navbar';

const dom = mountPoint();
afterEach(() => {
  vi.useRealTimers();
});

const item = (name: string, children: NavItem[] = []): NavItem => ({
  group: null,
  name,
  icon: null,
  show_icon: 0,
  link: `/${name.toLowerCase()}`,
  value: null,
  slug: null,
  image: null,
  children,
});

function initWith(navSetting: Record<string, unknown>, user: Init['user'] = null): Init {
  return initSchema.parse({
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
    pincode: null,
    categories: [],
    brands: [],
    activetheme: {},
    navSetting: { logo_settings: {}, search_setting: {}, ...navSetting },
    webSeo: { og_title: '', og_description: '', meta_keywords: '', og_image: '' },
    webAddress: {},
    popup: null,
    webPages: [],
    navs: [item('Home'), item('Staples', [item('Rice', [item('Basmati')]), item('Dal')])],
    footers: [],
    cart: emptyCart(),
    language: 'en',
    languages: ['en'],
  });
}

function mount(init: Init, path = '/') {
  const bar = <Navbar init={init} showSubNavbar onMenu={() => {}} onCart={() => {}} onPincode={() => {}} cartQuantity={0} />;
  const router = createMemoryRouter([{ path: '*', element: bar }], { initialEntries: [path] });
  act(() => render((<RouterProvider router={router} />) as ComponentChild, dom.container));
}
const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));
const subnav = () => dom.container.querySelector('nav[aria-label="Main"] > ul')!;
const buttonNamed = (name: string) => [...dom.container.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)!;

describe('sub-navbar alignment (navbar_template: 1 start, 2 end, otherwise centred)', () => {
  it.each([
    [1, 'justify-start'],
    [2, 'justify-end'],
    [3, 'justify-center'],
    [4, 'justify-center'],
    [5, 'justify-center'],
  ])('navbar_template %i → %s', (template, justify) => {
    mount(initWith({ navbar_template: template }));
    const classes = subnav().className.split(' ');
    expect(classes).toContain(justify);
    expect(classes.filter((c) => c.startsWith('justify-'))).toHaveLength(1);
  });
});

describe('dropdowns (popper z-index 9999, offset 10, fade-out reset 200 ms)', () => {
  beforeEach(() => vi.useFakeTimers());

  const popper = (el: Element) => el.closest<HTMLElement>('[data-popper]')!;

  it('a nav dropdown and its submenu open 10 px from their trigger above everything, and are removed 200 ms after closing', () => {
    mount(initWith({}));
    act(() => buttonNamed('Staples').click());
    const menu = dom.container.querySelector('nav[aria-label="Main"] ul ul')!;
    expect(menu.textContent).toContain('Rice');
    expect(popper(menu).style.zIndex).toBe('9999');
    expect(popper(menu).style.paddingTop).toBe('10px');
    expect(popper(menu).style.opacity).toBe('1');
    act(() => buttonNamed('Rice').click());
    const sub = [...dom.container.querySelectorAll<HTMLElement>('[data-popper]')].at(-1)!;
    expect(sub.textContent).toBe('Basmati');
    expect(sub.style.zIndex).toBe('9999');
    expect(sub.style.paddingLeft).toBe('10px');

    act(() => buttonNamed('Staples').click());
    expect(popper(menu).style.opacity).toBe('0');
    expect(popper(menu).getAttribute('aria-hidden')).toBe('true');
    advance(199);
    expect(dom.container.textContent).toContain('Dal');
    advance(1);
    expect(dom.container.textContent).not.toContain('Dal');
  });

  it('the account menu is a popper too', () => {
    mount(initWith({}, { id: 1, name: 'Asha', email: null, phone: null, superadmin: false, hasAdminAccess: false, isSalesAgent: false }));
    act(() => (dom.container.querySelector('button[aria-haspopup="menu"]') as HTMLButtonElement).click());
    const menu = dom.container.querySelector('[role="menu"]')!;
    expect(popper(menu).style.zIndex).toBe('9999');
    expect(popper(menu).style.paddingTop).toBe('10px');
    act(() => void document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })));
    advance(200);
    expect(dom.container.querySelector('[role="menu"]')).toBeNull();
  });
});

describe('search field autofocus (300 ms) on the search page', () => {
  beforeEach(() => vi.useFakeTimers());
  const boxes = () => [...dom.container.querySelectorAll<HTMLInputElement>('input[type="search"]')];

  it('focuses the search field 300 ms after the search page opens', () => {
    mount(initWith({}), '/products?q=rice');
    expect(boxes()[0]!.value).toBe('rice');
    advance(299);
    expect(boxes()).not.toContain(document.activeElement);
    advance(1);
    expect(boxes()).toContain(document.activeElement);
  });

  it('leaves the focus alone elsewhere', () => {
    mount(initWith({}), '/');
    advance(1000);
    expect(boxes()).not.toContain(document.activeElement);
  });
});

describe('where the shop delivers', () => {
  it('shows the chosen pincode in the header at every width (not only from the small breakpoint up)', () => {
    mount({ ...initWith({}), pincode: '560034' });
    const pin = dom.container.querySelector('[data-testid="header-pincode"]')!;
    expect(pin.textContent).toBe('560034');
    expect(pin.className.split(' ')).not.toContain('hidden');
    expect(pin.closest('button')!.getAttribute('aria-label')).toBe('Delivering to 560034, change location');
  });
  it('offers to set one when none is chosen', () => {
    mount(initWith({}));
    expect(dom.container.querySelector('[data-testid="header-pincode"]')).toBeNull();
    expect(dom.container.querySelector('button[aria-label="Set delivery pincode"]')).not.toBeNull();
  });
});
