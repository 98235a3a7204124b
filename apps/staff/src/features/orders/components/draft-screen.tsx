import { INDIAN_STATES, type AddressInput } from '@grocer/shared/account';
import { slotLabel } from '@grocer/shared/delivery-promise';
import { formatINR } from '@grocer/shared/money';
import { ORDER_STATUS_LABELS } from '@grocer/shared/order';
import { DRAFT_STATUS_LABELS, type AdminDraft, type DraftUpdateInput } from '@grocer/shared/order-drafts';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { useDraftCall } from '../api/drafts';
import { PackSearch } from './pack-search';
import { t } from '../../../lib/i18n';

const button = 'rounded-md px-4 py-2 text-sm font-medium disabled:opacity-50';
const primary = `${button} bg-brand text-white hover:opacity-90`;
const secondary = `${button} border bg-white hover:bg-gray-50`;
const small = 'rounded-md border bg-white px-2 py-0.5 text-sm hover:bg-gray-50 disabled:opacity-50';

/**
 * A draft order (issue 40 §12): the customer's address (or a new one), items searched among the
 * packs in stock at the address's warehouse, the slot and a coupon, priced as checkout prices a
 * cart. Nothing is reserved until "Send payment link" (the order awaits the customer's online
 * payment) or "Mark as COD and place".
 */
