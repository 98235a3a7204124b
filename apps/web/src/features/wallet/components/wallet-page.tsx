import { formatINR, toRupees } from '@grocer/shared/money';
import { ENTRY_REASON_LABEL, type AccountEntry, type Topup, type TopupStarted } from '@grocer/shared/wallet';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BookOpen, CircleAlert, CircleCheck, Wallet } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoadingView, Spinner } from '../../../components/ui/loading';
import { ApiError } from '../../../lib/api';
import { readError } from '../../../lib/errors';
import { walletApi, walletQuery, walletStatementQuery } from '../api';
import { TOPUP_CHOICES, topupAmount } from '../topup-amount';
import { languageTag, t } from '../../../lib/i18n';

const rupees = (paise: number) => formatINR(toRupees(paise));
const monthName = (m: string) => new Date(`${m}-01T00:00:00`).toLocaleDateString(languageTag(), { month: 'long', year: 'numeric' });
const when = (iso: string) => new Date(iso).toLocaleString('en-IN', { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });

// window.Razorpay and window.Cashfree are declared with the order's pay page (pay-page.tsx)
function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = src;
    s.onload = () => resolve();
    s.onerror = () => reject(new Error('The payment page could not be loaded. Check your connection and try again.'));
    document.head.appendChild(s);
  });
}

/** How long the return page asks after a top-up still pending (the webhook may be on its way). */
const POLLS = 8;
const POLL_MS = 1_500;

/**
 * The gateway sent the shopper back (`?topup={id}`, Razorpay's fields with it when it has them):
 * the top-up is verified or asked after until it is paid (or the polls run out), then the new
 * balance is shown and the wallet read again.
 */
function TopupReturn({ id, onDone }: { id: number; onDone: () => void }) {
  const [search] = useSearchParams();
  const [topup, setTopup] = useState<Topup | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    let live = true;
    (async () => {
      const order = search.get('razorpay_order_id');
      const payment = search.get('razorpay_payment_id');
      const signature = search.get('razorpay_signature');
      let t =
        order && payment && signature
          ? await walletApi.verifyTopup(id, { razorpay_order_id: order, razorpay_payment_id: payment, razorpay_signature: signature })
          : await walletApi.topup(id);
      for (let i = 0; live && t.status === 'pending' && i < POLLS; i++) {
        setTopup(t);
        await new Promise((r) => setTimeout(r, POLL_MS));
        if (live) t = await walletApi.topup(id);
      }
      if (!live) return;
      setTopup(t);
      if (t.status === 'pending') setGaveUp(true);
      onDone();
    })().catch((e: unknown) => live && setError(readError(e)));
    return () => {
      live = false;
    };
    // once per top-up: the search's Razorpay fields come with it
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  const box = 'mb-5 flex items-start gap-2 rounded-lg px-4 py-3 text-sm';
  if (error)
    return (
      <p role="alert" className={`${box} bg-red-50 text-red-700`}>
        <CircleAlert size={18} className="mt-0.5 shrink-0" aria-hidden="true" /> {error}
      </p>
    );
  if (!topup || (topup.status === 'pending' && !gaveUp))
    return (
      <p role="status" className={`${box} bg-gray-50 text-gray-700`}>
        <Spinner size={16} /> Checking your payment…
      </p>
    );
  if (topup.status === 'paid')
    return (
      <p role="status" data-testid="topup-done" className={`${box} bg-green-50 text-green-800`}>
        <CircleCheck size={18} className="mt-0.5 shrink-0" aria-hidden="true" />
        <span>
          {topup.purpose === 'khata' ? (
            <>
              {t('{amount} paid on your khata.', { amount: rupees(topup.amount_paise) })}{' '}
              {topup.balance_paise < 0 ? t('You owe {amount}', { amount: rupees(-topup.balance_paise) }) : t('Nothing owed.')}
            </>
          ) : (
            <>
              {t('{amount} added to your wallet.', { amount: rupees(topup.amount_paise) })} {t('Your balance is')}{' '}
              <strong>{rupees(topup.balance_paise)}</strong>.
            </>
          )}
        </span>
      </p>
    );
  if (topup.status === 'review')
    return (
      <p role="status" className={`${box} bg-amber-50 text-amber-900`}>
        <CircleAlert size={18} className="mt-0.5 shrink-0" aria-hidden="true" />
        {t('The payment did not match the amount asked. The shop will check it and add the money or refund it.')}
      </p>
    );
  return (
    <p role="status" className={`${box} bg-amber-50 text-amber-900`}>
      <CircleAlert size={18} className="mt-0.5 shrink-0" aria-hidden="true" />
      {t('We have not heard from the payment yet. If you paid, the money will be added in a few minutes.')}
    </p>
  );
}

/**
 * Hands a started gateway payment (a top-up or a khata payment) to the provider: the simulator's
 * page, Razorpay Checkout or Cashfree's; the gateway sends the shopper back to `?topup={id}`.
 */
