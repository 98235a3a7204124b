import { packLabel } from '@grocer/shared/labels';
import type { Product } from '@grocer/shared/catalogue';
import { formatINR } from '@grocer/shared/money';
import { perKgLabel, weightLabel } from '@grocer/shared/weighed';
import type { OrderDetail } from '@grocer/shared/order';
import { editDifferenceText, type EditDifferenceWords, type OrderEditQuote } from '@grocer/shared/order-edit';
import { img } from '@grocer/blocks/image';
import { Minus, Plus, Search } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/loading';
import { readError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { orderEditApi } from '../api/order-edit';
import { t } from '../../../lib/i18n';
import { slotText } from '../../../lib/slots';

/** The difference's words in the page's language (the rule: shared order-edit.ts). */
const differenceWords = (): EditDifferenceWords => ({
  noChange: t('No change to the total'),
  payMore: (amount) => t('You pay {amount} more', { amount }),
  payLess: (amount) => t('You pay {amount} less', { amount }),
  refunded: (amount) => t('{amount} will be refunded', { amount }),
  offBalance: (off, refunded) =>
    refunded
      ? t("{off} off the balance due, {refunded} refunded to the customer's payment", { off, refunded })
      : t('{off} off the balance due', { off }),
});

/** A pack on the changed order, with what the screen shows before the server's quote names it. */
interface Wanted {
  pack_id: number;
  quantity: number;
  name: string;
  pack: string;
  image: string;
  /** a loose good (grams): kept as ordered or removed whole (issue 40.5) */
  weighed?: boolean;
}

/** The order's packs as they are (a pack on two lines counts once). */
function packsOf(o: OrderDetail): Wanted[] {
  const by = new Map<number, Wanted>();
  for (const l of o.lines) {
    if (!l.pack_id) continue;
    const w = by.get(l.pack_id);
    if (w) w.quantity += l.quantity;
    else
      by.set(l.pack_id, {
        pack_id: l.pack_id,
        quantity: l.quantity,
        name: l.name,
        pack: l.pack,
        image: l.image,
        weighed: l.sold_by_weight,
      });
  }
  return [...by.values()];
}

/**
 * "Change order" (issue 39 §14), until the shop packs it: quantity steppers, packs added from the
 * catalogue's search, another delivery slot; every change is priced by the server (the quote), and
 * the difference is said before the shopper confirms ("You pay ₹24 more", "₹30 will be refunded").
 */
export function OrderEdit({
  o,
  open,
  onClose,
  onDone,
}: {
  o: OrderDetail;
  open: boolean;
  onClose: () => void;
  onDone: (o: OrderDetail) => void;
}) {
  return (
    <Modal open={open} onClose={onClose} title={t('Change order')} width={560}>
      <EditForm o={o} onClose={onClose} onDone={onDone} />
    </Modal>
  );
}

function EditForm({ o, onClose, onDone }: { o: OrderDetail; onClose: () => void; onDone: (o: OrderDetail) => void }) {
  const [wanted, setWanted] = useState<Wanted[]>(() => packsOf(o));
  const [slot, setSlot] = useState<{ slot_id: number; date: string } | undefined>(undefined);
  const [quote, setQuote] = useState<OrderEditQuote | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pricing, setPricing] = useState(true);
  const [saving, setSaving] = useState(false);
  // one key per opened form: a double click or a retry makes the change once
  const [key] = useState(() => crypto.randomUUID());

  useEffect(() => {
    const ask = new AbortController();
    setPricing(true);
    orderEditApi
      .quote(o.id, { lines: wanted.map(({ pack_id, quantity }) => ({ pack_id, quantity })), ...(slot ? { slot } : {}) }, ask.signal)
      .then((q) => {
        setQuote(q);
        setProblem(null);
      })
      .catch((e: unknown) => {
        if (!ask.signal.aborted) setProblem(readError(e));
      })
      .finally(() => {
        if (!ask.signal.aborted) setPricing(false);
      });
    return () => ask.abort();
  }, [o.id, wanted, slot]);

  const setQuantity = (packId: number, quantity: number) =>
    setWanted((ws) => ws.map((w) => (w.pack_id === packId ? { ...w, quantity: Math.max(0, quantity) } : w)));
  const add = (p: Product, pack: Product['packs'][number]) => {
    setWanted((ws) =>
      ws.some((w) => w.pack_id === pack.pack_id)
        ? ws.map((w) => (w.pack_id === pack.pack_id ? { ...w, quantity: w.quantity + 1 } : w))
        : [...ws, { pack_id: pack.pack_id, quantity: 1, name: p.product_name, pack: pack.pack_name, image: p.image }],
    );
  };

  const maxOf = (packId: number) => quote?.lines.find((l) => l.pack_id === packId)?.max ?? Infinity;
  const [before] = useState(() => new Map(packsOf(o).map((p) => [p.pack_id, p.quantity])));
  const changed = slot !== undefined || wanted.some((w) => w.quantity !== (before.get(w.pack_id) ?? 0));
  const ready = !!quote && !problem && !pricing;

  const confirm = async () => {
    if (!quote) return;
    setSaving(true);
    try {
      const next = await orderEditApi.confirm(o.id, {
        lines: wanted.map(({ pack_id, quantity }) => ({ pack_id, quantity })),
        ...(slot ? { slot } : {}),
        expected_total: quote.total,
        key,
      });
      onDone(next);
      toast.success(t('Order updated'));
      onClose();
    } catch (e) {
      setProblem(readError(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="space-y-4 text-sm">
      <section aria-labelledby="edit-items-h">
        <h3 id="edit-items-h" className="mb-1 font-semibold">
          {t('Items')}
        </h3>
        <ul className="divide-y rounded-lg border">
          {wanted.map((w) => {
            const label = packLabel(w.name, w.pack);
            const line = quote?.lines.find((l) => l.pack_id === w.pack_id);
            return (
              <li key={w.pack_id} className="flex items-center gap-3 px-3 py-2" data-testid="edit-line">
                <img
                  src={img(w.image, 'small')}
                  alt=""
                  width={48}
                  height={36}
                  className="h-9 w-12 shrink-0 rounded bg-gray-50 object-cover"
                />
                <div className="min-w-0 flex-1">
                  <p className={`font-medium ${w.quantity === 0 ? 'text-gray-400 line-through' : ''}`}>{label}</p>
                  {line && <p className="text-xs text-gray-500">{w.weighed ? perKgLabel(line.price) : `${formatINR(line.price)} each`}</p>}
                </div>
                <div className="flex items-center rounded-lg border">
                  <button
                    type="button"
                    aria-label={t('Fewer {name}', { name: label })}
                    disabled={w.quantity === 0 || saving}
                    onClick={() => setQuantity(w.pack_id, w.weighed ? 0 : w.quantity - 1)}
                    className="p-2 disabled:opacity-40"
                  >
                    <Minus size={14} aria-hidden="true" />
                  </button>
                  <span className="min-w-7 px-1 text-center tabular-nums" aria-label={t('Quantity of {name}', { name: label })}>
                    {w.weighed ? weightLabel(w.quantity) : w.quantity}
                  </span>
                  <button
                    type="button"
                    aria-label={t('More {name}', { name: label })}
                    disabled={w.weighed || w.quantity >= maxOf(w.pack_id) || saving}
                    onClick={() => setQuantity(w.pack_id, w.quantity + 1)}
                    className="p-2 disabled:opacity-40"
                  >
                    <Plus size={14} aria-hidden="true" />
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      <AddItems onAdd={add} />

      {quote && quote.slots.length > 0 && (
        <label className="block">
          <span className="mb-1 block font-semibold">{t('Delivery slot')}</span>
          <select
            className="w-full rounded-lg border px-3 py-2"
            value={quote.slot ? `${quote.slot.slot_id}|${quote.slot.date}` : ''}
            onChange={(e) => {
              const [id, date] = e.target.value.split('|');
              setSlot({ slot_id: Number(id), date: date! });
            }}
          >
            {quote.slot && !quote.slots.some((s) => s.slot_id === quote.slot!.slot_id && s.date === quote.slot!.date) && (
              <option value={`${quote.slot.slot_id}|${quote.slot.date}`}>{slotText(quote.slot)}</option>
            )}
            {quote.slots.map((s) => (
              <option
                key={`${s.slot_id}|${s.date}`}
                value={`${s.slot_id}|${s.date}`}
                disabled={s.remaining <= 0 && !(quote.slot?.slot_id === s.slot_id && quote.slot.date === s.date)}
              >
                {slotText(s)}
                {s.remaining <= 0 ? ' (full)' : ''}
              </option>
            ))}
          </select>
        </label>
      )}

      {problem && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-700">
          {problem}
        </p>
      )}

      {quote && (
        <dl className="space-y-1 rounded-lg bg-gray-50 px-3 py-2" aria-label={t('New total')}>
          <div className="flex justify-between text-gray-600">
            <dt>{t('Items total')}</dt>
            <dd className="tabular-nums">{formatINR(quote.items_total)}</dd>
          </div>
          {quote.discount > 0 && (
            <div className="flex justify-between text-gray-600">
              <dt>Coupon {o.coupon ?? ''}</dt>
              <dd className="tabular-nums">− {formatINR(quote.discount)}</dd>
            </div>
          )}
          <div className="flex justify-between text-gray-600">
            <dt>{t('Delivery')}</dt>
            <dd className="tabular-nums">{quote.delivery_charge > 0 ? formatINR(quote.delivery_charge) : t('Free')}</dd>
          </div>
          <div className="flex justify-between font-semibold">
            <dt>{t('New total')}</dt>
            <dd className="tabular-nums">{formatINR(quote.total)}</dd>
          </div>
          <p className="pt-1 font-semibold text-[var(--color-primary)]" data-testid="edit-difference">
            {editDifferenceText(quote.difference, o.payment_method, quote.balance_due, differenceWords())}
          </p>
        </dl>
      )}

      <div className="flex justify-end gap-2">
        <button type="button" onClick={onClose} className="rounded-lg border px-4 py-2 font-medium hover:bg-gray-50">
          {t('Keep order as it is')}
        </button>
        <button
          type="button"
          onClick={confirm}
          disabled={!ready || !changed || saving}
          className="flex items-center gap-1.5 rounded-lg bg-[var(--color-primary)] px-4 py-2 font-semibold text-white disabled:opacity-50"
        >
          {(saving || pricing) && <Spinner size={16} />} {t('Confirm changes')}
        </button>
      </div>
    </div>
  );
}

/** The catalogue's search, in stock only: each pack with an Add button. */
function AddItems({ onAdd }: { onAdd: (p: Product, pack: Product['packs'][number]) => void }) {
  const [q, setQ] = useState('');
  const [found, setFound] = useState<Product[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const search = async (e: FormEvent) => {
    e.preventDefault();
    if (!q.trim()) return;
    setSearching(true);
    try {
      setFound((await orderEditApi.search(q.trim())).data);
      setProblem(null);
    } catch (err) {
      setProblem(readError(err));
    } finally {
      setSearching(false);
    }
  };
  return (
    <section aria-labelledby="edit-add-h">
      <h3 id="edit-add-h" className="mb-1 font-semibold">
        {t('Add items')}
      </h3>
      <form onSubmit={search} className="flex gap-2" role="search">
        <input
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={t('Search products')}
          aria-label={t('Search products to add')}
          className="min-w-0 flex-1 rounded-lg border px-3 py-2"
        />
        <button type="submit" className="flex items-center gap-1.5 rounded-lg border px-3 py-2 font-medium hover:bg-gray-50">
          {searching ? <Spinner size={14} /> : <Search size={14} aria-hidden="true" />} {t('Search')}
        </button>
      </form>
      {problem && <p className="mt-1 text-red-700">{problem}</p>}
      {found && found.length === 0 && <p className="mt-1 text-gray-500">{t('Nothing found')}</p>}
      {found && found.length > 0 && (
        <ul className="mt-2 max-h-56 divide-y overflow-auto rounded-lg border">
          {found.flatMap((p) =>
            p.packs
              .filter((k) => k.stock === undefined || k.stock > 0)
              .map((k) => (
                <li key={k.pack_id} className="flex items-center gap-3 px-3 py-2">
                  <span className="min-w-0 flex-1">
                    {packLabel(p.product_name, k.pack_name)} <span className="text-gray-500">· {formatINR(k.price)}</span>
                  </span>
                  <button
                    type="button"
                    onClick={() => onAdd(p, k)}
                    aria-label={t('Add {name}', { name: packLabel(p.product_name, k.pack_name) })}
                    className="rounded-lg border px-3 py-1 font-medium text-[var(--color-primary)] hover:bg-gray-50"
                  >
                    {t('Add')}
                  </button>
                </li>
              )),
          )}
        </ul>
      )}
    </section>
  );
}
