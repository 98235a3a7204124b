import { Code, Compass, FileText, Globe, Languages, Megaphone, Menu, Palette, PanelBottom, Search, type LucideIcon } from 'lucide-react';
import { paths } from '../lib/paths';
import { t } from '../lib/i18n';

/**
 * Website Settings' left navigation, in order: one entry per screen of /page-builder. Each
 * screen adds its line here (and its route in router.tsx).
 */
export const PAGE_BUILDER_NAV: Array<{ label: string; icon: LucideIcon; to: string }> = [
  { label: t('Pages'), icon: FileText, to: paths.builderPages() },
  { label: t('Website'), icon: Globe, to: '/page-builder/settings/website' },
  { label: t('Theme'), icon: Palette, to: '/page-builder/settings/theme' },
  { label: t('Navigation'), icon: Compass, to: '/page-builder/settings/navigation' },
  { label: t('Navbar menu'), icon: Menu, to: '/page-builder/settings/menus' },
  { label: t('Footer menu'), icon: PanelBottom, to: '/page-builder/settings/footer' },
  { label: t('Popup'), icon: Megaphone, to: '/page-builder/settings/popup' },
  { label: t('SEO'), icon: Search, to: '/page-builder/settings/seo' },
  { label: t('Languages'), icon: Languages, to: '/page-builder/settings/languages' },
  { label: t('Page scripts'), icon: Code, to: '/page-builder/settings/scripts' },
];
