import { formatINR } from '@grocer/shared/money';
import { ORDER_STATUS_LABELS } from '@grocer/shared/order';
import * as Dialog from '@radix-ui/react-dialog';
import { Command } from 'cmdk';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCan } from '../../../lib/permissions';
import { paths } from '../../../lib/paths';
import { useEverything } from '../api/search-everything';
import { t } from '../../../lib/i18n';

/** A screen the palette can go to (Administration's navigation, already filtered to the person's roles). */
export interface PaletteScreen {
  label: string;
  to: string;
}

const group = 'px-2 pt-2 pb-1 text-xs font-medium uppercase tracking-wide text-gray-500 [&_[cmdk-group-heading]]:px-2';
const item =
  'flex min-h-10 cursor-pointer items-center justify-between gap-3 rounded-md px-2 py-1.5 text-sm aria-selected:bg-teal-50 aria-selected:text-teal-900';

/**
 * Administration's search-everything (issue 40.17), like Shopify's and Saleor's: Ctrl+K (⌘K) or
 * the Search button; orders by number, name or mobile, products, customers, and the screens. Only
 * what the person's roles may open is searched.
 */
export function CommandPalette({ screens }: { screens: PaletteScreen[] }) {
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const navigate = useNavigate();
  const can = useCan();
  const found = useEverything(q, { orders: can('orders.read'), products: can('catalogue'), customers: can('customers') });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setOpen((o) => !o);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const go = (to: string) => {
    setOpen(false);
    setQ('');
    navigate(to);
  };
  const orders = found.orders.data?.data ?? [];
  const products = found.products.data?.data ?? [];
  const customers = found.customers.data?.data ?? [];

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="inline-flex min-h-10 w-full items-center gap-2 rounded-md border bg-white px-2 text-sm text-gray-600 hover:bg-gray-50">
        <Search className="size-4" aria-hidden />
        {t('Search')}
        <kbd className="ml-auto hidden rounded border bg-gray-50 px-1 text-[11px] text-gray-600 md:inline">Ctrl K</kbd>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-[10vh] left-1/2 z-50 w-[640px] max-w-[calc(100vw-1.5rem)] -translate-x-1/2 overflow-hidden rounded-lg bg-white shadow-xl"
        >
          <Dialog.Title className="sr-only">{t('Search Administration')}</Dialog.Title>
          {/* the server searches; cmdk only keeps the keyboard (its own filter would hide a match by mobile number) */}
          <Command shouldFilter={false} label={t('Search Administration')} loop>
            <div className="flex items-center gap-2 border-b px-3">
              <Search className="size-4 text-gray-500" aria-hidden />
              <Command.Input
                value={q}
                onValueChange={setQ}
                placeholder={t('Order number, mobile, product, customer or screen')}
                className="h-12 w-full text-base outline-none"
              />
            </div>
            <Command.List className="max-h-[60vh] overflow-y-auto p-2">
              <Command.Empty className="px-2 py-6 text-center text-sm text-gray-600">
                {found.typed
                  ? found.loading
                    ? t('Searching…')
                    : t('Nothing found for “{q}”.', { q: q.trim() })
                  : t('Type at least two letters or digits.')}
              </Command.Empty>
              {orders.length > 0 && (
                <Command.Group heading={t('Orders')} className={group}>
                  {orders.map((o) => (
                    <Command.Item key={o.id} value={`order-${o.id}`} onSelect={() => go(paths.order(o.id))} className={item}>
                      <span>
                        <span className="font-medium">{o.ordernumber}</span> · {o.customer} · {o.phone}
                      </span>
                      <span className="text-xs text-gray-600">
                        {ORDER_STATUS_LABELS[o.status]} · {formatINR(o.total)}
                      </span>
                    </Command.Item>
                  ))}
                </Command.Group>
              )}
              {products.length > 0 && (
                <Command.Group heading={t('Products')} className={group}>
                  {products.map((p) => (
                    <Command.Item key={p.id} value={`product-${p.id}`} onSelect={() => go(paths.product(p.id))} className={item}>
                      <span className="font-medium">{p.name}</span>
                      <span className="text-xs text-gray-600">{p.brand ?? ''}</span>
                    </Command.Item>
                  ))}
                </Command.Group>
              )}
              {customers.length > 0 && (
                <Command.Group heading={t('Customers')} className={group}>
                  {customers.map((c) => (
                    <Command.Item key={c.id} value={`customer-${c.id}`} onSelect={() => go(paths.customer(c.id))} className={item}>
                      <span className="font-medium">{c.name}</span>
                      <span className="text-xs text-gray-600">{[c.phone, c.email].filter(Boolean).join(' · ')}</span>
                    </Command.Item>
                  ))}
                </Command.Group>
              )}
              <ScreenMatches q={q} screens={screens} onGo={go} />
            </Command.List>
          </Command>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ScreenMatches({ q, screens, onGo }: { q: string; screens: PaletteScreen[]; onGo: (to: string) => void }) {
  const words = q.trim().toLowerCase();
  const matched = words ? screens.filter((s) => s.label.toLowerCase().includes(words)) : screens;
  if (matched.length === 0) return null;
  return (
    <Command.Group heading={t('Go to')} className={group}>
      {matched.map((s) => (
        <Command.Item key={s.to} value={`screen-${s.to}`} onSelect={() => onGo(s.to)} className={item}>
          {s.label}
        </Command.Item>
      ))}
    </Command.Group>
  );
}
