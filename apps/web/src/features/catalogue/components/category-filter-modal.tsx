import type { Category } from '@grocer/shared/catalogue';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal } from '../../../components/ui/modal';

/** 'Category Filter' modal of spec §2: checkbox tree; Reset All → /products; Apply → /products?c=… */
export default function CategoryFilterModal({ categories, onClose }: { categories: Category[]; onClose: () => void }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(true);
  const [selected, setSelected] = useState<string[]>(() =>
    (new URLSearchParams(location.search).get('c') ?? '').split(',').filter(Boolean),
  );
  const close = () => {
    setOpen(false);
    setTimeout(onClose, 300);
  };
  const toggle = (slug: string) => setSelected((s) => (s.includes(slug) ? s.filter((x) => x !== slug) : [...s, slug]));
  const go = (to: string) => {
    navigate(to);
    close();
  };
  return (
    <Modal open={open} onClose={close} title="Category Filter">
      <div className="max-h-[55vh] overflow-auto pr-1">
        <CategoryTree nodes={categories} selected={selected} onToggle={toggle} />
      </div>
      <div className="mt-4 flex justify-end gap-2 border-t pt-4">
        <button type="button" onClick={() => go('/products')} className="rounded-lg border px-4 py-2 text-sm font-medium hover:bg-gray-50">
          Reset All
        </button>
        <button
          type="button"
          onClick={() => go(selected.length ? `/products?c=${selected.join(',')}` : '/products')}
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
