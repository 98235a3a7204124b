import { Code, Compass, FileText, Globe, Languages, Megaphone, Menu, Palette, PanelBottom, Search, type LucideIcon } from 'lucide-react';
import { paths } from '../lib/paths';

/**
 * Website Settings' left navigation, in order: one entry per screen of /page-builder. Each
 * screen adds its line here (and its route in router.tsx).
 */
export const PAGE_BUILDER_NAV: Array<{ label: string; icon: LucideIcon; to: string }> = [
  { label: 'Pages', icon: FileText, to: paths.builderPages() },
  { label: 'Website', icon: Globe, to: '/page-builder/settings/website' },
  { label: 'Theme', icon: Palette, to: '/page-builder/settings/theme' },
  { label: 'Navigation', icon: Compass, to: '/page-builder/settings/navigation' },
  { label: 'Navbar menu', icon: Menu, to: '/page-builder/settings/menus' },
  { label: 'Footer menu', icon: PanelBottom, to: '/page-builder/settings/footer' },
  { label: 'Popup', icon: Megaphone, to: '/page-builder/settings/popup' },
  { label: 'SEO', icon: Search, to: '/page-builder/settings/seo' },
  { label: 'Languages', icon: Languages, to: '/page-builder/settings/languages' },
  { label: 'Page scripts', icon: Code, to: '/page-builder/settings/scripts' },
];
