import { counted } from '@grocer/shared/labels';
import { ApiError } from '@grocer/shared/api-client';
import { formatINR, toPaise, toRupees } from '@grocer/shared/money';
import { lineAmountPaise, type PosCounterPack, type PosSettings, type SaleInput, type Shift } from '@grocer/shared/pos';
import { parseScaleBarcode, scaleGrams } from '@grocer/shared/scale-barcode';
import { TOAST_COLORS } from '@grocer/shared/toast-colors';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Toaster } from 'sonner';
import { POS_TOASTER, toast } from '../toast';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { usePosSettings } from '../api/get-settings';
import { holdCart, listHeld, recallHeld } from '../api/held';
import { lookupCustomer } from '../api/lookup-customer';
import { createSale } from '../api/sales';
import { openShift, useShift } from '../api/shift';
import { addPack, emptyCart, newKey, toHeld, totals, unitPriceOf, weighedText, type Cart } from '../cart';
import {
  cachedPromotions,
  ensureOfflineSeries,
  gstRatesOf,
  isNetworkError,
  packByCode,
  packByPlu,
  queuedCount,
  queueSale,
  refreshCatalogue,
  refreshPromotions,
  searchPacks,
  syncQueue,
  takeLocally,
  takeOfflineReceipt,
} from '../offline';
import { offlineReceiptHtml } from '../offline-receipt';
import { warmReceiptFont } from '../receipt-fonts';
import { PayPanel, type Payment } from './pay-panel';
import { AccountPanel } from './account-panel';
import { getAccounts } from '../api/accounts';
import { khataBalanceText, type PosAccounts } from '@grocer/shared/wallet';
import { WeighForm } from './weigh-form';
import { SettingsPanel } from './settings-panel';
import { CloseShiftPanel, ReturnsPanel } from './shift-panels';
import { t } from '../../../lib/i18n';

const TILL_KEY = 'grocer.pos.till';
export const tillName = () => localStorage.getItem(TILL_KEY) || 'Till 1';

/**
 * The point of sale: the till's shift first, then the counter (search or scan, cart, pay).
 * `manager`: an admin (the till's settings, the way to Administration); a cashier is not.
 * `websiteId`: whose offline receipt series this device keeps. Below 768 px the till is one
 * column and the bill a bottom sheet whose bar (lines, total) never leaves the screen.
 */
export function PosScreen({ manager = true, websiteId = 0 }: { manager?: boolean; websiteId?: number }) {
  // the till named when its shift is opened (a renamed till is read from then on, not after a reload)
  const [till, setTill] = useState(tillName);
  const settings = usePosSettings();
  const shift = useShift(till);
  if (settings.isPending || shift.isPending) return <p className="p-6">{t('Loading the till…')}</p>;
  if (settings.isError || shift.isError) return <p className="p-6 text-red-700">{errorMessage(settings.error ?? shift.error)}</p>;
  if (!shift.data.shift) return <OpenShift till={till} settings={settings.data} onTill={setTill} />;
  return <Counter till={till} settings={settings.data} shift={shift.data.shift} manager={manager} websiteId={websiteId} />;
}

