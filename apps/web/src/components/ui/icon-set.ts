import type { LucideIcon } from 'lucide-react';
import dynamicIconImports from 'lucide-react/dynamicIconImports';

/**
 * Every lucide icon by name (spec §5 icon names), through lucide's own name → import map: one
 * chunk per icon (an alias such as `alarm-check` shares its icon's chunk), fetched only when a page
 * names it. This module is itself loaded only for a name outside the common ones (`icon.tsx`).
 */
const imports: Record<string, () => Promise<{ default: LucideIcon }>> = dynamicIconImports;

export const iconImports = new Map(Object.entries(imports).map(([name, load]) => [name, async () => (await load()).default]));
