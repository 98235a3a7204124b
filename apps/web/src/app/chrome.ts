import type { Init } from '@grocer/shared/storefront';

/**
 * Which chrome a page shows (spec §2): its page's show_navbar, show_sub_navbar and show_footer,
 * the page looked up by the full path (path, query and hash) and, failing that, by the path alone
 * (a page saved as '/offers' still applies at '/offers?ref=mail'); the navbar settings can turn
 * the bars off everywhere; the footer shows by default.
 */
export function pageChrome(init: Pick<Init, 'webPages' | 'navSetting'>, location: { pathname: string; search: string; hash: string }) {
  const fullPath = location.pathname + location.search + location.hash;
  const page = init.webPages.find((p) => p.url === fullPath) ?? init.webPages.find((p) => p.url === location.pathname);
  return {
    showNavbar: (page?.show_navbar ?? true) && init.navSetting.show_navbar,
    showSubNavbar: (page?.show_sub_navbar ?? true) && init.navSetting.show_sub_navbar,
    showFooter: page?.show_footer ?? true,
  };
}
