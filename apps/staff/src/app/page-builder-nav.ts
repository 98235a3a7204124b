import { FileText, type LucideIcon } from 'lucide-react';
import { paths } from '../lib/paths';

/**
 * Website Settings' left navigation, in order: one entry per screen of /page-builder. Each
 * screen adds its line here (and its route in router.tsx).
 */
export const PAGE_BUILDER_NAV: Array<{ label: string; icon: LucideIcon; to: string }> = [
  { label: 'Pages', icon: FileText, to: paths.builderPages() },
];
