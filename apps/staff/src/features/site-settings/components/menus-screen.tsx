import { DndContext } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { MenuKind, SiteSettings } from '@grocer/shared/site-settings';
import { ICON_NAME_PATTERN } from '@grocer/shared/validation';
import { ArrowDown, ArrowLeft, ArrowRight, ArrowUp, GripVertical, Info, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { TREE_INDENT, useTreeDrag } from '../../../lib/tree-drag';
import {
  addChild,
  blankItem,
  flatten,
  MAX_MENU_DEPTH,
  move,
  place,
  removeItem,
  update,
  withKeys,
  withoutKeys,
  type FlatRow,
  type MenuNode,
  type Move,
} from '../menu-tree';
import { GroupForm, Toggle } from './group-form';
import { ImageField } from './image-field';
import { LinkPicker } from './link-picker';
import { t } from '../../../lib/i18n';

/** Menus: the navbar's and the footer's item trees, each saved on its own. */
export function MenusScreen({ settings, kind }: { settings: SiteSettings; kind: MenuKind }) {
  const value = useMemo(() => ({ items: withKeys(settings.menus[kind]) }), [settings, kind]);
  return (
    <GroupForm<{ items: MenuNode[] }>
      key={`${kind}${settings.version}`}
      title={kind === 'nav' ? t('Navbar menu') : t('Footer menu')}
      intro={
        kind === 'nav'
          ? t(
              'The menu bar under the top bar. Drag an item by its handle to reorder it; drag it right, under another item, to make a dropdown (up to three levels).',
            )
          : t('The footer’s link groups: each top-level item is a group heading, its children the links under it.')
      }
      target={`menus/${kind}`}
      value={value}
      version={settings.version}
      toBody={(d) => ({ items: withoutKeys(d.items) })}
    >
      {(d, set, e) => <MenuEditor items={d.items} onChange={(items) => set({ items })} errors={e} kind={kind} />}
    </GroupForm>
  );
}

/** The server's messages for an item, by its index path in the tree (`items.0.children.1.icon`). */
function errorsAt(errors: Record<string, string>, path: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(errors))
    if (k.startsWith(`${path}.`) && !k.slice(path.length + 1).includes('.')) out[k.slice(path.length + 1)] = v;
  return out;
}

function paths(nodes: MenuNode[], prefix = 'items', out = new Map<string, string>()) {
  nodes.forEach((n, i) => {
    out.set(n.key, `${prefix}.${i}`);
    paths(n.children, `${prefix}.${i}.children`, out);
  });
  return out;
}

