import { Check, ChevronDown, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { filterOptions } from './combobox-filter';
import { POPPER_OFFSET, POPPER_Z_INDEX } from './popper';

export interface Option {
  value: string;
  label: string;
}

/** Combobox with search, multi-select and clear; 'No matching data'; list at most 16rem tall. */
export function Combobox({
  options,
  value,
  onChange,
  multiple = false,
  placeholder = 'Select',
  label,
}: {
  options: Option[];
  value: string[];
  onChange: (v: string[]) => void;
  multiple?: boolean;
  placeholder?: string;
  label: string;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const search = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();
  useEffect(() => {
    if (!open) return;
    const t = setTimeout(() => search.current?.focus(), 100); // spec §9: combobox search focus 100 ms
    const close = (e: MouseEvent) => !root.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('mousedown', close);
    return () => {
      clearTimeout(t);
      document.removeEventListener('mousedown', close);
    };
  }, [open]);
  const shown = filterOptions(options, query);
  const toggle = (v: string) => {
    if (multiple) onChange(value.includes(v) ? value.filter((x) => x !== v) : [...value, v]);
    else {
      onChange([v]);
      setOpen(false);
    }
  };
  const selected = options.filter((o) => value.includes(o.value)).map((o) => o.label);
  return (
    <div className="relative" ref={root}>
      <button
        type="button"
        aria-label={label}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        className="flex h-10 w-full items-center justify-between rounded-lg border border-gray-300 px-3 text-left text-sm"
      >
        <span className={selected.length ? '' : 'text-gray-400'}>{selected.length ? selected.join(', ') : placeholder}</span>
        <span className="flex items-center gap-1">
          {selected.length > 0 && (
            <span
              role="button"
              tabIndex={0}
              aria-label="Clear"
              onClick={(e) => (e.stopPropagation(), onChange([]))}
              onKeyDown={(e) => e.key === 'Enter' && onChange([])}
              className="rounded p-0.5 hover:bg-gray-100"
            >
              <X size={14} aria-hidden="true" />
            </span>
          )}
          <ChevronDown size={16} aria-hidden="true" />
        </span>
      </button>
      {open && (
        <div
          className="absolute w-full rounded-lg border bg-white p-2 shadow-lg"
          style={{ zIndex: POPPER_Z_INDEX, marginTop: POPPER_OFFSET }}
        >
          <input
            ref={search}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Search"
            aria-label={`Search ${label}`}
            className="mb-2 h-9 w-full rounded border px-2 text-sm"
          />
          <ul id={listId} role="listbox" aria-multiselectable={multiple} className="max-h-[16rem] overflow-auto">
            {shown.length === 0 ? (
              <li className="px-2 py-2 text-sm text-gray-500">No matching data</li>
            ) : (
              shown.map((o) => (
                <li
                  key={o.value}
                  role="option"
                  aria-selected={value.includes(o.value)}
                  tabIndex={0}
                  onClick={() => toggle(o.value)}
                  onKeyDown={(e) => e.key === 'Enter' && toggle(o.value)}
                  className="flex cursor-pointer items-center justify-between rounded px-2 py-1.5 text-sm hover:bg-gray-100"
                >
                  {o.label}
                  {value.includes(o.value) && <Check size={14} aria-hidden="true" />}
                </li>
              ))
            )}
          </ul>
        </div>
      )}
    </div>
  );
}