export function DraftScreen({ draft }: { draft: AdminDraft }) {
  const d = draft;
  const call = useDraftCall(d.id);
  const open = d.status === 'draft';
  const update = (body: DraftUpdateInput, done?: () => void) =>
    call.mutate({ kind: 'update', body }, { onSuccess: () => done?.(), onError: (e) => toast.error(errorMessage(e)) });
  const cart = d.cart;
  const methods = cart.paymentMethods.map((m) => m.code);
  const online = methods.find((m) => m !== 'cod') ?? 'razorpay';
  const ready = open && d.address_id !== null && cart.items.length > 0 && cart.serviceable;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <Link to={paths.drafts()} className="text-sm text-brand hover:underline">
          {t('← Drafts')}
        </Link>
        <h1 className="text-2xl font-semibold">{t('Draft {number}', { number: d.number })}</h1>
        <span className="rounded-full bg-gray-100 px-2.5 py-0.5 text-xs font-medium">{DRAFT_STATUS_LABELS[d.status]}</span>
      </div>
      {d.order && (
        <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900">
          {t('Order')}{' '}
          <Link to={paths.order(d.order.id)} className="font-medium underline">
            {d.order.ordernumber}
          </Link>{' '}
          · {ORDER_STATUS_LABELS[d.order.status]}
          {d.link_sent_to.length > 0 && <> {t('· Payment link sent to {linkSentTo}', { linkSentTo: d.link_sent_to.join(' and ') })}</>}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card title={t('Items')}>
            <Items draft={d} open={open} update={update} busy={call.isPending} />
          </Card>
          <Card title={t('Delivery slot')}>
            {d.slots.length === 0 ? (
              <p className="text-sm text-gray-600">
                {d.address_id ? t('No slots: the earliest delivery is arranged.') : t('Choose an address first.')}
              </p>
            ) : (
              <Field label={t('Slot')} hint={t('Without one, the earliest slot with a place is taken when the order is placed.')}>
                {(a) => (
                  <select
                    {...a}
                    className={inputClass}
                    disabled={!open || call.isPending}
                    value={d.slot ? `${d.slot.slot_id}|${d.slot.date}` : ''}
                    onChange={(e) => {
                      const [id, date] = e.target.value.split('|');
                      update({ slot: id ? { slot_id: Number(id), date: date! } : null });
                    }}
                  >
                    <option value="">{t('Earliest available')}</option>
                    {d.slots.map((s) => (
                      <option key={`${s.slot_id}|${s.date}`} value={`${s.slot_id}|${s.date}`} disabled={s.remaining <= 0}>
                        {t('{s} ({remaining} left)', { s: slotLabel(s), remaining: s.remaining })}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            )}
          </Card>
        </div>
        <div className="space-y-6">
          <Card title={t('Customer')}>
            <p className="text-sm font-medium">{d.customer.name}</p>
            {d.customer.phone && <p className="text-sm text-gray-600">{d.customer.phone}</p>}
            {d.customer.email && <p className="text-sm text-gray-600">{d.customer.email}</p>}
          </Card>
          <Card title={t('Delivery address')}>
            <Addresses draft={d} open={open} update={update} busy={call.isPending} />
          </Card>
          <Card title={t('Total')}>
            <dl className="text-sm">
              <Row label={t('Items')}>{formatINR(cart.total)}</Row>
              {cart.discount > 0 && <Row label={t('Coupon {value}', { value: cart.offercode ?? '' })}>−{formatINR(cart.discount)}</Row>}
              <Row label={t('Delivery')}>{cart.finalDelivery > 0 ? formatINR(cart.finalDelivery) : t('Free')}</Row>
              <Row label={t('Total')}>{formatINR(cart.amount)}</Row>
            </dl>
            {open && <Coupon draft={d} update={update} busy={call.isPending} />}
            {open && (
              <div className="mt-4 flex flex-col gap-2">
                <button
                  type="button"
                  className={primary}
                  disabled={!ready || call.isPending}
                  onClick={() =>
                    call.mutate(
                      {
                        kind: 'send-link',
                        body: { payment_method: online === 'cashfree' ? 'cashfree' : 'razorpay', expected_total: cart.amount },
                      },
                      {
                        onSuccess: (x) => toast.success(t('Payment link for {value} sent', { value: x.order?.ordernumber ?? '' })),
                        onError: (e) => toast.error(errorMessage(e)),
                      },
                    )
                  }
                >
                  {t('Send payment link')}
                </button>
                <button
                  type="button"
                  className={secondary}
                  disabled={!ready || !methods.includes('cod') || call.isPending}
                  onClick={() =>
                    call.mutate(
                      { kind: 'place-cod', body: { expected_total: cart.amount } },
                      {
                        onSuccess: (x) => toast.success(t('Order {value} placed', { value: x.order?.ordernumber ?? '' })),
                        onError: (e) => toast.error(errorMessage(e)),
                      },
                    )
                  }
                >
                  {t('Mark as COD and place')}
                </button>
                {!methods.includes('cod') && d.address_id !== null && (
                  <p className="text-xs text-gray-600">{t('Cash on delivery is not offered at this address.')}</p>
                )}
              </div>
            )}
          </Card>
        </div>
      </div>
    </div>
  );
}

type Update = (body: DraftUpdateInput, done?: () => void) => void;

function Items({ draft, open, update, busy }: { draft: AdminDraft; open: boolean; update: Update; busy: boolean }) {
  const items = draft.cart.items;
  const setQty = (packId: number, quantity: number) => update({ lines: [{ pack_id: packId, quantity }] });
  return (
    <div className="space-y-4">
      {items.length === 0 ? (
        <p className="text-sm text-gray-600">{t('No items yet.')}</p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">{t('Items of draft {number}', { number: draft.number })}</caption>
          <thead className="border-b text-left text-xs text-gray-500 uppercase">
            <tr>
              <th scope="col" className="py-2">
                {t('Item')}
              </th>
              <th scope="col" className="text-right">
                {t('Price')}
              </th>
              <th scope="col" className="pl-3 text-right">
                {t('Qty')}
              </th>
              <th scope="col" className="pl-3 text-right">
                {t('Amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((i) => (
              <tr key={i.pack_id} className="border-b last:border-0">
                <td className="py-2">
                  {i.name} <span className="text-gray-500">· {i.pack}</span>
                  {!i.valid && i.message && <span className="block text-xs text-red-700">{i.message}</span>}
                </td>
                <td className="text-right tabular-nums">{formatINR(i.price)}</td>
                <td className="pl-3 text-right whitespace-nowrap">
                  {open ? (
                    <span className="inline-flex items-center gap-1">
                      <button type="button" className={small} disabled={busy} onClick={() => setQty(i.pack_id, i.quantity - 1)}>
                        −<span className="sr-only"> {t('one {name}', { name: i.name })}</span>
                      </button>
                      <span
                        className="w-6 text-center tabular-nums"
                        aria-label={t('Quantity of {name} {pack}', { name: i.name, pack: i.pack })}
                      >
                        {i.quantity}
                      </span>
                      <button type="button" className={small} disabled={busy} onClick={() => setQty(i.pack_id, i.quantity + 1)}>
                        +<span className="sr-only"> {t('one {name}', { name: i.name })}</span>
                      </button>
                    </span>
                  ) : (
                    i.quantity
                  )}
                </td>
                <td className="pl-3 text-right tabular-nums">{formatINR(i.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {open && (
        <PackSearch
          id="draft-item-search"
          warehouseId={draft.warehouse_id}
          disabled={draft.warehouse_id === null}
          placeholder={draft.warehouse_id === null ? t('Choose an address the shop delivers to first') : t('Search products in stock')}
          busy={busy}
          onPick={(p, clear) => {
            const there = items.find((i) => i.pack_id === p.pack_id);
            update({ lines: [{ pack_id: p.pack_id, quantity: (there?.quantity ?? 0) + 1 }] }, clear);
          }}
        />
      )}
    </div>
  );
}

const emptyAddress = (d: AdminDraft): AddressInput => ({
  name: d.customer.name,
  phone: d.customer.phone ?? '',
  pincode: '',
  line1: '',
  line2: '',
  landmark: '',
  city: '',
  state: 'Karnataka',
  type: 'home',
});

function Addresses({ draft, open, update, busy }: { draft: AdminDraft; open: boolean; update: Update; busy: boolean }) {
  const [adding, setAdding] = useState(draft.addresses.length === 0);
  const [a, setA] = useState<AddressInput>(() => emptyAddress(draft));
  const set = (k: keyof AddressInput) => (e: { target: { value: string } }) => setA({ ...a, [k]: e.target.value });
  const current = draft.addresses.find((x) => x.id === draft.address_id);
  if (!open)
    return current ? (
      <p className="text-sm">
        {current.name} · {current.line1}, {current.line2}, {current.city} {current.pincode}
      </p>
    ) : null;
  return (
    <div className="space-y-3">
      {draft.addresses.length > 0 && (
        <fieldset className="space-y-2">
          <legend className="sr-only">{t('Delivery address')}</legend>
          {draft.addresses.map((x) => (
            <label key={x.id} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="draft-address"
                checked={x.id === draft.address_id}
                disabled={busy}
                onChange={() => update({ address_id: x.id })}
                className="mt-1"
              />
              <span>
                {x.name} · {x.line1}, {x.line2}, {x.city} {x.pincode}
                {!x.serviceable && <span className="block text-xs text-red-700">{x.delivery_message}</span>}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {adding ? (
        <form
          className="grid grid-cols-2 gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            update({ address: a }, () => {
              setAdding(false);
              setA(emptyAddress(draft));
            });
          }}
        >
          <Small label={t('Name')} className="col-span-2">
            <input value={a.name} onChange={set('name')} className={inputClass} required />
          </Small>
          <Small label={t('Mobile')}>
            <input value={a.phone} onChange={set('phone')} inputMode="numeric" className={inputClass} required />
          </Small>
          <Small label={t('Pincode')}>
            <input value={a.pincode} onChange={set('pincode')} inputMode="numeric" className={inputClass} required />
          </Small>
          <Small label={t('House / flat / building')} className="col-span-2">
            <input value={a.line1} onChange={set('line1')} className={inputClass} required />
          </Small>
          <Small label={t('Street / area')} className="col-span-2">
            <input value={a.line2} onChange={set('line2')} className={inputClass} required />
          </Small>
          <Small label={t('City')}>
            <input value={a.city} onChange={set('city')} className={inputClass} required />
          </Small>
          <Small label={t('State')}>
            <select value={a.state} onChange={set('state')} className={inputClass}>
              {INDIAN_STATES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </Small>
          <div className="col-span-2 flex gap-2">
            <button type="submit" className={primary} disabled={busy}>
              {t('Save address')}
            </button>
            {draft.addresses.length > 0 && (
              <button type="button" className={secondary} onClick={() => setAdding(false)}>
                {t('Cancel')}
              </button>
            )}
          </div>
        </form>
      ) : (
        <button type="button" className="text-sm text-brand hover:underline" onClick={() => setAdding(true)}>
          {t('Add an address')}
        </button>
      )}
    </div>
  );
}

function Coupon({ draft, update, busy }: { draft: AdminDraft; update: Update; busy: boolean }) {
  const [code, setCode] = useState('');
  if (draft.cart.offercode)
    return (
      <p className="mt-3 text-sm">
        {t('Coupon {offercode}', { offercode: draft.cart.offercode })}{' '}
        <button type="button" className="text-brand hover:underline" disabled={busy} onClick={() => update({ coupon: null })}>
          {t('Remove')}
        </button>
      </p>
    );
  return (
    <form
      className="mt-3 flex items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (code.trim()) update({ coupon: code.trim() }, () => setCode(''));
      }}
    >
      <Field label={t('Discount (coupon code)')} className="flex-1">
        {(a) => <input {...a} value={code} onChange={(e) => setCode(e.target.value.toUpperCase())} className={inputClass} />}
      </Field>
      <button type="submit" className={secondary} disabled={busy || !code.trim()}>
        {t('Apply')}
      </button>
    </form>
  );
}

function Small({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <label className={`block text-xs font-medium text-gray-700 ${className}`}>
      {label}
      {children}
    </label>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-0.5">
      <dt className="text-gray-600">{label}</dt>
      <dd className="font-medium tabular-nums">{children}</dd>
    </div>
  );
}
