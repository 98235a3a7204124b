import { describe, expect, it } from 'vitest';
import { pageChrome } from './chrome';

const page = (url: string, shows: { nav?: boolean; sub?: boolean; footer?: boolean }) => ({
  url,
  title: url,
  show_navbar: shows.nav ?? true,
  show_sub_navbar: shows.sub ?? true,
  show_footer: shows.footer ?? true,
});
const at = (href: string) => {
  const u = new URL(href, 'https://shop.test');
  return { pathname: u.pathname, search: u.search, hash: u.hash };
};
const init = (webPages: ReturnType<typeof page>[], bars = { show_navbar: true, show_sub_navbar: true }) => ({
  webPages,
  navSetting: bars as never,
});

describe('pageChrome (spec §2: per page, looked up by full path)', () => {
  const pages = [
    page('/landing', { footer: false }),
    page('/landing?utm=mail', { nav: false, sub: false }),
    page('/help#faq', { sub: false }),
  ];

  it('takes the page saved under the full path (query and hash included) before the path alone', () => {
    expect(pageChrome(init(pages), at('/landing?utm=mail'))).toEqual({ showNavbar: false, showSubNavbar: false, showFooter: true });
    expect(pageChrome(init(pages), at('/help#faq'))).toEqual({ showNavbar: true, showSubNavbar: false, showFooter: true });
  });

  it('falls back to the path alone, then to everything shown', () => {
    expect(pageChrome(init(pages), at('/landing?utm=other'))).toEqual({ showNavbar: true, showSubNavbar: true, showFooter: false });
    expect(pageChrome(init(pages), at('/help'))).toEqual({ showNavbar: true, showSubNavbar: true, showFooter: true });
  });

  it('the navbar settings turn the bars off everywhere', () => {
    expect(pageChrome(init(pages, { show_navbar: false, show_sub_navbar: false }), at('/help#faq'))).toEqual({
      showNavbar: false,
      showSubNavbar: false,
      showFooter: true,
    });
  });
});
