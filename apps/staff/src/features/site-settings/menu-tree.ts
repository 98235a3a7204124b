import type { NavItem } from '@grocer/shared/storefront';

/**
 * A menu (spec §3 navigation items) as the editor holds it: the item tree with a key per item,
 * and the flat reading-order list the screen draws (each row's depth and parent). Moves are
 * worked out on the tree; drags use the same projection as the category tree.
 */
export interface MenuNode extends Omit<NavItem, 'children'> {
  key: string;
  children: MenuNode[];
}

export interface FlatRow {
  id: string;
  parent_id: string | null;
  depth: number;
  node: MenuNode;
}

/** Dropdowns nest three levels (a bar item, its submenu, the submenu's own). */
export const MAX_MENU_DEPTH = 3;

let seq = 0;
export const newKey = () => `m${++seq}`;

export function withKeys(items: NavItem[]): MenuNode[] {
  return items.map((i) => ({ ...i, key: newKey(), children: withKeys(i.children) }));
}

export function withoutKeys(nodes: MenuNode[]): NavItem[] {
  return nodes.map(({ key: _key, children, ...rest }) => ({
    ...rest,
    children: rest.value === '/categories' ? [] : withoutKeys(children),
  }));
}

export function flatten(nodes: MenuNode[], parent: string | null = null, depth = 0, out: FlatRow[] = []): FlatRow[] {
  for (const n of nodes) {
    out.push({ id: n.key, parent_id: parent, depth, node: n });
    flatten(n.children, n.key, depth + 1, out);
  }
  return out;
}

const height = (n: MenuNode): number => 1 + Math.max(0, ...n.children.map(height));

function find(nodes: MenuNode[], key: string): MenuNode | null {
  for (const n of nodes) {
    if (n.key === key) return n;
    const f = find(n.children, key);
    if (f) return f;
  }
  return null;
}

function depthOf(nodes: MenuNode[], key: string, depth = 0): number {
  for (const n of nodes) {
    if (n.key === key) return depth;
    const d = depthOf(n.children, key, depth + 1);
    if (d >= 0) return d;
  }
  return -1;
}

function remove(nodes: MenuNode[], key: string): MenuNode[] {
  return nodes.filter((n) => n.key !== key).map((n) => ({ ...n, children: remove(n.children, key) }));
}

function insert(nodes: MenuNode[], parent: string | null, index: number, node: MenuNode): MenuNode[] {
  if (parent === null) {
    const list = [...nodes];
    list.splice(Math.max(0, Math.min(index, list.length)), 0, node);
    return list;
  }
  return nodes.map((n) =>
    n.key === parent
      ? { ...n, children: insert(n.children, null, index, node) }
      : { ...n, children: insert(n.children, parent, index, node) },
  );
}

/** `key` under `parent` at `index` among its other children; null when too deep, inside itself, or under a /categories item. */
export function place(nodes: MenuNode[], key: string, parent: string | null, index: number): MenuNode[] | null {
  const node = find(nodes, key);
  if (!node) return null;
  if (parent !== null && (parent === key || find(node.children, parent))) return null;
  const parentNode = parent === null ? null : find(nodes, parent);
  if (parentNode?.value === '/categories') return null;
  const parentDepth = parent === null ? 0 : depthOf(nodes, parent) + 1;
  if (parentDepth + height(node) > MAX_MENU_DEPTH) return null;
  return insert(remove(nodes, key), parent, index, node);
}

export type Move = 'up' | 'down' | 'in' | 'out';

export function move(nodes: MenuNode[], key: string, how: Move): MenuNode[] | null {
  const flat = flatten(nodes);
  const row = flat.find((r) => r.id === key);
  if (!row) return null;
  const siblings = flat.filter((r) => r.parent_id === row.parent_id);
  const i = siblings.findIndex((r) => r.id === key);
  if (how === 'up') return i > 0 ? place(nodes, key, row.parent_id, i - 1) : null;
  if (how === 'down') return i < siblings.length - 1 ? place(nodes, key, row.parent_id, i + 1) : null;
  if (how === 'in') {
    const above = siblings[i - 1];
    return above ? place(nodes, key, above.id, Number.MAX_SAFE_INTEGER) : null;
  }
  if (row.parent_id === null) return null;
  const parent = flat.find((r) => r.id === row.parent_id)!;
  const parentSiblings = flat.filter((r) => r.parent_id === parent.parent_id);
  return place(nodes, key, parent.parent_id, parentSiblings.findIndex((r) => r.id === parent.id) + 1);
}

export function update(nodes: MenuNode[], key: string, patch: Partial<MenuNode>): MenuNode[] {
  return nodes.map((n) => (n.key === key ? { ...n, ...patch } : { ...n, children: update(n.children, key, patch) }));
}

export function removeItem(nodes: MenuNode[], key: string): MenuNode[] {
  return remove(nodes, key);
}

export function addChild(nodes: MenuNode[], parent: string | null, node: MenuNode): MenuNode[] | null {
  if (parent !== null) {
    const p = find(nodes, parent);
    if (!p || p.value === '/categories' || depthOf(nodes, parent) + 2 > MAX_MENU_DEPTH) return null;
  }
  return insert(nodes, parent, Number.MAX_SAFE_INTEGER, node);
}

export const blankItem = (name = 'New item'): MenuNode => ({
  key: newKey(),
  group: null,
  name,
  icon: null,
  show_icon: 0,
  link: '/',
  value: '/',
  slug: null,
  image: null,
  children: [],
});