function MenuEditor({
  items,
  onChange,
  errors,
  kind,
}: {
  items: MenuNode[];
  onChange: (items: MenuNode[]) => void;
  errors: Record<string, string>;
  kind: MenuKind;
}) {
  const flat = flatten(items);
  const [selected, setSelected] = useState<string | null>(flat[0]?.id ?? null);
  const apply = (next: MenuNode[] | null, what: string) =>
    next
      ? onChange(next)
      : toast.error(
          t(
            '{what}: menus nest at most {MAX_MENU_DEPTH} levels, never inside themselves, and a /categories item gets its children from the categories.',
            { what, MAX_MENU_DEPTH },
          ),
        );
  const { visible, depthOf, dndProps } = useTreeDrag(flat, String, (row, to) =>
    apply(place(items, row.id, to.parent, to.index), `Cannot move ${row.node.name} there`),
  );
  const current = flat.find((r) => r.id === selected) ?? null;
  const pathOf = paths(items);
  const problem = (key: string) =>
    Object.keys(errors).some((k) => k.startsWith(`${pathOf.get(key)}.`) && !k.slice(pathOf.get(key)!.length + 1).includes('.'));

  return (
    <div className="grid items-start gap-5 xl:grid-cols-[minmax(0,1fr)_420px]">
      <Card title={t('Items')}>
        {errors.items && <p className="mb-2 text-xs text-red-700">{errors.items}</p>}
        <DndContext {...dndProps}>
          <SortableContext items={visible.map((r) => r.id)} strategy={verticalListSortingStrategy}>
            <ul aria-label={kind === 'nav' ? t('Navbar items') : t('Footer items')} className="divide-y rounded-md border">
              {visible.map((r) => (
                <Row
                  key={r.id}
                  row={r}
                  depth={depthOf(r)}
                  selected={selected === r.id}
                  invalid={problem(r.id)}
                  onSelect={() => setSelected(r.id)}
                  onMove={(how) => apply(move(items, r.id, how), `Cannot move ${r.node.name}`)}
                  canMove={{
                    up: !!move(items, r.id, 'up'),
                    down: !!move(items, r.id, 'down'),
                    in: !!move(items, r.id, 'in'),
                    out: !!move(items, r.id, 'out'),
                  }}
                />
              ))}
              {visible.length === 0 && <li className="p-4 text-sm text-gray-500">{t('No items yet.')}</li>}
            </ul>
          </SortableContext>
        </DndContext>
        <div className="mt-3 flex gap-2">
          <button
            type="button"
            className="flex items-center gap-1 rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-gray-50"
            onClick={() => {
              const n = blankItem(kind === 'footer' ? 'New group' : 'New item');
              onChange([...items, n]);
              setSelected(n.key);
            }}
          >
            <Plus className="size-4" aria-hidden /> {t('Add item')}
          </button>
          {current && (
            <button
              type="button"
              className="flex items-center gap-1 rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-gray-50 disabled:opacity-40"
              disabled={!addChild(items, current.id, blankItem())}
              onClick={() => {
                const n = blankItem('New subitem');
                apply(addChild(items, current.id, n), `Cannot add under ${current.node.name}`);
                setSelected(n.key);
              }}
            >
              <Plus className="size-4" aria-hidden /> {t('Add under “{name}”', { name: current.node.name })}
            </button>
          )}
        </div>
      </Card>
      {current && (
        <ItemForm
          key={current.id}
          row={current}
          errors={errorsAt(errors, pathOf.get(current.id) ?? '')}
          onChange={(patch) => onChange(update(items, current.id, patch))}
          onRemove={() => (onChange(removeItem(items, current.id)), setSelected(null))}
        />
      )}
    </div>
  );
}

function Row({
  row,
  depth,
  selected,
  invalid,
  onSelect,
  onMove,
  canMove,
}: {
  row: FlatRow;
  depth: number;
  selected: boolean;
  invalid: boolean;
  onSelect: () => void;
  onMove: (how: Move) => void;
  canMove: Record<Move, boolean>;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: row.id });
  const n = row.node;
  const tool = (how: Move, label: string, Icon: typeof ArrowUp) => (
    <button
      type="button"
      aria-label={`${label} ${n.name}`}
      title={label}
      disabled={!canMove[how]}
      onClick={() => onMove(how)}
      className="rounded p-1 text-gray-500 hover:bg-gray-100 disabled:opacity-25"
    >
      <Icon className="size-3.5" aria-hidden />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition, paddingLeft: `${depth * TREE_INDENT + 8}px` }}
      className={`flex items-center gap-2 py-2 pr-2 ${selected ? 'bg-teal-50' : 'bg-white'} ${invalid ? 'border-l-4 border-l-red-600' : ''} ${isDragging ? 'relative z-10 opacity-80 shadow-lg' : ''}`}
      data-testid={`menu-item-${n.name}`}
      data-depth={depth}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={t('Drag {name}', { name: n.name })}
        className="cursor-grab rounded p-1 text-gray-400 hover:bg-gray-100 active:cursor-grabbing"
      >
        <GripVertical className="size-4" aria-hidden />
      </button>
      <button type="button" onClick={onSelect} className="min-w-0 flex-1 truncate text-left text-sm font-medium hover:underline">
        {n.name || <em className="text-gray-500">{t('(no name)')}</em>}
      </button>
      {n.value === '/categories' && <span className="rounded bg-amber-100 px-1.5 text-xs text-amber-900">{t('categories')}</span>}
      <span className="hidden max-w-48 truncate text-xs text-gray-500 md:inline">{n.link}</span>
      <span className="flex">
        {tool('up', 'Move up', ArrowUp)}
        {tool('down', 'Move down', ArrowDown)}
        {tool('out', 'Move out', ArrowLeft)}
        {tool('in', 'Move in', ArrowRight)}
      </span>
    </li>
  );
}

