/**
 * How the audit log reads (Administration → Audit, a record's History panel): one label style for
 * every kind of record, "Kind · name" ("Product · Toor Dal", "Stock · Amul Butter - 500 g at Main
 * warehouse", "Order · #1042"), and each action in words ("Changed price", "Added image").
 * The name is what the record was called when it changed (the log keeps it: `audit_log.label`),
 * so a deleted product keeps its name.
 */

/** Each kind of record as a person names it. A kind not listed reads as its words ("order issue"). */
export const AUDIT_KINDS: Record<string, string> = {
  product: 'Product',
  pack: 'Pack',
  stock: 'Stock',
  category: 'Category',
  brand: 'Brand',
  catalogue: 'Catalogue',
  media: 'Image',
  order: 'Order',
  order_issue: 'Order issue',
  coupon: 'Coupon',
  customer: 'Customer',
  staff_member: 'Staff member',
  agent: 'Sales agent',
  agent_customer: 'Agent’s customer',
  review: 'Review',
  page: 'Page',
  menu: 'Menu',
  delivery_zone: 'Delivery zone',
  delivery_slot: 'Delivery slot',
  delivery_closure: 'Delivery closure',
  payment_settings: 'Payment method',
  website: 'Website',
  website_domain: 'Domain',
  website_settings: 'Website settings',
  analytics_settings: 'Analytics settings',
  inventory_settings: 'Stock settings',
  search_synonyms: 'Search synonyms',
  translation: 'Translation',
  error_group: 'Error',
  pos_sale: 'Counter sale',
  pos_return: 'Counter return',
  pos_shift: 'Till shift',
  pos_settings: 'Till settings',
  pos_held_cart: 'Held cart',
  pos_loose_good: 'Loose good',
  pos_offline_series: 'Offline receipts',
};

/** Kinds with one record per website: the kind is the whole label. */
const SINGLETONS = new Set(['analytics_settings', 'inventory_settings', 'search_synonyms', 'pos_settings']);

export function auditKind(entity: string): string {
  const known = AUDIT_KINDS[entity];
  if (known) return known;
  const words = entity.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * "Kind · name": the one way a row names its record. Without a name (an old row whose record is
 * gone) the record's id stands in, as "#id".
 */
export function auditThing(entity: string, label: string | null | undefined, entityId: string): string {
  const kind = auditKind(entity);
  const name = label?.trim() || (SINGLETONS.has(entity) ? '' : `#${entityId}`);
  return name ? `${kind} · ${name}` : kind;
}

const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Verbs as a person says them; an unknown verb reads as its words ("remove pincode" → "Remove pincode"). */
const ACTION_WORDS: Record<string, string> = {
  create: 'Created',
  add: 'Added',
  update: 'Edited',
  delete: 'Deleted',
  status: 'Changed status',
  category: 'Moved to a category',
  prices: 'Changed price',
  arrange: 'Rearranged',
  adjust: 'Adjusted stock',
  threshold: 'Changed low-stock level',
  import: 'Imported',
  confirm: 'Confirmed',
  pack: 'Packed',
  ship: 'Shipped',
  deliver: 'Delivered',
  cancel: 'Cancelled',
  cash_handover: 'Handed over cash',
  remove_line: 'Removed an item',
  substitute_line: 'Substituted an item',
  refund_retry: 'Retried refund',
  block: 'Blocked',
  unblock: 'Unblocked',
  assign: 'Assigned',
  unassign: 'Unassigned',
  pause: 'Paused',
  resume: 'Resumed',
  publish: 'Published',
  unpublish: 'Unpublished',
  rollback: 'Rolled back',
  duplicate: 'Duplicated',
  draft: 'Saved draft',
  add_pincodes: 'Added pincodes',
  remove_pincode: 'Removed pincode',
  open: 'Opened',
  close: 'Closed',
  close_for_cashier: 'Closed for a cashier',
  recall: 'Recalled',
  send_receipt: 'Sent receipt',
  resolve: 'Resolved',
  primary: 'Made primary',
  test: 'Tested',
  upload: 'Uploaded',
};

/**
 * An edit named by what it changed: a product save that only added images is "Added image", one
 * that only changed pack prices "Changed price"; an edit of several things stays "Edited".
 */
function describeUpdate(entity: string, before: unknown, after: unknown): string | null {
  const b = asRecord(before);
  const a = asRecord(after);
  const changed = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !same(b[k], a[k]));
  if (changed.length !== 1) return null;
  const [field] = changed as [string];
  if (field === 'images') {
    const was = listOf(b.images).length;
    const now = listOf(a.images).length;
    if (now > was) return now - was === 1 ? 'Added image' : 'Added images';
    if (now < was) return was - now === 1 ? 'Removed image' : 'Removed images';
    return 'Rearranged images';
  }
  if (field === 'packs' && entity === 'product') {
    const key = (k: unknown) => {
      const r = asRecord(k);
      return JSON.stringify({ ...r, price: undefined, act_price: undefined });
    };
    const bp = listOf(b.packs);
    const ap = listOf(a.packs);
    if (bp.length === ap.length && bp.every((k, i) => key(k) === key(ap[i]))) return 'Changed price';
    if (ap.length > bp.length) return 'Added pack';
    return 'Changed packs';
  }
  if (field === 'status') return 'Changed status';
  if (field === 'name' || field === 'title') return 'Renamed';
  return `Changed ${field.replace(/_/g, ' ')}`;
}

/** An audit row's action in words. */
export function auditActionText(entity: string, action: string, before?: unknown, after?: unknown): string {
  if (action === 'update') return describeUpdate(entity, before, after) ?? 'Edited';
  if (action === 'create' && entity === 'media') return 'Uploaded image';
  const known = ACTION_WORDS[action];
  if (known) return known;
  const words = action.replace(/[_-]/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Fields of a record's snapshot that name it, in order of preference (the label when a caller gives none). */
const NAME_FIELDS = ['label', 'name', 'title', 'code', 'host', 'receipt', 'ordernumber', 'url'] as const;

/** The record's name as its before/after snapshot holds it (after first: a rename shows the new name), or null. */
export function labelFromSnapshot(before: unknown, after: unknown): string | null {
  for (const snap of [after, before]) {
    const r = asRecord(snap);
    for (const f of NAME_FIELDS) {
      const v = r[f];
      if (typeof v === 'string' && v.trim()) return v.trim().slice(0, 200);
      if (typeof v === 'number' && f === 'ordernumber') return `#${v}`;
    }
  }
  return null;
}
