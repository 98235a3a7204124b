import { indiaToday, slotWindow } from '@grocer/shared/delivery-promise';
import { packLabel } from '@grocer/shared/labels';
import type { Cart } from '@grocer/shared/cart';
import { emptyCart } from '@grocer/shared/empty-cart';
import { formatINR, toPaise, toRupees } from '@grocer/shared/money';
import type { PlaceOrderBody } from '@grocer/shared/order';
import { DEFAULT_SUBSTITUTION, TIP_MAX } from '@grocer/shared/delivery-prefs';
import type { SlotOption } from '@grocer/shared/delivery';
import type { ErrorCode } from '@grocer/shared/errors';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, MapPin, Plus, X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadingOverlay, Spinner } from '../../../components/ui/loading';
import { paymentChoices } from './payment-choices';
import { ApiError } from '../../../lib/api';
import { handleError, readError } from '../../../lib/errors';
import { img } from '@grocer/blocks/image';
import type { AddressFormSlot } from '../../../lib/address-form-slot';
import { getActingFor, setActingFor, type ActingFor } from '../../../lib/acting-for';
import { track } from '../../../lib/telemetry/analytics';
import { SHOP_EVENTS } from '../../../lib/telemetry/events';
import {
  agentCustomersQuery,
  checkoutAddressesQuery,
  checkoutApi,
  checkoutCartQuery,
  customerAddressesQuery,
  customerCartQuery,
  placeForCustomer,
  slotsQuery,
  checkoutWalletQuery,
} from '../api/checkout';
import { DeliveryInstructions, SubstitutionChooser, TipChooser, type DeliveryPrefs } from './delivery-preferences';
import { WalletOption, walletUse } from './wallet-option';
import { t } from '../../../lib/i18n';
import { dayText } from '../../../lib/slots';
import { ADDRESS_TYPES } from '../../../locales/later-words';

type Problem = { where: 'lines' | 'slot' | 'payment' | 'address' | 'total'; message: string } | null;

/**
 * /checkout (signed in, full width): address, delivery slot, payment method, coupon, delivery
 * instructions, substitution preference, a tip for the delivery person, and a summary; Place order
 * sends only ids, the choices and the total the shopper saw for the cart (the tip apart). Whatever the server refuses
 * is explained where it concerns, and nothing is charged.
 */
