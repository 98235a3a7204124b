import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Spinner } from '../../../components/ui/loading';
import { t } from '../../../lib/i18n';
import { subscriptionsApi } from '../api';
import { rupees, shortDay, type CalendarDay } from '../words';

/**
 * One-off items in a delivery (issue 44 §4: "add bread to tomorrow's milk"): the shopper picks a
 * delivery still open for changes, searches the catalogue and adds a pack; the day's items are
 * listed with Remove. They come in that delivery's order and are paid with it.
 */
export function DeliveryExtras({
  days,
  onSet,
}: {
  days: CalendarDay[];
  /** sets a pack's quantity in a day's delivery (0 removes it); rejects with the server's refusal */
  onSet: (date: string, packId: number, quantity: number) => Promise<unknown>;
}) {
  const open = days.filter((d) => d.changeable && d.quantity > 0);
  const [picked, setPicked] = useState<string | null>(null);
  const [q, setQ] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const date = picked && open.some((d) => d.date === picked) ? picked : (open[0]?.date ?? null);
  const term = q.trim();
  const found = useQuery({
    queryKey: ['subscriptions', 'extras-search', term],
    queryFn: ({ signal }) => subscriptionsApi.search(term, signal),
    enabled: term.length >= 2,
    staleTime: 60_000,
  });
  if (!date) return <p className="text-sm text-gray-600">{t('No day in the next 30 days is open for changes.')}</p>;
  const day = open.find((d) => d.date === date)!;
  const set = async (packId: number, quantity: number) => {
    setBusy(packId);
    try {
      await onSet(date, packId, quantity);
    } catch {
      // the page shows the refusal
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="space-y-3">
      <label className="block text-sm font-medium">
        {t('Delivery day')}
        <select
          value={date}
          onChange={(e) => setPicked((e.target as HTMLSelectElement).value)}
          className="mt-1 block h-11 w-full max-w-xs rounded-lg border border-gray-300 bg-white px-3"
        >
          {open.map((d) => (
            <option key={d.date} value={d.date}>
              {shortDay(d.date)}
            </option>
          ))}
        </select>
      </label>
      {(day.extras ?? []).length > 0 && (
        <ul aria-label={t('Added to {day}', { day: shortDay(date) })} className="space-y-1.5">
          {(day.extras ?? []).map((e) => {
            const name = `${e.product_name} ${e.pack_name}`;
            return (
              <li key={e.pack_id} className="flex items-center justify-between gap-2 rounded-lg bg-gray-50 px-3 py-2 text-sm">
                <span>
                  {e.quantity} × {name} · <span className="tabular-nums">{rupees(e.price_paise)}</span>
                </span>
                <button
                  type="button"
                  disabled={busy !== null}
                  onClick={() => void set(e.pack_id, 0)}
                  className="min-h-11 rounded-lg border bg-white px-3 font-medium text-red-700 disabled:opacity-50"
                >
                  {busy === e.pack_id ? <Spinner size={16} /> : t('Remove {name}', { name })}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <label className="block text-sm font-medium">
        {t('Search products to add')}
        <input
          type="search"
          value={q}
          onInput={(e) => setQ((e.target as HTMLInputElement).value)}
          className="mt-1 block h-11 w-full max-w-md rounded-lg border border-gray-300 px-3"
        />
      </label>
      {found.isFetching && <Spinner size={16} />}
      {term.length >= 2 && found.data && (
        <ul aria-label={t('Products to add')} className="space-y-1.5">
          {found.data.data.flatMap((p) =>
            p.packs
              .filter((k) => k.stock !== 0)
              .map((k) => {
                const name = `${p.product_name} ${k.pack_name}`;
                const had = (day.extras ?? []).find((e) => e.pack_id === k.pack_id)?.quantity ?? 0;
                return (
                  <li key={k.pack_id} className="flex items-center justify-between gap-2 rounded-lg border px-3 py-2 text-sm">
                    <span>
                      {name} · <span className="tabular-nums">{rupees(Math.round(k.price * 100))}</span>
                    </span>
                    <button
                      type="button"
                      disabled={busy !== null || had >= 20}
                      onClick={() => void set(k.pack_id, had + 1)}
                      className="min-h-11 rounded-lg bg-[var(--color-primary)] px-3 font-semibold text-white disabled:opacity-50"
                    >
                      {busy === k.pack_id ? <Spinner size={16} className="text-white" /> : t('Add {name}', { name })}
                    </button>
                  </li>
                );
              }),
          )}
        </ul>
      )}
    </div>
  );
}