function ItemForm({
  row,
  errors,
  onChange,
  onRemove,
}: {
  row: FlatRow;
  errors: Record<string, string>;
  onChange: (patch: Partial<MenuNode>) => void;
  onRemove: () => void;
}) {
  const n = row.node;
  const iconBad = !!n.icon && !ICON_NAME_PATTERN.test(n.icon);
  const isCategories = n.value === '/categories';
  return (
    <Card title={t('Item: {value}', { value: n.name || t('(no name)') })} className="xl:sticky xl:top-28">
      <div className="grid gap-4">
        <Field label={t('Name')} error={errors.name}>
          {(a) => <input {...a} className={inputClass} value={n.name} onChange={(e) => onChange({ name: e.target.value })} />}
        </Field>
        <div>
          <span className="block text-sm font-medium text-gray-700">{t('Link')}</span>
          <div className="mt-1">
            <LinkPicker
              link={n.link ?? ''}
              error={errors.link}
              onChange={(link, slug) => onChange({ link: link || null, value: link || null, slug })}
            />
          </div>
          <label className="mt-2 flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={isCategories}
              onChange={(e) => onChange(e.target.checked ? { link: '/categories', value: '/categories', children: [] } : { value: n.link })}
            />
            {t('This item lists the categories (')}
            <code>/categories</code>)
          </label>
          {isCategories && (
            <p className="mt-2 flex gap-2 rounded-md bg-amber-50 p-2 text-xs text-amber-900">
              <Info className="size-4 shrink-0" aria-hidden />
              {t(
                'Its dropdown is built from the shop’s categories (each links to its products); on phones it opens the category filter. Items cannot be added under it here: edit the categories in Administration.',
              )}
            </p>
          )}
        </div>
        <div className="grid grid-cols-[1fr_auto] items-end gap-3">
          <Field
            label={t('Icon')}
            error={errors.icon ?? (iconBad ? 'Icon name: lowercase letters and digits joined by hyphens (e.g. badge-percent)' : undefined)}
            hint={t('A lucide icon name, e.g. layout-grid, badge-percent')}
          >
            {(a) => (
              <input {...a} className={inputClass} value={n.icon ?? ''} onChange={(e) => onChange({ icon: e.target.value || null })} />
            )}
          </Field>
          <Toggle label={t('Show icon')} checked={n.show_icon === 1} onChange={(v) => onChange({ show_icon: v ? 1 : 0 })} />
        </div>
        <ImageField
          label={t('Image')}
          value={n.image ?? ''}
          error={errors.image}
          onChange={(image) => onChange({ image: image || null })}
          hint={t('On the bar, an image replaces the text; in a dropdown it shows beside it.')}
        />
        <Field label={t('Group (optional number)')} error={errors.group}>
          {(a) => (
            <input
              {...a}
              type="number"
              className={inputClass}
              value={n.group ?? ''}
              onChange={(e) => onChange({ group: e.target.value === '' ? null : e.target.valueAsNumber })}
            />
          )}
        </Field>
        <button
          type="button"
          onClick={onRemove}
          className="flex items-center gap-1 self-start rounded-md border border-red-200 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
        >
          <Trash2 className="size-4" aria-hidden /> {t('Remove')} {n.children.length ? t('with its subitems') : t('item')}
        </button>
      </div>
    </Card>
  );
}
