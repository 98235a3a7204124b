import type { Category } from '@grocer/shared/catalogue';

/**
 * The categories as a tree of checkboxes: beside the desktop list and in the phone's 'Category
 * Filter' modal. A file of its own so the list's first load does not carry the modal (DESIGN §9).
 */
export function CategoryTree({
  nodes,
  selected,
  onToggle,
  depth = 0,
}: {
  nodes: Category[];
  selected: string[];
  onToggle: (slug: string) => void;
  depth?: number;
}) {
  return (
    <ul className={depth ? 'ml-5 border-l pl-2' : ''}>
      {nodes.map((n) => (
        <li key={n.slug}>
          <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-1.5 text-sm hover:bg-gray-50">
            <input
              type="checkbox"
              checked={selected.includes(n.slug)}
              onChange={() => onToggle(n.slug)}
              className="h-4 w-4 accent-[var(--color-primary)]"
            />
            {n.name}
          </label>
          {n.children.length > 0 && <CategoryTree nodes={n.children} selected={selected} onToggle={onToggle} depth={depth + 1} />}
        </li>
      ))}
    </ul>
  );
}