async function pay(
  { topup, handoff }: TopupStarted,
  description: string,
  navigate: (to: string) => unknown,
  dismissed: () => void,
): Promise<void> {
  if (handoff.checkout_url) return window.location.assign(handoff.checkout_url);
  if (handoff.provider === 'razorpay') {
    await loadScript('https://checkout.razorpay.com/v1/checkout.js');
    const rzp = new window.Razorpay!({
      key: handoff.key_id,
      order_id: handoff.order_id,
      amount: handoff.amount,
      currency: handoff.currency,
      name: document.title,
      description,
      handler: (res: Record<string, string>) => navigate(`/account/wallet?topup=${topup.id}&${new URLSearchParams(res).toString()}`),
      modal: { ondismiss: dismissed },
    });
    rzp.open();
  } else {
    await loadScript('https://sdk.cashfree.com/js/v3/cashfree.js');
    await window.Cashfree!({ mode: handoff.mode }).checkout({ paymentSessionId: handoff.payment_session_id, redirectTarget: '_self' });
  }
}

/** The shop's first gateway that is set up: Razorpay, else Cashfree. */
const firstGateway = <T,>(start: (provider: 'razorpay' | 'cashfree') => Promise<T>): Promise<T> =>
  start('razorpay').catch((e: unknown) => {
    if (e instanceof ApiError && e.code === 'PAYMENT_NOT_CONFIGURED') return start('cashfree');
    throw e;
  });

/**
 * The khata (issue 44 §4): what the shopper owes and their credit limit, and "Pay ₹X now" through
 * the shop's gateway. The statement's link (`?pay=khata`) brings the shopper here with it in view.
 */
function KhataCard({ khata, asked }: { khata: { balance_paise: number; credit_limit_paise: number; status: string }; asked: boolean }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const owed = Math.max(0, -khata.balance_paise);
  const start = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const started = await firstGateway((provider) => walletApi.payKhata({ provider }));
      await pay(started, 'Khata payment', navigate, () => setBusy(false));
    } catch (e) {
      setProblem(readError(e));
      setBusy(false);
    }
  };
  return (
    <section
      aria-labelledby="khata"
      className={`rounded-xl border bg-white p-4 ${asked && owed > 0 ? 'border-[var(--color-primary)] ring-2 ring-[var(--color-primary)]' : ''}`}
      ref={(el) => {
        if (el && asked) el.scrollIntoView({ block: 'center' });
      }}
    >
      <h2 id="khata" className="flex items-center gap-2 text-lg font-semibold">
        <BookOpen size={20} aria-hidden="true" /> {t('Khata')}
      </h2>
      <p className="mt-1 text-2xl font-bold tabular-nums" data-testid="khata-owed">
        {owed > 0 ? t('You owe {amount}', { amount: rupees(owed) }) : t('Nothing owed.')}
      </p>
      <p className="text-sm text-gray-600">{t('Credit limit {limit}', { limit: rupees(khata.credit_limit_paise) })}</p>
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      )}
      {owed > 0 && khata.status === 'open' && (
        <button
          type="button"
          onClick={start}
          disabled={busy}
          className="mt-3 flex h-11 w-full items-center justify-center rounded-lg bg-[var(--color-primary)] px-6 font-semibold text-white hover:brightness-90 disabled:opacity-50 sm:w-auto"
        >
          {busy ? <Spinner size={18} className="text-white" /> : t('Pay {amount} now', { amount: rupees(owed) })}
        </button>
      )}
    </section>
  );
}

/** Add money: ₹200 / ₹500 / ₹1,000 with one tap, or another amount, through the shop's gateway. */
function AddMoney({ limits }: { limits: { min_paise: number; max_paise: number } }) {
  const navigate = useNavigate();
  const [text, setText] = useState('500');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const amount = topupAmount(text, limits);
  const start = async () => {
    if (!('paise' in amount)) return setProblem(amount.problem);
    setBusy(true);
    setProblem(null);
    try {
      const started = await firstGateway((provider) => walletApi.startTopup({ amount_paise: amount.paise, provider }));
      await pay(started, 'Wallet top-up', navigate, () => setBusy(false));
    } catch (e) {
      setProblem(readError(e));
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="add-money" className="rounded-xl border bg-white p-4">
      <h2 id="add-money" className="text-lg font-semibold">
        {t('Add money')}
      </h2>
      <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label={t('Amount')}>
        {TOPUP_CHOICES.map((r) => (
          <button
            key={r}
            type="button"
            aria-pressed={text === String(r)}
            onClick={() => {
              setText(String(r));
              setProblem(null);
            }}
            className={`min-h-11 rounded-full border px-4 text-sm font-semibold ${text === String(r) ? 'border-[var(--color-primary)] bg-[var(--color-primary)] text-white' : 'bg-white hover:bg-gray-50'}`}
          >
            {formatINR(r)}
          </button>
        ))}
      </div>
      <label htmlFor="topup-amount" className="mt-4 block text-sm font-medium">
        {t('Or another amount (₹)')}
      </label>
      <input
        id="topup-amount"
        inputMode="numeric"
        value={text}
        onInput={(e) => {
          setText((e.target as HTMLInputElement).value);
          setProblem(null);
        }}
        aria-describedby="topup-hint"
        aria-invalid={!!problem}
        className="mt-1 h-11 w-full max-w-xs rounded-lg border border-gray-300 px-3"
      />
      <p id="topup-hint" className="mt-1 text-xs text-gray-500">
        {t('From {min} to {max}. Pay by UPI, card or netbanking.', { min: rupees(limits.min_paise), max: rupees(limits.max_paise) })}
      </p>
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      )}
      <button
        type="button"
        onClick={start}
        disabled={busy}
        className="mt-4 flex h-11 w-full items-center justify-center rounded-lg bg-[var(--color-primary)] px-6 font-semibold text-white hover:brightness-90 disabled:opacity-50 sm:w-auto"
      >
        {busy ? (
          <Spinner size={18} className="text-white" />
        ) : 'paise' in amount ? (
          t('Add {amount}', { amount: rupees(amount.paise) })
        ) : (
          t('Add money')
        )}
      </button>
    </section>
  );
}

