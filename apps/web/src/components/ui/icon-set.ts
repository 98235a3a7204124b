import type { LucideIcon } from 'lucide-react';

/**
 * Every lucide icon, one chunk each, by name (spec §5 icon names). This module is itself loaded
 * only when a page names an icon outside the common ones (`icon.tsx`). The `?icon` query makes
 * these copies separate modules from the icons the app imports statically, so the bundler keeps
 * those inside the chunks that use them rather than splitting each into a file of its own.
 */
const files = import.meta.glob<LucideIcon>('./*.mjs', {
  base: '../../../../../node_modules/lucide-react/dist/esm/icons',
  query: '?icon',
  import: 'default',
});

/** './heart.mjs' (or with the query kept on the key) → 'heart' */
export const iconImports = new Map(Object.entries(files).map(([file, load]) => [file.slice(2).replace(/\.mjs(\?.*)?$/, ''), load]));
