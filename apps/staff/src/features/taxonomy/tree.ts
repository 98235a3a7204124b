import { MAX_CATEGORY_DEPTH, type AdminCategory } from '@grocer/shared/admin-catalogue-edit';

/**
 * The category tree as the screen shows it: a flat list in reading order with each row's depth
 * (0 = top). Drags and the move buttons are worked out here, as the `arrange` call the server
 * takes: a parent and its children in their new order.
 */
export interface FlatCategory extends AdminCategory {
  depth: number;
}

export function flatten(list: AdminCategory[]): FlatCategory[] {
  const byParent = new Map<number | null, AdminCategory[]>();
  for (const c of list) byParent.set(c.parent_id, [...(byParent.get(c.parent_id) ?? []), c]);
  for (const kids of byParent.values()) kids.sort((a, b) => a.position - b.position || a.id - b.id);
  const out: FlatCategory[] = [];
  const walk = (parent: number | null, depth: number) =>
    (byParent.get(parent) ?? []).forEach((c) => (out.push({ ...c, depth }), walk(c.id, depth + 1)));
  walk(null, 0);
  return out;
}

/** The ids of `id` and everything under it. */
export function subtree(flat: FlatCategory[], id: number): Set<number> {
  const out = new Set([id]);
  for (const c of flat) if (c.parent_id !== null && out.has(c.parent_id)) out.add(c.id);
  return out;
}

/** Levels in the subtree under and including `id` (1 for a leaf). */
export function height(flat: FlatCategory[], id: number): number {
  const kids = flat.filter((c) => c.parent_id === id);
  return 1 + Math.max(0, ...kids.map((k) => height(flat, k.id)));
}

export interface Arrangement {
  parent_id: number | null;
  ids: number[];
}

/** `id` becomes a child of `parent` at `index` among its (other) children. Null when not allowed (depth, itself). */
export function place(flat: FlatCategory[], id: number, parent: number | null, index: number): Arrangement | null {
  if (parent !== null && subtree(flat, id).has(parent)) return null;
  const parentDepth = parent === null ? 0 : flat.find((c) => c.id === parent)!.depth + 1;
  if (parentDepth + height(flat, id) > MAX_CATEGORY_DEPTH) return null;
  const siblings = flat.filter((c) => c.parent_id === parent && c.id !== id).map((c) => c.id);
  siblings.splice(Math.max(0, Math.min(index, siblings.length)), 0, id);
  return { parent_id: parent, ids: siblings };
}

type Move = 'up' | 'down' | 'in' | 'out';

/**
 * The keyboard's moves: up/down among siblings, in (under the sibling above, last), out (after
 * its parent, one level up). Null when the move is not possible.
 */
export function move(flat: FlatCategory[], id: number, how: Move): Arrangement | null {
  const c = flat.find((x) => x.id === id);
  if (!c) return null;
  const siblings = flat.filter((x) => x.parent_id === c.parent_id);
  const i = siblings.findIndex((x) => x.id === id);
  if (how === 'up') return i > 0 ? place(flat, id, c.parent_id, i - 1) : null;
  if (how === 'down') return i < siblings.length - 1 ? place(flat, id, c.parent_id, i + 1) : null;
  if (how === 'in') {
    const above = siblings[i - 1];
    return above ? place(flat, id, above.id, Number.MAX_SAFE_INTEGER) : null;
  }
  if (c.parent_id === null) return null;
  const parent = flat.find((x) => x.id === c.parent_id)!;
  const parentSiblings = flat.filter((x) => x.parent_id === parent.parent_id);
  return place(flat, id, parent.parent_id, parentSiblings.findIndex((x) => x.id === parent.id) + 1);
}
