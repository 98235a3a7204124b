/** The left navigation of Website Settings and the page builder (/page-builder): the settings groups. */
export const PAGE_BUILDER_SETTINGS_NAV: Array<{ to: string; label: string }> = [
  { to: '/page-builder/settings/website', label: 'Website' },
  { to: '/page-builder/settings/theme', label: 'Theme' },
  { to: '/page-builder/settings/navigation', label: 'Navigation' },
  { to: '/page-builder/settings/menus', label: 'Navbar menu' },
  { to: '/page-builder/settings/footer', label: 'Footer menu' },
  { to: '/page-builder/settings/popup', label: 'Popup' },
  { to: '/page-builder/settings/seo', label: 'SEO' },
  { to: '/page-builder/settings/scripts', label: 'Page scripts' },
];
