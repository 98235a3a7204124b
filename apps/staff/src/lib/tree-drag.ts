import {
  closestCenter,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DndContextProps,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useState } from 'react';
import { projectTreeDrop, type FlatTreeRow } from './tree-projection';

/** How far a level of the tree is indented, in px: the drag's sideways offset is counted in it. */
export const TREE_INDENT = 28;

/**
 * A sortable tree's drag state for dnd-kit, shared by the category tree and the menu editor: the
 * rows to draw while dragging (the dragged row's descendants travel with it, hidden), where the
 * drop would put it (its depth is drawn as it moves) and the DndContext's props. `onDrop` is
 * called only for a real move: a row dropped back where it was changes nothing.
 */
export function useTreeDrag<Id extends string | number, Row extends FlatTreeRow<Id>>(
  flat: Row[],
  toId: (raw: UniqueIdentifier) => Id,
  onDrop: (row: Row, to: { parent: Id | null; index: number }) => void,
) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const [activeId, setActiveId] = useState<Id | null>(null);
  const [overId, setOverId] = useState<Id | null>(null);
  const [offsetX, setOffsetX] = useState(0);
  // rows come in reading order, so a descendant's parent is met (and hidden) before it
  const hidden = new Set<Id>();
  if (activeId !== null)
    for (const r of flat) if (r.parent_id !== null && (r.parent_id === activeId || hidden.has(r.parent_id))) hidden.add(r.id);
  const visible = flat.filter((r) => !hidden.has(r.id));
  const projected = activeId !== null && overId !== null ? projectTreeDrop(visible, activeId, overId, offsetX, TREE_INDENT) : null;
  const reset = () => (setActiveId(null), setOverId(null), setOffsetX(0));
  const dndProps: DndContextProps = {
    sensors,
    collisionDetection: closestCenter,
    onDragStart: ({ active }) => (setActiveId(toId(active.id)), setOverId(toId(active.id))),
    onDragMove: ({ delta }) => setOffsetX(delta.x),
    onDragOver: ({ over }) => setOverId(over ? toId(over.id) : null),
    onDragEnd: ({ active }) => {
      const p = projected;
      const id = toId(active.id);
      reset();
      if (!p) return;
      const row = flat.find((r) => r.id === id)!;
      const siblings = flat.filter((r) => r.parent_id === row.parent_id);
      if (p.parent === row.parent_id && siblings[p.index]?.id === id) return; // dropped where it was
      onDrop(row, p);
    },
    onDragCancel: reset,
  };
  /** A row's depth as drawn: the dragged one at the depth the drop would give it. */
  const depthOf = (row: Row) => (row.id === activeId && projected ? projected.depth : row.depth);
  return { visible, depthOf, dndProps };
}
