import type { Brand, Category } from '@grocer/shared/catalogue';
import { paramsFromSearch, searchFromParams, type ListParams } from '@grocer/shared/list-params';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal } from '../../../components/ui/modal';
import { BrandChecklist, NarrowingFields, narrowingOf, type Narrowing } from './list-filters';
import { t } from '../../../lib/i18n';
import { CategoryTree } from './category-tree';

/**
 * 'Category Filter' modal of spec §2 (the phone's filters): the category tree, the brands as
 * checkboxes with a search over them, and (issue 39) price range, least discount and in stock only.
 * Filters change only what they filter: Apply sets them on the list being looked at, and Reset
 * All clears them, both keeping its search words and sort.
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
  const [narrowing, setNarrowing] = useState<Narrowing>(() => narrowingOf(current));
  const close = () => {
    setOpen(false);
    setTimeout(onClose, 300);
  };
  const toggleIn = (set: typeof setSelected) => (slug: string) =>
    set((s) => (s.includes(slug) ? s.filter((x) => x !== slug) : [...s, slug]));
  const go = (c: string[], b: string[], n: Narrowing) => {
    // each filter named: Reset All's empty narrowing clears those of the list too
    const { min_price, max_price, discount, in_stock } = n;
    const search = searchFromParams({ ...current, c, b, min_price, max_price, discount, in_stock, page: 1 });
    navigate(`/products${search ? `?${search}` : ''}`);
    close();
  };
  return (
    <Modal open={open} onClose={close} title={t('Category Filter')}>
      <div className="max-h-[60vh] overflow-auto pr-1">
        <NarrowingFields value={narrowing} onChange={setNarrowing} prefix="sheet" />
        <fieldset className="mt-4 border-t pt-3">
          <legend className="px-1 text-sm font-semibold">{t('Categories')}</legend>
          <CategoryTree nodes={categories} selected={selected} onToggle={toggleIn(setSelected)} />
        </fieldset>
        {brands.length > 0 && (
          <fieldset className="mt-4 border-t pt-3">
            <legend className="px-1 text-sm font-semibold">{t('Brands')}</legend>
            <BrandChecklist brands={brands} selected={selectedBrands} onToggle={toggleIn(setSelectedBrands)} />
          </fieldset>
        )}
      </div>
      <div className="mt-4 flex justify-end gap-2 border-t pt-4">
        <button type="button" onClick={() => go([], [], {})} className="rounded-lg border px-4 py-2 text-sm font-medium hover:bg-gray-50">
          {t('Reset All')}
        </button>
        <button
          type="button"
          onClick={() => go(selected, selectedBrands, narrowing)}
          className="rounded-lg bg-[var(--color-primary)] px-4 py-2 text-sm font-medium text-white"
        >
          {t('Apply Filters')}
        </button>
      </div>
    </Modal>
  );
}
