import { ICON_NAME_PATTERN } from '@grocer/shared/validation';
import { BadgePercent, Heart, Info, LayoutGrid, MapPin, Package, Phone, ShoppingBasket, Truck, type LucideIcon } from 'lucide-react';

// Icons the content may name (spec §3 nav items: icon + show_icon). Imported one by one so the
// storefront bundle carries only these; unknown names render nothing.
const ICONS: Record<string, LucideIcon> = {
  'badge-percent': BadgePercent,
  heart: Heart,
  info: Info,
  'layout-grid': LayoutGrid,
  'map-pin': MapPin,
  package: Package,
  phone: Phone,
  'shopping-basket': ShoppingBasket,
  truck: Truck,
};

export function Icon({ name, size = 16, className }: { name: string | null | undefined; size?: number; className?: string }) {
  if (!name || !ICON_NAME_PATTERN.test(name)) return null;
  const C = ICONS[name];
  return C ? <C size={size} className={className} aria-hidden="true" /> : null;
}
