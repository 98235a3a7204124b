/** A row of a tree shown flat: its id, its parent's and its depth (0 at the top). */
export interface FlatTreeRow<Id> {
  id: Id;
  parent_id: Id | null;
  depth: number;
}

/**
 * Where a drag puts the active row (dnd-kit's sortable tree projection): the row it is dropped on
 * sets its place in the list, the horizontal offset its depth, bounded by its neighbours there.
 * `visible` is the list without the active row's descendants (they travel with it). Shared by the
 * category tree and the navbar and footer menus.
 */
export function projectTreeDrop<Id>(
  visible: Array<FlatTreeRow<Id>>,
  activeId: Id,
  overId: Id,
  offsetX: number,
  indent: number,
): { depth: number; parent: Id | null; index: number } | null {
  const from = visible.findIndex((c) => c.id === activeId);
  const to = visible.findIndex((c) => c.id === overId);
  if (from < 0 || to < 0) return null;
  const items = [...visible];
  const [active] = items.splice(from, 1);
  items.splice(to, 0, active!);
  const previous = items[to - 1];
  const next = items[to + 1];
  const wanted = active!.depth + Math.round(offsetX / indent);
  const max = previous ? previous.depth + 1 : 0;
  const min = next ? next.depth : 0;
  const depth = Math.max(min, Math.min(max, wanted));
  let parent: Id | null = null;
  if (depth > 0 && previous) {
    if (depth === previous.depth) parent = previous.parent_id;
    else if (depth > previous.depth) parent = previous.id;
    else
      parent =
        items
          .slice(0, to)
          .reverse()
          .find((c) => c.depth === depth)?.parent_id ?? null;
  }
  // its index among the new parent's children: those before it in the list
  const index = items.slice(0, to).filter((c) => c.parent_id === parent && c.id !== activeId).length;
  return { depth, parent, index };
}
