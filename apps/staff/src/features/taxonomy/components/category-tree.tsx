import { DndContext } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { MAX_CATEGORY_DEPTH } from '@grocer/shared/admin-catalogue-edit';
import { ArrowDown, ArrowLeft, ArrowRight, ArrowUp, GripVertical } from 'lucide-react';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/error-message';
import { TREE_INDENT, useTreeDrag } from '../../../lib/tree-drag';
import { useArrangeCategories } from '../api/categories';
import { move, place, type Arrangement, type FlatCategory } from '../tree';
import { t } from '../../../lib/i18n';

/**
 * The category tree: drag a row by its handle to reorder it or, moving it sideways, to put it
 * under another category (at most three levels); the arrow buttons do the same from the keyboard.
 */
export function CategoryTree({
  flat,
  selected,
  onSelect,
}: {
  flat: FlatCategory[];
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  const arrange = useArrangeCategories();
  const send = (a: Arrangement | null, what: string) => {
    if (!a)
      return toast.error(
        t('{what}: categories go at most {MAX_CATEGORY_DEPTH} levels deep, and never inside themselves.', { what, MAX_CATEGORY_DEPTH }),
      );
    arrange.mutate(a, { onError: (e) => toast.error(errorMessage(e)) });
  };
  const { visible, depthOf, dndProps } = useTreeDrag(flat, Number, (c, to) =>
    send(place(flat, c.id, to.parent, to.index), `Cannot move ${c.name} there`),
  );

  return (
    <DndContext {...dndProps}>
      <SortableContext items={visible.map((c) => c.id)} strategy={verticalListSortingStrategy}>
        <ul aria-label={t('Category tree')} className="divide-y rounded-md border">
          {visible.map((c) => (
            <Row
              key={c.id}
              c={c}
              depth={depthOf(c)}
              selected={selected === c.id}
              onSelect={() => onSelect(c.id)}
              onMove={(how) => send(move(flat, c.id, how), `Cannot move ${c.name} ${how === 'in' ? 'in' : how === 'out' ? 'out' : how}`)}
              canMove={{
                up: !!move(flat, c.id, 'up'),
                down: !!move(flat, c.id, 'down'),
                in: !!move(flat, c.id, 'in'),
                out: !!move(flat, c.id, 'out'),
              }}
              busy={arrange.isPending}
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function Row({
  c,
  depth,
  selected,
  onSelect,
  onMove,
  canMove,
  busy,
}: {
  c: FlatCategory;
  depth: number;
  selected: boolean;
  onSelect: () => void;
  onMove: (how: 'up' | 'down' | 'in' | 'out') => void;
  canMove: Record<'up' | 'down' | 'in' | 'out', boolean>;
  busy: boolean;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: c.id });
  const icon = 'size-3.5';
  const tool = (how: 'up' | 'down' | 'in' | 'out', label: string, Icon: typeof ArrowUp) => (
    <button
      type="button"
      aria-label={`${label} ${c.name}`}
      title={label}
      disabled={!canMove[how] || busy}
      onClick={() => onMove(how)}
      className="rounded p-1 text-gray-500 hover:bg-gray-100 disabled:opacity-25"
    >
      <Icon className={icon} aria-hidden />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition, paddingLeft: `${depth * TREE_INDENT + 8}px` }}
      className={`flex items-center gap-2 py-2 pr-2 ${selected ? 'bg-teal-50' : 'bg-white'} ${isDragging ? 'relative z-10 opacity-80 shadow-lg' : ''}`}
      data-testid={`category-${c.slug}`}
      data-depth={depth}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={t('Drag {name}', { name: c.name })}
        className="cursor-grab rounded p-1 text-gray-400 hover:bg-gray-100 active:cursor-grabbing"
      >
        <GripVertical className="size-4" aria-hidden />
      </button>
      <button
        type="button"
        onClick={onSelect}
        className="min-w-0 flex-1 truncate text-left text-sm font-medium hover:text-brand hover:underline"
      >
        {c.name}
      </button>
      <span className="hidden text-xs text-gray-500 sm:inline">/{c.slug}</span>
      <span className="w-20 text-right text-xs text-gray-500">
        {t('{products} {products, plural, one {product} other {products}}', { products: c.products })}
      </span>
      <span className="flex">
        {tool('up', 'Move up', ArrowUp)}
        {tool('down', 'Move down', ArrowDown)}
        {tool('out', 'Move out', ArrowLeft)}
        {tool('in', 'Move in', ArrowRight)}
      </span>
    </li>
  );
}
