import type { Permission } from '@grocer/shared/staff-roles';
import type { StaffNeed } from './auth';

/**
 * The permission each staff call needs (issue 40.10), from its address: the area (the first
 * segment after /s/api), and in Administration the screen (the second) and the move. A call whose
 * area or screen is not listed here stops the server from starting (`staffScope`), so no staff
 * call can be added without deciding who may make it. A route may declare its own need
 * (`config.staffNeed`), e.g. the till's settings (`pos.manage`) or the choose screen (`user`).
 */
const AREAS: Record<string, Permission | 'screen'> = {
  admin: 'screen',
  builder: 'builder',
  pos: 'pos',
  agent: 'agent',
  // the rider app's calls (issue 45): a rider's own trips only, checked again per trip in delivery-trips
  rider: 'rider',
  bos: 'superadmin',
};

/**
 * Whether an address (with the /s/api prefix, query allowed) is a staff call: one of the staff
 * areas above. Their errors stay in English whatever language the browser chose (issue 46).
 */
export function isStaffCall(url: string): boolean {
  if (!url.startsWith('/s/api/')) return false;
  const area = /^\/s\/api\/([^/?#]*)/.exec(url)?.[1] ?? '';
  return Object.hasOwn(AREAS, area) || url.startsWith('/s/api/auth/bos');
}

/** Administration's screens: one permission, or one to read and another to change. */
const SCREENS: Record<string, Permission | { read: Permission; write: Permission }> = {
  products: 'catalogue',
  categories: 'catalogue',
  brands: 'catalogue',
  catalogue: 'catalogue',
  media: 'catalogue',
  search: 'catalogue',
  // moderating shoppers' reviews is the catalogue's work (issue 39 §15)
  reviews: 'catalogue',
  stock: 'stock',
  orders: { read: 'orders.read', write: 'orders.manage' },
  customers: 'customers',
  // the customers' wallets and khatas: balances, credit limits, goodwill, cash payments (issue 44)
  wallets: 'customers',
  // subscriptions: settings, the demand for a date, the list, low balances (issue 44 §6)
  subscriptions: 'customers',
  agents: 'agents',
  coupons: 'coupons',
  // automatic promotions are the coupons' work (marketing); customer groups and their price lists the customers' (issue 40 §19)
  promotions: 'coupons',
  'customer-groups': 'customers',
  delivery: 'delivery',
  // trips of a slot's packed orders, riders, starting a trip (issue 45): the delivery manager's work
  dispatch: { read: 'orders.read', write: 'orders.deliver' },
  payments: 'payments',
  // WhatsApp's settings (issue 46 §6): provider keys like the payment gateways', on the Payments screen
  whatsapp: 'payments',
  staff: 'staff',
  audit: 'audit',
  reports: 'reports',
  summary: 'reports',
  analytics: 'insights',
  errors: 'insights',
  issues: 'support',
  // translated names and texts of the catalogue, menus and pages (issue 46 §2)
  translations: 'translations',
};

/** Moves on an order that are not the manager's: the packer packs, the delivery manager ships and delivers. */
const ORDER_MOVES: Record<string, Permission> = {
  pack: 'orders.pack',
  ship: 'orders.deliver',
  deliver: 'orders.deliver',
  'cash-handover': 'orders.deliver',
  // each order of a bulk move is checked by its action (orders/admin-routes.ts)
  bulk: 'orders.read',
};

const READS = new Set(['GET', 'HEAD']);

/**
 * The need of a staff route, `url` without the /s/api prefix (e.g. `/admin/orders/:id/pack`);
 * throws for an address outside the known areas and screens.
 */
export function staffNeedOf(method: string, url: string): StaffNeed {
  const [, area = '', screen = '', ...rest] = url.split('/');
  const need = AREAS[area];
  if (!need) throw new Error(`staff route ${url} is outside the staff areas (${Object.keys(AREAS).join(', ')})`);
  if (need !== 'screen') return need;
  const rule = SCREENS[screen];
  if (!rule) throw new Error(`staff route ${url} is on no known Administration screen: say in http/staff-permissions.ts who may call it`);
  if (typeof rule === 'string') return rule;
  if (READS.has(method.toUpperCase())) return rule.read;
  if (screen === 'orders') {
    const move = ORDER_MOVES[rest.at(-1) ?? ''];
    if (move) return move;
  }
  return rule.write;
}