export function CheckoutPage({
  cartVersion,
  coupon,
  addressForm,
  onCart,
  onRemove,
  agent = false,
}: {
  /** changes when the shopper's cart changes (coupon applied elsewhere on the page) */
  cartVersion: string;
  coupon: ReactNode;
  /** the account's address form (for the shopper's book, or an agent's customer's) */
  addressForm: AddressFormSlot;
  onCart: (cart: Cart) => void;
  /** takes a line out of the cart (the cart feature, through the route) */
  onRemove: (packId: number) => void;
  /** the signed-in user is a sales agent: they may order for one of their customers */
  agent?: boolean;
}) {
  const client = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => track(SHOP_EVENTS.checkoutStarted), []);
  // A sales agent shopping for a customer: that customer's addresses, the order theirs (issue 17).
  const [forCustomer, setForCustomer] = useState<ActingFor | null>(() => (agent ? getActingFor() : null));
  const customers = useQuery({ ...agentCustomersQuery, enabled: agent });
  const ownAddresses = useQuery({ ...checkoutAddressesQuery, enabled: !forCustomer });
  const theirAddresses = useQuery({ ...customerAddressesQuery(forCustomer?.id ?? 0), enabled: !!forCustomer });
  const addresses = forCustomer ? theirAddresses : ownAddresses;
  const [addressId, setAddressId] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const chosen = addresses.data?.data.find((a) => a.id === addressId) ?? addresses.data?.data[0] ?? null;
  useEffect(() => {
    if (addressId === null && chosen) setAddressId(chosen.id);
  }, [addressId, chosen]);
  const ownCart = useQuery({ ...checkoutCartQuery(chosen?.id ?? null, cartVersion), enabled: addresses.isSuccess && !forCustomer });
  const theirCart = useQuery({
    ...customerCartQuery(forCustomer?.id ?? 0, chosen?.id ?? null, cartVersion),
    enabled: addresses.isSuccess && !!forCustomer,
  });
  const cart = forCustomer ? theirCart : ownCart;
  const chooseCustomer = (v: ActingFor | null) => {
    setActingFor(v);
    setForCustomer(v);
    setAddressId(null);
    setProblem(null);
  };
  const slots = useQuery(slotsQuery(chosen?.serviceable ? chosen.pincode : null));
  const [slot, setSlot] = useState<string | null>(null);
  const [method, setMethod] = useState<string | null>(null);
  const [prefs, setPrefs] = useState<DeliveryPrefs>({ instructions: [], notes: '', tip: 0, substitution: DEFAULT_SUBSTITUTION });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const [key] = useState(() => crypto.randomUUID());
  // the shopper's own wallet (issue 44): "Use wallet balance (₹X)" when it has money
  const wallet = useQuery({ ...checkoutWalletQuery, enabled: !forCustomer });
  const [useWallet, setUseWallet] = useState(false);
  const walletPaise = forCustomer ? 0 : wallet.data?.wallet?.status === 'open' ? wallet.data.wallet.balance_paise : 0;

  const methods = cart.data?.paymentMethods ?? [];
  const choices = paymentChoices(methods, !!forCustomer);
  const openSlots = slots.data?.data ?? [];
  const slotChoice =
    openSlots.find((s) => `${s.slot_id}|${s.date}` === slot && s.remaining > 0) ?? openSlots.find((s) => s.remaining > 0) ?? null;

  if (addresses.isPending || (addresses.isSuccess && cart.isPending)) return <LoadingOverlay />;
  if (addresses.error) return <p className="p-6 text-red-600">{readError(addresses.error)}</p>;
  const c = cart.data;
  if (c && c.quantity === 0)
    return (
      <div className="mx-auto max-w-xl p-10 text-center">
        <h1 className="text-2xl font-bold">{t('Your cart is empty')}</h1>
        <Link to="/products" className="mt-4 inline-block rounded-lg bg-[var(--color-primary)] px-4 py-2 font-semibold text-white">
          {t('Browse products')}
        </Link>
      </div>
    );

  // what is paid: the cart's amount and the tip (the server adds the same)
  const toPay = c ? toRupees(toPaise(c.amount) + toPaise(prefs.tip ?? 0)) : 0;
  // ticked, the wallet pays wholly or a part (split: the rest online, cash on delivery not offered)
  const walletPart = walletUse(walletPaise, toPaise(toPay), useWallet, choices);
  const { used: fromWallet, split } = walletPart;
  const restToPay = toRupees(toPaise(toPay) - walletPaise);
  // a chosen cash on delivery falls back to the first online method while split (and comes back if unticked)
  const choice = walletPart.choices.find((m) => m.key === method) ?? walletPart.choices[0] ?? null;
  const payWith = choice?.code ?? null;
  const place = async () => {
    if (!chosen || !c || !payWith) return;
    setBusy(true);
    setProblem(null);
    const body: PlaceOrderBody = {
      address_id: chosen.id,
      payment_method: payWith,
      slot: slotChoice ? { slot_id: slotChoice.slot_id, date: slotChoice.date } : null,
      notes: prefs.notes.trim() || null,
      expected_total: c.amount,
      idempotency_key: key,
      delivery_instructions: prefs.instructions,
      tip: prefs.tip ?? 0,
      substitution: prefs.substitution,
      ...(fromWallet && { use_wallet: true }),
    };
    try {
      if (forCustomer) {
        const r = await placeForCustomer({ ...body, customer_id: forCustomer.id });
        setActingFor(null);
        onCart(emptyCart());
        client.removeQueries({ queryKey: ['checkout-cart'] });
        void client.invalidateQueries({ queryKey: ['agent'] });
        navigate('/account/dashboard', {
          replace: true,
          state: { placed: { ordernumber: r.order.ordernumber, customer: r.order.customer, link_sent_to: r.link_sent_to } },
        });
        return;
      }
      const r = await checkoutApi.place(body);
      onCart(emptyCart());
      client.removeQueries({ queryKey: ['checkout-cart'] });
      void client.invalidateQueries({ queryKey: ['orders'] });
      if (fromWallet) void client.invalidateQueries({ queryKey: ['wallet'] });
      // Awaiting payment without a hand-off (the provider failed after the order was saved): the pay page asks again.
      navigate(
        r.order.status === 'pending_payment'
          ? `/checkout/${r.order.payment_method}/${r.order.id}${choice?.via ? `?via=${choice.via}` : ''}`
          : `/order/success/${r.order.ordernumber}`,
        { replace: true },
      );
    } catch (e) {
      const code = e instanceof ApiError ? e.code : undefined;
      const where: Partial<Record<ErrorCode, NonNullable<Problem>['where']>> = {
        PRICE_CHANGED: 'total',
        LINES_UNAVAILABLE: 'lines',
        OUT_OF_STOCK: 'lines',
        CART_EMPTY: 'lines',
        CART_ALREADY_ORDERED: 'lines',
        CART_CHANGED: 'lines',
        COUPON_UNAVAILABLE: 'total',
        SLOT_FULL: 'slot',
        SLOT_INVALID: 'slot',
        PAYMENT_METHOD_UNAVAILABLE: 'payment',
        WALLET_NOT_ENOUGH: 'payment',
        WALLET_ACCOUNT_CLOSED: 'payment',
        WALLET_REST_ONLINE: 'payment',
        NOT_DELIVERABLE: 'address',
        ADDRESS_NOT_FOUND: 'address',
        // blocked by the shop: the message says why, beside the place-order button
        CUSTOMER_BLOCKED: 'total',
      };
      const at = code && where[code];
      if (at) {
        setProblem({ where: at, message: readError(e) });
        await Promise.all([cart.refetch(), slots.refetch(), ...(code?.startsWith('WALLET_') ? [wallet.refetch()] : [])]);
      } else handleError(e);
      setBusy(false);
    }
  };
  // Why Pay cannot be pressed yet, said next to it (never a silently greyed button).
  const blocker = !c
    ? null
    : !chosen
      ? t('Add or choose a delivery address to continue.')
      : !chosen.serviceable
        ? chosen.delivery_message || t('We do not deliver to this address yet. Choose another address.')
        : c.items.some((i) => !i.valid)
          ? t('Some items cannot be ordered as they are: remove or change the items marked in the summary.')
          : !payWith
            ? t('Choose how you would like to pay.')
            : prefs.tip === null
              ? t('Tip whole rupees, up to {amount}, or choose No tip.', { amount: formatINR(TIP_MAX) })
              : null;
  const note = (w: NonNullable<Problem>['where']) =>
    problem?.where === w && (
      <p role="alert" className="mt-2 flex items-start gap-1.5 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
        <CircleAlert size={16} className="mt-0.5 shrink-0" aria-hidden="true" />
        {problem.message}
      </p>
    );

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-3 py-6 sm:px-4 lg:grid-cols-[minmax(0,1fr)_380px]">
      <div className="min-w-0 space-y-5">
        <h1 className="text-2xl font-bold">{t('Checkout')}</h1>
        {agent && (
          <Section title={t('Ordering for')}>
            <label htmlFor="order-for" className="sr-only">
              {t('Ordering for')}
            </label>
            <select
              id="order-for"
              value={forCustomer?.id ?? ''}
              onChange={(e) => {
                const c = customers.data?.data.find((x) => x.id === Number(e.target.value));
                chooseCustomer(c ? { id: c.id, name: c.name } : null);
              }}
              className="w-full rounded-lg border border-gray-300 p-2 text-sm"
            >
              <option value="">{t('Myself')}</option>
              {forCustomer && !customers.data?.data.some((c) => c.id === forCustomer.id) && (
                <option value={forCustomer.id}>{forCustomer.name}</option>
              )}
              {customers.data?.data.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                  {c.phone ? ` (${c.phone})` : ''}
                </option>
              ))}
            </select>
            {forCustomer && (
              <p className="mt-2 text-xs text-gray-600">
                {t(
                  'The order will be {name}’s, delivered to their address, and placed by you. Paying online sends them a payment link by email and SMS.',
                  { name: forCustomer.name },
                )}
              </p>
            )}
          </Section>
        )}
        <Section title={t('1. Delivery address')}>
          {addresses.data.data.length === 0 ? (
            <p className="text-sm text-gray-600">
              {forCustomer ? t('{name} has no saved address yet.', { name: forCustomer.name }) : t('Add the address we should deliver to.')}
            </p>
          ) : (
            // a radiogroup, not a list: its children are the choices (a <ul> with this role leaves its <li>s orphaned)
            <div className="grid gap-2 sm:grid-cols-2" role="radiogroup" aria-label={t('Delivery address')}>
              {addresses.data.data.map((a) => (
                <div key={a.id}>
                  <label
                    className={`flex h-full cursor-pointer gap-2 rounded-lg border p-3 text-sm ${chosen?.id === a.id ? 'border-[var(--color-primary)] ring-1 ring-[var(--color-primary)]' : ''}`}
                  >
                    <input type="radio" name="address" checked={chosen?.id === a.id} onChange={() => setAddressId(a.id)} className="mt-1" />
                    <span>
                      <span className="font-semibold">{a.name}</span>{' '}
                      <span className="text-xs text-gray-500 capitalize">({t(ADDRESS_TYPES[a.type] ?? a.type)})</span>
                      <br />
                      {a.line1}, {a.line2}, {a.city} {a.pincode}
                      <span className={`mt-1 block text-xs ${a.serviceable ? 'text-emerald-700' : 'text-amber-700'}`}>
                        {a.delivery_message}
                      </span>
                    </span>
                  </label>
                </div>
              ))}
            </div>
          )}
          {forCustomer && addresses.data.data.length > 0 && (
            <p className="mt-3 text-xs text-gray-600">{t('These are {name}’s saved addresses.', { name: forCustomer.name })}</p>
          )}
          <button
            type="button"
            onClick={() => setAdding(true)}
            className="mt-3 flex items-center gap-1 text-sm font-semibold text-[var(--color-primary)]"
          >
            <Plus size={16} aria-hidden="true" />{' '}
            {forCustomer ? t('Add an address for {name}', { name: forCustomer.name }) : t('Add a new address')}
          </button>
          {note('address')}
        </Section>

        <Section title={t('2. Delivery slot')}>
          {!chosen ? (
            <p className="text-sm text-gray-600">{t('Choose an address first.')}</p>
          ) : !chosen.serviceable ? (
            <p className="flex items-center gap-1 text-sm text-gray-600">
              <MapPin size={16} aria-hidden="true" /> {t('Slots appear for an address we deliver to.')}
            </p>
          ) : slots.isPending ? (
            <Spinner />
          ) : (
            <SlotPicker slots={openSlots} chosen={slotChoice} onChoose={setSlot} />
          )}
          {note('slot')}
        </Section>

        <Section title={t('3. Payment')}>
          {methods.length === 0 ? (
            <p className="text-sm text-gray-600">{t('Payment options appear once the address is delivered to.')}</p>
          ) : (
            <>
              <WalletOption
                balancePaise={walletPaise}
                toPayPaise={toPaise(toPay)}
                online={choices.some((m) => m.code !== 'cod')}
                checked={useWallet}
                onChange={setUseWallet}
              />
              {/* paid wholly from the wallet: no method to choose; split: the online ones, for the rest */}
              {!(fromWallet && walletPart.covers) && (
                <div className="space-y-2" role="radiogroup" aria-label={t('Payment method')}>
                  {walletPart.choices.map((m) => (
                    <label
                      key={m.key}
                      className={`flex cursor-pointer items-center gap-2 rounded-lg border p-3 text-sm ${choice?.key === m.key ? 'border-[var(--color-primary)] ring-1 ring-[var(--color-primary)]' : ''}`}
                    >
                      <input type="radio" name="payment" checked={choice?.key === m.key} onChange={() => setMethod(m.key)} />
                      <span>
                        {forCustomer && m.code !== 'cod'
                          ? t('Payment link to {name} · {method}', { name: forCustomer.name, method: t(m.name) })
                          : t(m.name)}
                        {m.hint && <span className="block text-xs text-gray-500">{t(m.hint)}</span>}
                      </span>
                    </label>
                  ))}
                  {!methods.some((m) => m.code === 'cod') ? (
                    <p className="text-xs text-gray-500">{t('Cash on delivery is not available for this address or order value.')}</p>
                  ) : (
                    split && (
                      <p className="text-xs text-gray-500">{t('To pay cash on delivery, untick the wallet: cash pays the whole order.')}</p>
                    )
                  )}
                </div>
              )}
            </>
          )}
          {note('payment')}
        </Section>

        <Section title={t('4. Delivery instructions')}>
          <DeliveryInstructions value={prefs} onChange={setPrefs} />
        </Section>

        <Section title={t('5. If an item is unavailable')}>
          <SubstitutionChooser value={prefs} onChange={setPrefs} />
        </Section>

        <Section title={t('6. Tip your delivery person')}>
          <TipChooser value={prefs} onChange={setPrefs} />
        </Section>
      </div>

      <aside className="h-fit min-w-0 rounded-xl border bg-white p-4 lg:sticky lg:top-4" aria-label={t('Order summary')}>
        <h2 className="mb-3 font-semibold">{t('Order summary')}</h2>
        {c && (
          <>
            <ul className="mb-3 max-h-72 divide-y overflow-auto">
              {c.items.map((i) => (
                <li key={i.pack_id} className="flex gap-2 py-2 text-sm" data-testid="checkout-line">
                  <img
                    src={img(i.image, 'small')}
                    alt=""
                    width={48}
                    height={36}
                    className="h-9 w-12 shrink-0 rounded bg-gray-50 object-cover"
                  />
                  <div className="min-w-0 flex-1">
                    <p className="break-words">{packLabel(i.name, i.pack)}</p>
                    <p className="text-xs text-gray-500">
                      {i.quantity} × {formatINR(i.price)}
                    </p>
                    {i.promotion && (
                      <p className="text-xs font-medium text-emerald-700" data-testid="line-promotion">
                        {i.promotion.name} — −{formatINR(i.promotion.discount)}
                      </p>
                    )}
                    {/* an undeliverable address is said once, at the address and the button, not on every line */}
                    {!i.valid && i.message && chosen?.serviceable !== false && <p className="text-xs text-red-600">{i.message}</p>}
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-1">
                    <span className="tabular-nums">{formatINR(i.amount)}</span>
                    <button
                      type="button"
                      onClick={() => onRemove(i.pack_id)}
                      aria-label={t('Remove {name}', { name: packLabel(i.name, i.pack) })}
                      className="flex items-center gap-0.5 rounded text-xs text-gray-500 hover:text-red-700"
                    >
                      <X size={12} aria-hidden="true" /> {t('Remove')}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
            {note('lines')}
            <div className="my-3">{coupon}</div>
            {chosen && !chosen.serviceable ? (
              // nothing can be ordered to this address: the items keep their real total, and where the
              // delivery charge would be the shopper reads why, not "Free" and "Total ₹0"
              <dl className="space-y-1 text-sm">
                <Row label={t('Items')} value={formatINR(toRupees(c.items.reduce((sum, i) => sum + toPaise(i.amount), 0)))} />
                <Row label={t('Delivery')} value={t('We do not deliver to {pincode} yet', { pincode: chosen.pincode })} />
              </dl>
            ) : (
              <dl className="space-y-1 text-sm">
                <Row label={t('Items')} value={formatINR(c.total)} />
                {c.promotion && <Row label={c.promotion.name} value={`− ${formatINR(c.promotion.discount)}`} />}
                {c.offercode && c.discount - (c.promotion?.discount ?? 0) > 0 && (
                  <Row
                    label={t('Coupon ({code})', { code: c.offercode })}
                    value={`− ${formatINR(c.discount - (c.promotion?.discount ?? 0))}`}
                  />
                )}
                <Row label={t('Delivery')} value={c.finalDelivery > 0 ? formatINR(c.finalDelivery) : t('Free')} />
                {!!prefs.tip && <Row label={t('Tip for the delivery person')} value={formatINR(prefs.tip)} />}
                <Row label={t('Total')} value={formatINR(toPay)} strong />
                {split && <Row label={t('From your wallet')} value={`− ${formatINR(toRupees(walletPaise))}`} />}
              </dl>
            )}
            <p className="mt-1 text-xs text-gray-500">{t('Prices include GST; the tax invoice shows the split.')}</p>
            {note('total')}
            <button
              type="button"
              onClick={place}
              disabled={busy || blocker !== null}
              aria-describedby={blocker ? 'pay-blocker' : undefined}
              className="mt-4 flex h-11 w-full items-center justify-center rounded-lg bg-[var(--color-primary)] font-semibold text-white hover:brightness-90 disabled:opacity-50"
            >
              {busy ? (
                <Spinner size={18} className="text-white" />
              ) : !chosen?.serviceable ? (
                t('Pay')
              ) : split ? (
                // the gateway takes the rest; the wallet's part is in the summary
                t('Pay {amount}', { amount: formatINR(restToPay) })
              ) : fromWallet ? (
                t('Pay {amount} from wallet', { amount: formatINR(toPay) })
              ) : payWith === 'cod' ? (
                t('Place order · {amount}', { amount: formatINR(toPay) })
              ) : forCustomer ? (
                t('Send payment link · {amount}', { amount: formatINR(toPay) })
              ) : (
                t('Pay {amount}', { amount: formatINR(toPay) })
              )}
            </button>
            {blocker && !busy && (
              <p id="pay-blocker" className="mt-2 text-center text-sm text-amber-800">
                {blocker}
              </p>
            )}
          </>
        )}
      </aside>
      {adding &&
        addressForm({
          customer: forCustomer,
          first: addresses.data?.data.length === 0,
          onClose: () => setAdding(false),
          onSaved: async (a) => {
            await client.invalidateQueries({
              queryKey: forCustomer ? customerAddressesQuery(forCustomer.id).queryKey : checkoutAddressesQuery.queryKey,
            });
            setAddressId(a.id);
          },
        })}
    </div>
  );
}

/** Days as a row of chips, then that day's time windows; full windows shown but not choosable. */
function SlotPicker({ slots, chosen, onChoose }: { slots: SlotOption[]; chosen: SlotOption | null; onChoose: (id: string) => void }) {
  const days = [...new Set(slots.map((s) => s.date))];
  const [day, setDay] = useState<string | null>(null);
  const shownDay = day ?? chosen?.date ?? days[0] ?? null;
  const today = indiaToday();
  if (slots.length === 0)
    return <p className="text-sm text-gray-600">{t('No delivery slots in the next week. Please try again tomorrow.')}</p>;
  return (
    <div>
      <div className="-mx-1 mb-3 flex gap-2 overflow-x-auto px-1 pb-1" role="tablist" aria-label={t('Delivery day')}>
        {days.map((d) => (
          <button
            key={d}
            type="button"
            role="tab"
            aria-selected={d === shownDay}
            onClick={() => setDay(d)}
            className={`shrink-0 rounded-lg border px-3 py-1.5 text-sm whitespace-nowrap ${d === shownDay ? 'border-[var(--color-primary)] bg-[var(--color-primary)] font-semibold text-white' : 'bg-white'}`}
          >
            {dayText(d, today)}
          </button>
        ))}
      </div>
      <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={t('Delivery slot')}>
        {slots
          .filter((s) => s.date === shownDay)
          .map((s) => {
            const id = `${s.slot_id}|${s.date}`;
            const on = chosen !== null && `${chosen.slot_id}|${chosen.date}` === id;
            return (
              <label
                key={id}
                className={`rounded-lg border px-3 py-2 text-sm ${s.remaining === 0 ? 'cursor-not-allowed bg-gray-50 text-gray-400' : 'cursor-pointer'} ${on ? 'border-[var(--color-primary)] ring-1 ring-[var(--color-primary)]' : ''}`}
              >
                <input
                  type="radio"
                  name="slot"
                  className="sr-only"
                  disabled={s.remaining === 0}
                  checked={on}
                  onChange={() => onChoose(id)}
                />
                <span className="block font-medium">{slotWindow(s.start_time, s.end_time)}</span>
                <span className="block text-xs">{s.remaining === 0 ? t('Full') : t('{count} left', { count: s.remaining })}</span>
              </label>
            );
          })}
      </div>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border bg-white p-4">
      <h2 className="mb-3 font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between ${strong ? 'text-base font-semibold' : 'text-gray-600'}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