function OpenShift({ till, settings, onTill }: { till: string; settings: PosSettings; onTill: (till: string) => void }) {
  const qc = useQueryClient();
  const [name, setName] = useState(till);
  const [warehouse, setWarehouse] = useState(String(settings.warehouses[0]?.id ?? ''));
  const [float, setFloat] = useState('');
  const [error, setError] = useState('');
  return (
    <main className="mx-auto mt-16 max-w-sm rounded-lg border bg-white p-6">
      <h1 className="mb-4 text-xl font-semibold">{t('Open a shift')}</h1>
      <form
        className="flex flex-col gap-3"
        onSubmit={async (e) => {
          e.preventDefault();
          try {
            localStorage.setItem(TILL_KEY, name.trim());
            await openShift({ till: name.trim(), warehouse_id: Number(warehouse), float: Number(float) || 0 });
            await qc.invalidateQueries({ queryKey: ['pos', 'shift'] });
            onTill(name.trim());
          } catch (err) {
            setError(errorMessage(err));
          }
        }}
      >
        <label className="text-sm font-medium">
          {t('Till')}
          <input className="mt-1 block w-full rounded border px-3 py-2" value={name} onChange={(e) => setName(e.target.value)} required />
        </label>
        <label className="text-sm font-medium">
          {t('Counter (stock is taken from this warehouse)')}
          <select className="mt-1 block w-full rounded border px-3 py-2" value={warehouse} onChange={(e) => setWarehouse(e.target.value)}>
            {settings.warehouses.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          {t('Cash float (₹)')}
          <input
            className="mt-1 block w-full rounded border px-3 py-2"
            inputMode="decimal"
            value={float}
            onChange={(e) => setFloat(e.target.value)}
            autoFocus
          />
        </label>
        {error && <p className="text-sm text-red-700">{error}</p>}
        <button className="rounded bg-teal-700 px-4 py-2 font-semibold text-white">{t('Open shift')}</button>
      </form>
    </main>
  );
}

type Mode = 'sell' | 'pay' | 'returns' | 'close' | 'held' | 'settings' | 'offline-receipt' | 'account';
/** The till's tabs: each mode with its words. */
const TILL_TABS = () =>
  [
    ['sell', t('Sell (F2)')],
    ['held', t('Held carts')],
    ['returns', t('Returns')],
    ['account', t('Customer account')],
    ['close', t('Close shift')],
    ['settings', t('Settings')],
  ] as const;

/** 44 px tap targets on a phone, the desktop's compact controls from 768 px */
const tap = 'min-h-11 md:min-h-0';

function Counter({
  till,
  settings,
  shift,
  manager,
  websiteId,
}: {
  till: string;
  settings: PosSettings;
  shift: Shift;
  manager: boolean;
  websiteId: number;
}) {
  const navigate = useNavigate();
  const [cart, setCart] = useState<Cart>(emptyCart);
  const [q, setQ] = useState('');
  const [results, setResults] = useState<PosCounterPack[]>([]);
  const [weighing, setWeighing] = useState<PosCounterPack | null>(null);
  const [mode, setMode] = useState<Mode>('sell');
  const [online, setOnline] = useState(navigator.onLine);
  const [queued, setQueued] = useState(0);
  const [busy, setBusy] = useState(false);
  const [mobile, setMobile] = useState('');
  const [customerName, setCustomerName] = useState('');
  const [known, setKnown] = useState<boolean | null>(null);
  // the chosen customer's khata (issue 44 §2): the pay panel offers "Khata" up to the credit left
  const [khata, setKhata] = useState<PosAccounts['khata']>(null);
  const [sheet, setSheet] = useState(false);
  const [offlineSale, setOfflineSale] = useState<{ receipt: string; html: string } | null>(null);
  const search = useRef<HTMLInputElement>(null);
  const offlinePaper = useRef<HTMLIFrameElement>(null);
  // the automatic promotions the till last loaded (kept on the device for offline sales)
  const [promotions, setPromotions] = useState(() => cachedPromotions(websiteId));
  const valueItem = totals(cart, promotions);
  // the shop's limit is on the cashier's discounts, judged on the items after line promotions (as the server does)
  const maxDiscount = Math.floor((valueItem.limitBase * settings.max_discount_percent) / 100);
  const loadPromotions = useCallback(
    () =>
      refreshPromotions(websiteId).then(
        (p) => setPromotions(p),
        () => undefined,
      ),
    [websiteId],
  );

  const sync = useCallback(async () => {
    const done = await syncQueue();
    setQueued(await queuedCount());
    if (done.length) {
      toast.success(t('{done} offline sale{done, plural, one {} other {s}} synced', { done: done.length }));
      for (const s of done)
        if (s.flags.length)
          toast.warning(
            t('{receipt}: {flags} flagged for the shift report', { receipt: s.receipt, flags: s.flags.map((f) => f.label).join(', ') }),
          );
      await refreshCatalogue(shift.warehouse_id).catch(() => 0);
    }
  }, [shift.warehouse_id]);

  useEffect(() => {
    void refreshCatalogue(shift.warehouse_id).catch(() => toast.warning(t('Working from the cached catalogue')));
    void loadPromotions();
    void queuedCount().then(setQueued);
    // the numbers this device gives sales rung up offline: asked for once, while online
    if (navigator.onLine) void ensureOfflineSeries(websiteId, till).catch(() => undefined);
    if (navigator.onLine) void sync();
    const up = () => {
      setOnline(true);
      void sync();
    };
    const down = () => setOnline(false);
    addEventListener('online', up);
    addEventListener('offline', down);
    return () => {
      removeEventListener('online', up);
      removeEventListener('offline', down);
    };
  }, [shift.warehouse_id, sync, websiteId, till, loadPromotions]);

  useEffect(() => {
    let live = true;
    void searchPacks(q).then((r) => live && setResults(r));
    return () => {
      live = false;
    };
  }, [q]);

  useEffect(() => {
    const keys = (e: KeyboardEvent) => {
      if (e.key === 'F2') {
        e.preventDefault();
        setMode('sell');
        search.current?.focus();
      } else if (e.key === 'F4' && cart.lines.length) {
        e.preventDefault();
        setMode('pay');
        setSheet(true);
      }
    };
    addEventListener('keydown', keys);
    return () => removeEventListener('keydown', keys);
  }, [cart.lines.length]);

  const add = (p: PosCounterPack, clear = true) => {
    if (p.sold_by_weight) {
      setWeighing(p);
      return;
    }
    setCart((c) => addPack(c, p));
    if (clear) setQ('');
    search.current?.focus();
  };

  const enter = async () => {
    const code = q;
    if (!code.trim()) return;
    // A scanner types the next code while this one is looked up: take away only this one's text,
    // and look it up itself (the list on screen may still be for an earlier text).
    setQ((now) => (now.startsWith(code) ? now.slice(code.length) : now));
    // a scale label (prefix 20–29): its PLU names the loose good, its value the weight or price
    const label = parseScaleBarcode(code);
    if (label) {
      const p = await packByPlu(label.plu);
      if (!p) return void toast.error(t('No loose good has the PLU {plu} (scale label {code})', { plu: label.plu, code: code.trim() }));
      const grams = scaleGrams(label, toPaise(p.price));
      setCart((c) => addPack(c, p, grams, code.trim()));
      toast.success(`${p.product}: ${weighedText(grams, p.price, formatINR)}`);
      return;
    }
    const exact = await packByCode(code.trim());
    const hit = exact ?? (await searchPacks(code.trim()))[0];
    if (hit) add(hit, false);
    else toast.error(t('Nothing found for “{code}”', { code }));
  };

  const findCustomer = async (m: string) => {
    setMobile(m);
    setKnown(null);
    setKhata(null);
    if (!/^[6-9]\d{9}$/.test(m)) return setCart((c) => ({ ...c, customer: null }));
    void getAccounts(m).then(
      (a) => setKhata(a.khata?.status === 'open' ? a.khata : null),
      () => setKhata(null),
    );
    try {
      const r = await lookupCustomer(m);
      setKnown(r.found);
      setCustomerName(r.name ?? '');
      setCart((c) => ({
        ...c,
        customer: { mobile: m, name: r.name ?? undefined, group: r.group, prices: r.prices, language: r.language },
      }));
      // the receipt's script font, fetched while online for a receipt printed offline later
      warmReceiptFont(r.language);
    } catch {
      setCart((c) => ({ ...c, customer: { mobile: m } }));
    }
  };

  const pay = async (p: Payment) => {
    const body: SaleInput = {
      idempotency_key: newKey(),
      till,
      customer: cart.customer ? { mobile: cart.customer.mobile, name: customerName || cart.customer.name } : null,
      lines: cart.lines.map((l) => ({ pack_id: l.pack_id, quantity: l.quantity, discount: l.discount, scale_barcode: l.scale_barcode })),
      cart_discount: cart.cart_discount,
      expected_total: toRupees(valueItem.total),
      payment: p,
      offline: false,
      // the shift it was rung up in: synced after that shift closed, it is a late sale
      shift_id: shift.id,
    };
    setBusy(true);
    const done = (receipt: string | null, change: number, offline = false, onKhata = '') => {
      setCart(emptyCart());
      setMobile('');
      setCustomerName('');
      setKnown(null);
      setKhata(null);
      setMode(offline && receipt ? 'offline-receipt' : 'sell');
      setSheet(false);
      toast.success(
        t('Change {change}{value}{onKhata}{value2}', {
          change: formatINR(change),
          value: receipt ? t(' · receipt {receipt}', { receipt }) : '',
          onKhata,
          value2: offline ? t(' · saved offline, syncs when the network is back') : '',
        }),
      );
      if (receipt && !offline) void navigate(paths.posReceipt(receipt));
      else if (!offline || !receipt) search.current?.focus();
    };
    try {
      if (!navigator.onLine) throw new TypeError('offline');
      const sale = await createSale(body);
      await takeLocally(body.lines);
      done(
        sale.receipt,
        sale.change,
        false,
        sale.khata
          ? ` · on khata ${formatINR(toRupees(sale.khata.amount_paise))}, ${khataBalanceText(sale.khata.balance_after_paise, formatINR).toLowerCase()}`
          : '',
      );
    } catch (e) {
      // no network, or the server cannot reach its database: the till keeps the sale and syncs it later
      if (isNetworkError(e) || (e instanceof ApiError && [502, 503, 504].includes(e.status))) {
        // numbered from this device's offline series: a receipt now, the same number once synced
        const receipt = await takeOfflineReceipt(websiteId);
        await queueSale(receipt ? { ...body, receipt } : body);
        await takeLocally(body.lines);
        setQueued(await queuedCount());
        if (receipt)
          setOfflineSale({
            receipt,
            html: offlineReceiptHtml({
              shop: settings.shop_name,
              gstin: settings.gstin,
              receipt,
              till,
              cart,
              payment: p,
              gstRates: await gstRatesOf(cart.lines.map((l) => l.pack_id)),
              promotions,
              language: cart.customer?.language,
            }),
          });
        done(receipt, toRupees(toPaise(p.cash_tendered) - toPaise(p.cash)), true);
      } else {
        // a price or a promotion changed since the till loaded them: load the promotions again
        if (e instanceof ApiError && e.status === 409) void loadPromotions();
        toast.error(e instanceof ApiError ? e.message : errorMessage(e));
      }
    } finally {
      setBusy(false);
    }
  };

  const hold = async () => {
    if (!cart.lines.length) return;
    try {
      await holdCart({
        till,
        label: cart.customer?.mobile ?? t('Cart at {value}', { value: new Date().toLocaleTimeString('en-IN') }),
        cart: toHeld(cart),
      });
      setCart(emptyCart());
      toast.success(t('Cart held'));
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };

  const setLine = (i: number, change: Partial<Cart['lines'][number]>) =>
    setCart((c) => ({ ...c, lines: c.lines.map((l, j) => (j === i ? { ...l, ...change } : l)) }));

  return (
    <div className="flex h-screen flex-col bg-gray-50 text-sm">
      {/* on a phone the bill's bar holds the bottom of the screen: messages sit just above it */}
      <Toaster
        id={POS_TOASTER}
        position={matchMedia('(max-width: 767px)').matches ? 'bottom-center' : 'bottom-left'}
        mobileOffset={{ bottom: 64 }}
        richColors
        closeButton
        duration={4000}
        style={TOAST_COLORS}
      />
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b bg-white px-3 py-2 md:flex-nowrap md:whitespace-nowrap">
        <strong className="min-w-0 truncate text-base">{t('POS · {shopName}', { shopName: settings.shop_name })}</strong>
        <span className="min-w-0 truncate text-xs text-gray-600">
          {till} · {settings.warehouses.find((w) => w.id === shift.warehouse_id)?.name}{' '}
          {t('· float {float}', { float: formatINR(shift.float) })}
        </span>
        <span
          role="status"
          className={`rounded px-2 py-0.5 text-xs font-semibold ${online ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900'}`}
        >
          {online ? t('Online') : t('Offline')}
          {queued > 0 && t(' · {queued} to sync', { queued })}
        </span>
        <nav aria-label={t('Till')} className="flex w-full flex-wrap gap-1 md:ml-auto md:w-auto md:flex-nowrap">
          {TILL_TABS()
            .filter(([m]) => manager || m !== 'settings')
            .map(([m, label]) => (
              <button
                key={m}
                type="button"
                onClick={() => setMode(m)}
                className={`${tap} shrink-0 rounded border px-2 py-1 ${mode === m ? 'bg-teal-700 text-white' : 'bg-white'}`}
              >
                {label}
              </button>
            ))}
          {/* a rider's cash from a trip, counted at the till (issue 45 item 4) */}
          <a href={paths.posHandovers()} className={`${tap} flex shrink-0 items-center rounded border bg-white px-2 py-1`}>
            {t('Rider cash')}
          </a>
          {manager && (
            <a href={paths.dashboard()} className={`${tap} flex shrink-0 items-center rounded border bg-white px-2 py-1`}>
              {t('Administration')}
            </a>
          )}
        </nav>
      </header>
      {mode === 'returns' && <ReturnsPanel till={till} />}
      {mode === 'account' && <AccountPanel till={till} />}
      {mode === 'offline-receipt' && offlineSale && (
        <section aria-label={t('Offline receipt')} className="m-3 flex min-h-0 flex-1 flex-col items-center gap-2">
          <h2 className="text-lg font-semibold">{t('Receipt {receipt} · saved offline', { receipt: offlineSale.receipt })}</h2>
          <div className="flex flex-wrap justify-center gap-2">
            <button
              type="button"
              autoFocus
              className="min-h-11 rounded bg-teal-700 px-4 py-2 font-semibold text-white"
              onClick={() => offlinePaper.current?.contentWindow?.print()}
            >
              {t('Print receipt')}
            </button>
            <button
              type="button"
              className="min-h-11 rounded border bg-white px-4 py-2"
              onClick={() => {
                setMode('sell');
                setOfflineSale(null);
              }}
            >
              {t('New sale')}
            </button>
          </div>
          <iframe
            ref={offlinePaper}
            title={t('Receipt {receipt}', { receipt: offlineSale.receipt })}
            srcDoc={offlineSale.html}
            className="w-full max-w-[88mm] flex-1 border bg-white"
          />
        </section>
      )}
      {mode === 'close' && <CloseShiftPanel till={till} shift={shift} />}
      {mode === 'settings' && manager && <SettingsPanel settings={settings} warehouseId={shift.warehouse_id} />}
      {mode === 'held' && (
        <HeldPanel
          till={till}
          onRecall={(c) => {
            // the member comes back with their group's prices (the server refreshed them on recall)
            setCart({ lines: c.lines, cart_discount: c.cart_discount, customer: c.customer });
            setMobile(c.customer?.mobile ?? '');
            setCustomerName(c.customer?.name ?? '');
            setKnown(c.customer ? !!c.customer.name : null);
            setMode('sell');
          }}
        />
      )}
      {(mode === 'sell' || mode === 'pay') && (
        <div className="flex min-h-0 flex-1 flex-col gap-3 p-3 pb-16 md:grid md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] md:pb-3">
          <section aria-label={t('Find products')} className="flex min-h-0 flex-1 flex-col rounded border bg-white p-3 md:flex-none">
            <label htmlFor="pos-search" className="font-medium">
              {t('Scan or search (name, SKU, barcode)')}
            </label>
            <input
              id="pos-search"
              ref={search}
              autoFocus
              autoComplete="off"
              className="mt-1 rounded border px-3 py-2 text-base"
              value={q}
              onChange={(e) => setQ(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && q.trim()) {
                  e.preventDefault();
                  void enter();
                } else if (e.key === 'Escape') setQ('');
              }}
            />
            {weighing && (
              <WeighForm
                key={weighing.pack_id}
                pack={weighing}
                onAdd={(g) => {
                  setCart((c) => addPack(c, weighing, g));
                  setWeighing(null);
                  setQ('');
                  search.current?.focus();
                }}
                onCancel={() => {
                  setWeighing(null);
                  search.current?.focus();
                }}
              />
            )}
            <ul className="mt-2 min-h-0 flex-1 overflow-y-auto" aria-label={t('Search results')}>
              {results.map((p) => (
                <li key={p.pack_id}>
                  <button
                    type="button"
                    onClick={() => add(p)}
                    className={`${tap} flex w-full items-center justify-between gap-2 border-b px-2 py-1.5 text-left hover:bg-teal-50`}
                  >
                    <span>
                      {p.product} - {p.pack}
                      <span className="ml-2 text-xs text-gray-500">{p.sku || p.barcode}</span>
                    </span>
                    <span className="whitespace-nowrap">
                      {formatINR(p.price)}
                      {p.sold_by_weight ? '/kg' : ''}{' '}
                      <span className="text-xs text-gray-500">
                        ({p.sold_by_weight ? t('{value} kg', { value: p.available / 1000 }) : p.available})
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
          <button
            type="button"
            aria-controls="pos-bill"
            aria-expanded={sheet}
            onClick={() => setSheet((o) => !o)}
            className="fixed inset-x-0 bottom-0 z-30 flex min-h-14 items-center justify-between gap-3 bg-teal-800 px-4 text-base font-semibold text-white shadow-[0_-2px_8px_rgba(0,0,0,0.2)] md:hidden"
          >
            <span>
              {sheet ? t('Hide bill') : t('Bill')} {t('· {lines} {lines, plural, one {line} other {lines}}', { lines: cart.lines.length })}
            </span>
            <span data-testid="pos-sheet-total">{formatINR(toRupees(valueItem.total))}</span>
          </button>
          <section
            id="pos-bill"
            aria-label={t('Bill')}
            className={`${sheet ? 'flex' : 'hidden'} fixed inset-x-0 bottom-14 z-20 max-h-[calc(100dvh-7.5rem)] min-h-0 flex-col overflow-y-auto rounded-t-xl border bg-white p-3 shadow-[0_-4px_16px_rgba(0,0,0,0.15)] md:static md:flex md:max-h-none md:rounded md:shadow-none`}
          >
            {mode === 'pay' ? (
              <PayPanel
                totalPaise={valueItem.total}
                vpa={settings.upi_vpa}
                payee={settings.payee_name}
                note={`${settings.shop_name} ${till}`}
                busy={busy}
                khata={khata && { availablePaise: khata.available_paise, balancePaise: khata.balance_paise, online }}
                onPay={(p) => void pay(p)}
                onCancel={() => setMode('sell')}
              />
            ) : (
              <>
                <div className="flex flex-wrap items-center gap-2">
                  <label htmlFor="pos-mobile">{t('Customer mobile')}</label>
                  <input
                    id="pos-mobile"
                    inputMode="numeric"
                    maxLength={10}
                    className={`${tap} w-32 rounded border px-2 py-1`}
                    value={mobile}
                    onChange={(e) => void findCustomer(e.target.value.trim())}
                  />
                  {known !== null && (
                    <input
                      aria-label={t('Customer name')}
                      placeholder={known ? '' : t('New customer: name')}
                      className="flex-1 rounded border px-2 py-1"
                      value={customerName}
                      readOnly={known}
                      onChange={(e) => setCustomerName(e.target.value)}
                    />
                  )}
                </div>
                <table className="mt-2 w-full" aria-label={t('Cart')}>
                  <thead className="text-left text-xs text-gray-500">
                    <tr>
                      <th className="py-1">{t('Item')}</th>
                      <th>{t('Qty')}</th>
                      <th className="hidden md:table-cell">{t('Off ₹')}</th>
                      <th className="text-right">{t('Amount')}</th>
                      <th />
                    </tr>
                  </thead>
                  <tbody>
                    {cart.lines.map((l, i) => (
                      <tr key={`${i}-${l.pack_id}`} className="border-t">
                        <td className="py-1">
                          {l.label}
                          <div className="text-xs text-gray-500">
                            {l.sold_by_weight ? weighedText(l.quantity, l.price, formatINR) : formatINR(unitPriceOf(cart, l))}
                            {unitPriceOf(cart, l) !== l.price && <s className="ml-1">{formatINR(l.price)}</s>}
                          </div>
                          {valueItem.lines[i]?.promotion && (
                            <div className="text-xs text-green-800">{valueItem.lines[i]!.promotion!.name}</div>
                          )}
                        </td>
                        <td>
                          <input
                            aria-label={t('Quantity of {label}{value}', { label: l.label, value: l.sold_by_weight ? t(' (g)') : '' })}
                            className={`${tap} w-14 rounded border px-1 py-0.5 text-right md:w-16`}
                            inputMode="numeric"
                            value={l.quantity}
                            // a changed weight is no longer the scale label's: the line is then a keyed weight
                            onChange={(e) =>
                              setLine(i, { quantity: Math.max(1, Math.round(Number(e.target.value) || 1)), scale_barcode: undefined })
                            }
                          />
                          {l.sold_by_weight && <span className="ml-1 text-xs">{t('g')}</span>}
                        </td>
                        <td className="hidden md:table-cell">
                          <input
                            aria-label={t('Discount on {label}', { label: l.label })}
                            className="w-14 rounded border px-1 py-0.5 text-right"
                            inputMode="decimal"
                            value={l.discount}
                            onChange={(e) => setLine(i, { discount: Math.max(0, Number(e.target.value) || 0) })}
                          />
                        </td>
                        <td className="whitespace-nowrap text-right">
                          {formatINR(
                            toRupees(lineAmountPaise(toPaise(unitPriceOf(cart, l)), l.quantity, l.sold_by_weight) - toPaise(l.discount)),
                          )}
                        </td>
                        <td className="text-right">
                          <button
                            type="button"
                            aria-label={t('Remove {label}', { label: l.label })}
                            className="min-h-11 min-w-11 px-2 text-red-700 md:min-h-0 md:min-w-0"
                            onClick={() => setCart((c) => ({ ...c, lines: c.lines.filter((_, j) => j !== i) }))}
                          >
                            ✕
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {cart.lines.length === 0 && (
                  <p className="mt-6 text-center text-gray-500">{t('Scan a barcode or search to start a bill.')}</p>
                )}
                <div className="mt-auto border-t pt-2">
                  <div className="flex justify-between">
                    <span>{t('Items')}</span>
                    <span>{formatINR(toRupees(valueItem.items))}</span>
                  </div>
                  {valueItem.promotions.map((p) => (
                    <div key={p.promotionId} className="flex justify-between text-green-800" data-testid="pos-promotion">
                      <span>{p.name}</span>
                      <span>− {formatINR(toRupees(p.discountPaise))}</span>
                    </div>
                  ))}
                  <div className="flex items-center justify-between">
                    <label htmlFor="pos-cart-discount">
                      {t('Bill discount ₹ (max {maxDiscount} in all)', { maxDiscount: formatINR(toRupees(maxDiscount)) })}
                    </label>
                    <input
                      id="pos-cart-discount"
                      className={`${tap} w-20 rounded border px-1 py-0.5 text-right`}
                      inputMode="decimal"
                      value={cart.cart_discount}
                      onChange={(e) => setCart((c) => ({ ...c, cart_discount: Math.max(0, Number(e.target.value) || 0) }))}
                    />
                  </div>
                  {valueItem.manual > maxDiscount && (
                    <p className="text-red-700">
                      {t('The discount is over the shop’s limit of {maxDiscountPercent}%.', {
                        maxDiscountPercent: settings.max_discount_percent,
                      })}
                    </p>
                  )}
                  <div className="flex justify-between text-xl font-bold">
                    <span>{t('Total')}</span>
                    <span data-testid="pos-total">{formatINR(toRupees(valueItem.total))}</span>
                  </div>
                  <div className="mt-2 flex gap-2">
                    <button
                      type="button"
                      disabled={!cart.lines.length || valueItem.manual > maxDiscount}
                      onClick={() => setMode('pay')}
                      className="min-h-11 flex-1 rounded bg-teal-700 px-4 py-2 text-base font-semibold text-white disabled:opacity-50"
                    >
                      {t('Pay (F4)')}
                    </button>
                    <button
                      type="button"
                      disabled={!cart.lines.length}
                      onClick={() => void hold()}
                      className="min-h-11 rounded border px-3 py-2"
                    >
                      {t('Hold')}
                    </button>
                    <button
                      type="button"
                      disabled={!cart.lines.length}
                      onClick={() => setCart(emptyCart())}
                      className="min-h-11 rounded border px-3 py-2"
                    >
                      {t('Clear')}
                    </button>
                  </div>
                </div>
              </>
            )}
          </section>
        </div>
      )}
    </div>
  );
}

function HeldPanel({ till, onRecall }: { till: string; onRecall: (c: Cart) => void }) {
  const [list, setList] = useState<Awaited<ReturnType<typeof listHeld>>['data'] | null>(null);
  useEffect(
    () =>
      void listHeld(till).then(
        (r) => setList(r.data),
        (e: unknown) => toast.error(errorMessage(e)),
      ),
    [till],
  );
  return (
    <section className="m-3 rounded border bg-white p-3">
      <h2 className="mb-2 text-lg font-semibold">{t('Held carts')}</h2>
      {list?.length === 0 && <p>{t('No held carts.')}</p>}
      <ul>
        {list?.map((h) => (
          <li key={h.id} className="flex items-center justify-between border-b py-1">
            <span>
              {h.label} · {counted(h.cart.lines.length, 'line')}
            </span>
            <button type="button" className="rounded border px-2 py-1" onClick={async () => onRecall(await recallHeld(h.id))}>
              {t('Recall')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
