/**
 * Staff roles and what each may do (issue 40.10), like Saleor's permission groups: a person holds
 * any number of roles on a website; each role grants permissions; every staff call on the server
 * needs one permission (`apps/server/src/http/staff-permissions.ts` says which), and the staff
 * app draws only the screens the person's permissions open. Written once here for both sides.
 */
export const PERMISSIONS = [
  /** products, categories, brands, media, search words, catalogue CSV, reviews */
  'catalogue',
  /** Administration → Translations: the catalogue's, menus' and page blocks' texts in the website's other languages */
  'translations',
  /** stock levels, adjustments, movements */
  'stock',
  /** the order list, an order, pick lists, packing slips (read only) */
  'orders.read',
  /** mark orders packed */
  'orders.pack',
  /** ship, deliver, cash handed over */
  'orders.deliver',
  /** confirm, cancel, change lines, refunds */
  'orders.manage',
  'customers',
  /** the dashboard's figures and Administration → Reports */
  'reports',
  /** delivery zones, pincodes, slots, closures */
  'delivery',
  'coupons',
  'payments',
  'staff',
  'audit',
  /** analytics and the errors inbox */
  'insights',
  /** shoppers' reported issues */
  'support',
  /** Administration → Agents */
  'agents',
  /** Website Settings (the page builder, theme, menus, SEO) and the website's own settings */
  'builder',
  /** the point of sale: sell, return, count a rider's cash from a trip (issue 45), open and close one's own shift */
  'pos',
  /** the till's settings, closing another cashier's shift */
  'pos.manage',
  /** the sales dashboard: an agent's own customers and orders */
  'agent',
  /** the rider app: one's own trips, their stops, delivered or failed (issue 45) */
  'rider',
  /** every website: create, switch, domains */
  'superadmin',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The per-website roles (flags of the membership); superadmin is the person's, on every website. */
export const STAFF_ROLE_FLAGS = [
  'hasAdminAccess',
  'isCashier',
  'isPacker',
  'isDeliveryManager',
  'isCatalogueEditor',
  'isAccountant',
  'isSalesAgent',
  'isRider',
] as const;
export type StaffRoleFlag = (typeof STAFF_ROLE_FLAGS)[number];

/** A membership's role flags (their zod schema is admin-staff.ts's: this file stays free of zod for the staff app's shell). */
export type StaffRoleFlags = Record<StaffRoleFlag, boolean>;
export type StaffPerson = Partial<StaffRoleFlags> & { superadmin?: boolean };

const ALL_BUT_OWN = PERMISSIONS.filter((p) => p !== 'agent' && p !== 'rider' && p !== 'superadmin');

/** Each role: its name and one line a shop owner reads when adding a person, and what it grants. */
export const STAFF_ROLES: Record<StaffRoleFlag, { label: string; hint: string; grants: readonly Permission[] }> = {
  hasAdminAccess: { label: 'Admin', hint: 'Everything on this website: Administration, Website Settings, POS', grants: ALL_BUT_OWN },
  isCashier: {
    label: 'Cashier',
    hint: 'POS only: sell, take returns, count riders’ cash, open and close their own shift',
    grants: ['pos'],
  },
  isPacker: { label: 'Packer', hint: 'Orders to pack: pick lists, packing slips, mark packed', grants: ['orders.read', 'orders.pack'] },
  isDeliveryManager: {
    label: 'Delivery manager',
    hint: 'Ship and deliver orders, cash handed over, delivery zones and slots',
    grants: ['orders.read', 'orders.deliver', 'delivery'],
  },
  isCatalogueEditor: {
    label: 'Catalogue editor',
    hint: 'Products, categories, brands, media, stock, import/export, translations',
    grants: ['catalogue', 'stock', 'translations'],
  },
  isAccountant: { label: 'Accountant', hint: 'Reports and orders, read only; the audit log', grants: ['reports', 'orders.read', 'audit'] },
  isSalesAgent: { label: 'Sales agent', hint: 'Their own customers and orders on the sales dashboard', grants: ['agent'] },
  isRider: { label: 'Rider', hint: 'Delivers orders: their own trips in the rider app, nothing else', grants: ['rider'] },
};

/** What a person may do on a website: the union of their roles' grants (a superadmin: everything). */
export function permissionsOf(person: StaffPerson): Set<Permission> {
  if (person.superadmin)
    return new Set(PERMISSIONS.filter((p) => (p !== 'agent' || person.isSalesAgent) && (p !== 'rider' || person.isRider)));
  const out = new Set<Permission>();
  for (const flag of STAFF_ROLE_FLAGS) if (person[flag]) for (const p of STAFF_ROLES[flag].grants) out.add(p);
  return out;
}

export const can = (person: StaffPerson, permission: Permission): boolean => permissionsOf(person).has(permission);

/** Any role that works in Administration (not only the till or the sales dashboard). */
export const worksInAdministration = (person: StaffPerson): boolean =>
  [...permissionsOf(person)].some((p) => p !== 'pos' && p !== 'agent' && p !== 'rider');

/** Any staff role at all on the website (a customer has none). */
export const isStaff = (person: StaffPerson): boolean => !!person.superadmin || STAFF_ROLE_FLAGS.some((f) => person[f]);

/** The permission each move of an order needs (the order screen's buttons, a bulk move). */
export const ORDER_MOVE_NEEDS: Record<'confirm' | 'pack' | 'ship' | 'deliver' | 'cancel', Permission> = {
  confirm: 'orders.manage',
  pack: 'orders.pack',
  ship: 'orders.deliver',
  deliver: 'orders.deliver',
  cancel: 'orders.manage',
};