function EntryRow({ e }: { e: AccountEntry }) {
  const label = t(ENTRY_REASON_LABEL[e.reason]);
  return (
    <li className="flex items-start justify-between gap-3 py-2 text-sm">
      <span className="min-w-0">
        <span className="block font-medium">
          {e.reference_type === 'order' && e.reference_id ? <Link to={`/account/orders/${e.reference_id}`}>{label}</Link> : label}
        </span>
        <span className="block text-xs text-gray-500">
          {when(e.created_at)}
          {e.note ? ` · ${e.note}` : ''}
        </span>
      </span>
      <span className={`shrink-0 font-semibold tabular-nums ${e.amount_paise > 0 ? 'text-green-700' : 'text-gray-900'}`}>
        {e.amount_paise > 0 ? '+' : '−'}
        {rupees(Math.abs(e.amount_paise))}
      </span>
    </li>
  );
}

/** The statement by month, newest first: opening, money in and out, closing, and each entry. */
function Statement() {
  const { data, error } = useQuery(walletStatementQuery(true));
  if (error) return <p className="text-sm text-red-700">{readError(error)}</p>;
  if (!data) return <Spinner size={18} />;
  const months = [...data.months].reverse();
  return (
    <section aria-labelledby="wallet-statement" className="rounded-xl border bg-white p-4">
      <h2 id="wallet-statement" className="text-lg font-semibold">
        {t('Statement')}
      </h2>
      {months.map((m) => (
        <div key={m.month} className="mt-4 border-t pt-3 first-of-type:border-0">
          <h3 className="flex flex-wrap items-baseline justify-between gap-2 font-semibold">
            {monthName(m.month)}
            <span className="text-xs font-normal text-gray-600">
              {t('Opening {opening} · In {credits} · Out {debits} · Closing {closing}', {
                opening: rupees(m.opening_paise),
                credits: rupees(m.credits_paise),
                debits: rupees(m.debits_paise),
                closing: rupees(m.closing_paise),
              })}
            </span>
          </h3>
          {m.entries.length === 0 ? (
            <p className="mt-1 text-sm text-gray-500">{t('No money in or out this month.')}</p>
          ) : (
            <ul className="divide-y">
              {[...m.entries].reverse().map((e) => (
                <EntryRow key={e.id} e={e} />
              ))}
            </ul>
          )}
        </div>
      ))}
    </section>
  );
}

/** /account/wallet (issue 44): the balance, Add money through the shop's gateway, the statement. */
export function WalletPage() {
  const client = useQueryClient();
  const [search] = useSearchParams();
  const returned = Number(search.get('topup')) || null;
  const { data, error, isPending } = useQuery(walletQuery);
  if (isPending) return <LoadingView />;
  if (error) return <p className="p-6 text-red-700">{readError(error)}</p>;
  const balance = data.wallet?.balance_paise ?? 0;
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold">{t('Wallet')}</h1>
      {returned && <TopupReturn id={returned} onDone={() => void client.invalidateQueries({ queryKey: ['wallet'] })} />}
      <div className="flex items-center gap-4 rounded-xl bg-[var(--color-primary)] p-5 text-white">
        <Wallet size={32} aria-hidden="true" />
        <div>
          <p className="text-sm opacity-90">{t('Wallet balance')}</p>
          <p className="text-3xl font-bold tabular-nums" data-testid="wallet-balance">
            {rupees(balance)}
          </p>
        </div>
      </div>
      {data.wallet?.status === 'closed' ? (
        <p className="text-sm text-gray-700">{t('This wallet is closed. Ask the shop if you need help.')}</p>
      ) : (
        <AddMoney limits={data.topup} />
      )}
      {data.khata && <KhataCard khata={data.khata} asked={search.get('pay') === 'khata'} />}
      {data.wallet ? (
        <Statement />
      ) : (
        <p className="text-sm text-gray-600">{t('Add money once and pay for your orders from the wallet in one tap at checkout.')}</p>
      )}
    </div>
  );
}
