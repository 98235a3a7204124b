import type { Suggestions } from '@grocer/shared/catalogue';
import { SUGGEST_MIN_LETTERS } from '@grocer/shared/list-params';
import { formatINR } from '@grocer/shared/money';
import { nameUnderBrand } from '@grocer/shared/packs';
import { useQuery } from '@tanstack/react-query';
import { Clock, Search } from 'lucide-react';
import { Fragment, useEffect, useState, type RefObject } from 'react';
import { img } from '@grocer/blocks/image';
import { suggestionsQuery } from '../../lib/suggestions';
import { forgetSearches, recentSearches } from './recent';
import { t } from '../../lib/i18n';

const DEBOUNCE_MS = 120;

interface Option {
  id: string;
  to: string;
  /** what the row says to a screen reader and shows */
  label: string;
  kind: 'search' | 'correction' | 'recent' | 'product' | 'category' | 'brand';
  product?: Suggestions['products'][number];
}

function useDebounced(value: string, ms: number) {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

function optionsFor(text: string, data: Suggestions | undefined, recent: string[], id: string): Option[] {
  const q = text.trim();
  const search = (words: string) => `/products?q=${encodeURIComponent(words)}`;
  if (q.replace(/\s/g, '').length < SUGGEST_MIN_LETTERS)
    return recent.map((r, i) => ({ id: `${id}-r${i}`, to: search(r), label: r, kind: 'recent' }));
  const out: Option[] = [{ id: `${id}-s`, to: search(q), label: t('Search for "{words}"', { words: q }), kind: 'search' }];
  if (!data || data.q !== q.toLowerCase().replace(/\s+/g, ' ')) return out;
  if (data.did_you_mean) out.push({ id: `${id}-dym`, to: search(data.did_you_mean), label: data.did_you_mean, kind: 'correction' });
  data.products.forEach((p, i) =>
    out.push({ id: `${id}-p${i}`, to: `/products/${encodeURIComponent(p.slug)}`, label: p.name, kind: 'product', product: p }),
  );
  data.categories.forEach((c, i) =>
    out.push({ id: `${id}-c${i}`, to: `/products?c=${encodeURIComponent(c.slug)}`, label: c.name, kind: 'category' }),
  );
  data.brands.forEach((b, i) =>
    out.push({ id: `${id}-b${i}`, to: `/products?b=${encodeURIComponent(b.slug)}`, label: b.name, kind: 'brand' }),
  );
  return out;
}

/**
 * The search box's list (loaded when the box is first focused, so it costs the first load
 * nothing): recent searches while fewer than two letters are typed, then "Search for …", a
 * correction when the words find nothing, products, categories and brands, asked for 120 ms after
 * the last keystroke. Arrow keys move through it, Enter opens the highlighted row, Escape closes.
 */
export default function SearchSuggestions({
  input,
  listId,
  text,
  open,
  onClose,
  onActive,
  onPick,
}: {
  input: RefObject<HTMLInputElement | null>;
  listId: string;
  text: string;
  open: boolean;
  onClose: () => void;
  onActive: (id: string | undefined) => void;
  onPick: (to: string) => void;
}) {
  const q = useDebounced(text.trim(), DEBOUNCE_MS);
  const asking = q.replace(/\s/g, '').length >= SUGGEST_MIN_LETTERS;
  const { data } = useQuery({ ...suggestionsQuery(q), enabled: open && asking });
  const [recent, setRecent] = useState(recentSearches);
  const [active, setActive] = useState(-1);
  const options = optionsFor(text, data, recent, listId);
  const activeId = options[active]?.id;

  // a new list (new words, or their answer) starts with nothing highlighted
  useEffect(() => setActive(-1), [text, data?.q]);
  useEffect(() => {
    if (open) setRecent(recentSearches());
  }, [open]);
  useEffect(() => onActive(open ? activeId : undefined), [activeId, open, onActive]);

  // The keys belong to the input (focus stays there, as a combobox's does).
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    const keys = (e: KeyboardEvent) => {
      if (!open || !options.length) return;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setActive((a) => {
          const next = a + step;
          return next >= options.length ? -1 : next < -1 ? options.length - 1 : next;
        });
      } else if (e.key === 'Enter' && active >= 0 && options[active]) {
        e.preventDefault();
        onPick(options[active]!.to);
      } else if (e.key === 'Escape') onClose();
    };
    el.addEventListener('keydown', keys);
    return () => el.removeEventListener('keydown', keys);
  }, [input, open, options, active, onPick, onClose]);

  if (!open || !options.length) return null;
  const heading = (kind: Option['kind'], title: string, i: number) =>
    options[i]?.kind === kind && options[i - 1]?.kind !== kind ? (
      <li role="presentation" className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-gray-500 uppercase">
        {title}
      </li>
    ) : null;
  return (
    <ul
      id={listId}
      role="listbox"
      aria-label={t('Search suggestions')}
      className="absolute top-11 right-0 left-0 z-50 max-h-[70vh] overflow-auto rounded-lg border border-gray-200 bg-white py-1 text-sm shadow-lg"
      // a press on a row must not blur the input before the click lands
      onMouseDown={(e) => e.preventDefault()}
    >
      {options.map((o, i) => (
        <Fragment key={o.id}>
          {heading('recent', t('Recent searches'), i)}
          {heading('product', t('Products'), i)}
          {heading('category', t('Categories'), i)}
          {heading('brand', t('Brands'), i)}
          <li
            id={o.id}
            role="option"
            aria-selected={i === active}
            onClick={() => onPick(o.to)}
            onMouseEnter={() => setActive(i)}
            className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${i === active ? 'bg-gray-100' : ''}`}
          >
            <OptionBody option={o} />
          </li>
        </Fragment>
      ))}
      {options[0]?.kind === 'recent' && (
        <li role="presentation" className="border-t px-3 pt-2 pb-1 text-right">
          <button
            type="button"
            className="text-xs font-medium text-[var(--color-primary)] hover:underline"
            onClick={() => {
              forgetSearches();
              setRecent([]);
            }}
          >
            {t('Clear recent searches')}
          </button>
        </li>
      )}
    </ul>
  );
}

function OptionBody({ option: o }: { option: Option }) {
  switch (o.kind) {
    case 'recent':
      return (
        <>
          <Clock size={16} className="shrink-0 text-gray-400" aria-hidden="true" />
          <span className="truncate">{o.label}</span>
        </>
      );
    case 'search':
      return (
        <>
          <Search size={16} className="shrink-0 text-gray-400" aria-hidden="true" />
          <span className="truncate font-medium">{o.label}</span>
        </>
      );
    case 'correction':
      return (
        <span>
          Did you mean <strong className="text-[var(--color-primary)]">{o.label}</strong>?
        </span>
      );
    case 'product':
      return (
        <>
          <img src={img(o.product!.image, 'small')} alt="" width={40} height={40} className="h-10 w-10 shrink-0 rounded object-contain" />
          <span className="min-w-0 flex-1">
            {/* the brand above the name without it, as on the cards */}
            {o.product!.brand && <span className="block truncate text-xs text-gray-500">{o.product!.brand}</span>}
            <span className="block truncate">{o.product!.brand ? nameUnderBrand(o.label, o.product!.brand) : o.label}</span>
          </span>
          <span className="shrink-0 font-semibold">{formatINR(o.product!.price)}</span>
        </>
      );
    default:
      return (
        <>
          <span className="truncate">{o.label}</span>
          <span className="ml-auto shrink-0 text-xs text-gray-500">{o.kind === 'category' ? t('Category') : t('Brand')}</span>
        </>
      );
  }
}
