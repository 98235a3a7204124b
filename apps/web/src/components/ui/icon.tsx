import { ICON_NAME_PATTERN } from '@grocer/shared/validation';
import { BadgePercent, Heart, Info, LayoutGrid, MapPin, Package, Phone, ShoppingBasket, Truck, type LucideIcon } from 'lucide-react';
import { useEffect, useState } from 'react';

// The icons the demo content names, in the first-load bundle so they draw with the page.
const COMMON = new Map<string, LucideIcon>([
  ['badge-percent', BadgePercent],
  ['heart', Heart],
  ['info', Info],
  ['layout-grid', LayoutGrid],
  ['map-pin', MapPin],
  ['package', Package],
  ['phone', Phone],
  ['shopping-basket', ShoppingBasket],
  ['truck', Truck],
]);

/** Icons loaded so far by name; null for a name lucide does not have. */
const loaded = new Map<string, LucideIcon | null>();

/**
 * Any other lucide icon (spec §2 icon component, §5 icon names) is loaded by name when first
 * drawn: the name → import map (`icon-set.ts`) sits in its own chunk, fetched only then, and every
 * icon is a chunk of its own, so the first load never carries the icon set.
 */
export async function loadIcon(name: string): Promise<LucideIcon | null> {
  const common = COMMON.get(name);
  if (common) return common;
  if (loaded.has(name)) return loaded.get(name)!;
  const { iconImports } = await import('./icon-set');
  const importIcon = iconImports.get(name);
  const icon = importIcon ? await importIcon() : null;
  loaded.set(name, icon);
  return icon;
}

export function Icon({ name, size = 16, className }: { name: string | null | undefined; size?: number; className?: string }) {
  const valid = !!name && ICON_NAME_PATTERN.test(name);
  const Ready = valid ? (COMMON.get(name) ?? loaded.get(name)) : null;
  const [, setVersion] = useState(0);
  useEffect(() => {
    if (!valid || Ready !== undefined) return;
    let live = true;
    void loadIcon(name).then(() => live && setVersion((v) => v + 1));
    return () => {
      live = false;
    };
  }, [name, valid, Ready]);
  if (Ready) return <Ready size={size} className={className} aria-hidden="true" />;
  // Still loading: hold the icon's place, so the label does not move when it arrives.
  if (Ready === undefined)
    return <span aria-hidden="true" className={`inline-block shrink-0 ${className ?? ''}`} style={{ width: size, height: size }} />;
  return null;
}
