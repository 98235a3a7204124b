import type { Brand, Category } from '@grocer/shared/catalogue';
import { paramsFromSearch, searchFromParams, type ListParams } from '@grocer/shared/list-params';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal } from '../../../components/ui/modal';

/**
 * 'Category Filter' modal of spec §2 (the phone's filters): the category tree and the brands as
 * checkboxes. Filters change only what they filter: Apply sets the categories and brands of the
 * list being looked at, and Reset All clears them, both keeping its search words and sort.
 */
export default function CategoryFilterModal({
  categories,
  brands,
  onClose,
}: {
  categories: Category[];
  brands: Brand[];
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(true);
  // Opened over the list, it edits that list's filters; opened elsewhere (the menu), it starts a new one.
  const [current] = useState<ListParams>(() =>
    paramsFromSearch(new URLSearchParams(location.pathname === '/products' ? location.search : '')),
  );
  const [selected, setSelected] = useState<string[]>(current.c);
  const [selectedBrands, setSelectedBrands] = useState<string[]>(current.b);
  const close = () => {
    setOpen(false);
    setTimeout(onClose, 300);
  };
  const toggleIn = (set: typeof setSelected) => (slug: string) =>
    set((s) => (s.includes(slug) ? s.filter((x) => x !== slug) : [...s, slug]));
  const go = (c: string[], b: string[]) => {
    const search = searchFromParams({ ...current, c, b, page: 1 });
    navigate(`/products${search ? `?${search}` : ''}`);
    close();
  };
  return (
    <Modal open={open} onClose={close} title="Category Filter">
      <div className="max-h-[55vh] overflow-auto pr-1">
        <CategoryTree nodes={categories} selected={selected} onToggle={toggleIn(setSelected)} />
        {brands.length > 0 && (
          <fieldset className="mt-4 border-t pt-3">
            <legend className="px-1 text-sm font-semibold">Brands</legend>
            <ul>
              {brands.map((b) => (
                <li key={b.slug}>
                  <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-1.5 text-sm hover:bg-gray-50">
                    <input
                      type="checkbox"
                      checked={selectedBrands.includes(b.slug)}
                      onChange={() => toggleIn(setSelectedBrands)(b.slug)}
                      className="h-4 w-4 accent-[var(--color-primary)]"
                    />
                    {b.name}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
      </div>
      <div className="mt-4 flex justify-end gap-2 border-t pt-4">
        <button type="button" onClick={() => go([], [])} className="rounded-lg border px-4 py-2 text-sm font-medium hover:bg-gray-50">
          Reset All
        </button>
        <button
          type="button"
          onClick={() => go(selected, selectedBrands)}
          className="rounded-lg bg-[var(--color-primary)] px-4 py-2 text-sm font-medium text-white"
        >
          Apply Filters
        </button>
      </div>
    </Modal>
  );
}

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
