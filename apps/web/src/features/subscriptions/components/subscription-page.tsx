import { addShopDays } from '@grocer/shared/shop-time';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/dialogs';
import { LoadingView, Spinner } from '../../../components/ui/loading';
import { ApiError } from '../../../lib/api';
import { readError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { calendarQuery, OWN, subscriptionQuery, subscriptionsApiOf, walletBalanceQuery, type SubscriptionOwner } from '../api';
import { cutoffRule, dayWords, refusalWords, rupees, scheduleText, shortDay } from '../words';
import { SubscriptionCalendar } from './calendar';
import { DeliveryExtras } from './extras';
import { STATUS_WORDS, statusClass } from './subscriptions-page';
import { t } from '../../../lib/i18n';

/**
 * /account/subscriptions/{id} (issue 44 §4): the subscription, the next 30 days (skip a day,
 * change its quantity), a pause for a range ("Vacation"), Resume and Cancel. Every refusal is
 * shown in words where it happened (the cut-off's with its day and time). The same page, for a
 * sales agent, of one of their customers' (`owner`): without the wallet, which is the customer's.
 */
export function SubscriptionPage({ id, owner = OWN }: { id: number; owner?: SubscriptionOwner }) {
  const client = useQueryClient();
  const api = subscriptionsApiOf(owner);
  const sub = useQuery(subscriptionQuery(id, owner));
  const cal = useQuery(calendarQuery(id, owner));
  const wallet = useQuery({ ...walletBalanceQuery, enabled: !owner.customer });
  const back = owner.customer ? t('Subscriptions of {name}', { name: owner.customer.name }) : null;
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [pause, setPause] = useState<{ from: string; to: string } | null>(null);
  if (sub.isPending || cal.isPending) return <LoadingView />;
  const failed = sub.error ?? cal.error;
  if (failed)
    return (
      <div className="space-y-3">
        <p className="text-red-700">
          {failed instanceof ApiError && failed.status === 404 ? t('This subscription was not found.') : readError(failed)}
        </p>
        <Link to={owner.pages} className="text-sm font-medium text-[var(--color-primary)]">
          {back ?? t('All subscriptions')}
        </Link>
      </div>
    );
  if (!sub.data || !cal.data) return <LoadingView />;
  const s = sub.data;
  const days = cal.data.days;
  const cutoff = cal.data.cutoff_time;
  const firstOpen = days.find((d) => d.changeable)?.date ?? null;
  const pausePick = pause ?? (firstOpen ? { from: firstOpen, to: addShopDays(firstOpen, 2) } : null);
  const live = s.status !== 'cancelled';
  const comingPauses = s.pauses.filter((p) => !firstOpen || p.to >= firstOpen);
  const balance = !owner.customer && wallet.data?.wallet?.status === 'open' ? wallet.data.wallet.balance_paise : null;
  const perDelivery = s.quantity * s.price_paise;

  const refresh = async () => {
    await client.invalidateQueries({ queryKey: [...owner.key] });
  };
  const run = async (what: string, call: () => Promise<unknown>, done: string | null) => {
    setBusy(what);
    setProblem(null);
    try {
      await call();
      await refresh();
      if (done) toast.success(done);
      return true;
    } catch (e) {
      setProblem(refusalWords(readError(e)));
      return false;
    } finally {
      setBusy(null);
    }
  };
  const setDay = async (date: string, quantity: number) => {
    setProblem(null);
    try {
      const next = await api.setDay(id, { date, quantity });
      client.setQueryData(calendarQuery(id, owner).queryKey, next);
      await client.invalidateQueries({ queryKey: [...owner.key], exact: true });
      // the day's own card shows the change
    } catch (e) {
      setProblem(refusalWords(readError(e)));
      throw e;
    }
  };

  const setExtra = async (date: string, packId: number, quantity: number) => {
    setProblem(null);
    try {
      const next = await api.setExtra(id, { date, pack_id: packId, quantity });
      client.setQueryData(calendarQuery(id, owner).queryKey, next);
    } catch (e) {
      setProblem(refusalWords(readError(e)));
      throw e;
    }
  };

  return (
    <div className="space-y-5">
      <Link to={owner.pages} className="inline-flex items-center gap-1 text-sm font-medium text-[var(--color-primary)]">
        <ArrowLeft size={16} aria-hidden="true" /> {back ?? t('All subscriptions')}
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">
            {s.product_name} · {s.pack_name}
          </h1>
          <p className="mt-1 text-gray-700">
            {s.quantity} × {scheduleText(s.schedule)} · {t('{price} per delivery', { price: rupees(perDelivery) })} ·{' '}
            {t('from {day}', { day: dayWords(s.start_date) })}
          </p>
        </div>
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${statusClass(s.status)}`} data-testid="subscription-status">
          {t(STATUS_WORDS[s.status])}
        </span>
      </div>

      {balance !== null && live && (
        <p className={`rounded-lg px-4 py-3 text-sm ${balance < perDelivery ? 'bg-amber-50 text-amber-900' : 'bg-gray-50 text-gray-700'}`}>
          {t('Wallet balance')} <strong className="tabular-nums">{rupees(balance)}</strong>.{' '}
          {balance < perDelivery
            ? t('Not enough for the next delivery: it is held until you add money.')
            : t('Each delivery is paid from it the evening before.')}{' '}
          <Link to="/account/wallet" className="font-semibold text-[var(--color-primary)] underline">
            {t('Add money')}
          </Link>
        </p>
      )}

      {problem && (
        <p role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-700">
          <CircleAlert size={18} className="mt-0.5 shrink-0" aria-hidden="true" /> {problem}
        </p>
      )}

      <section aria-labelledby="calendar-title" className="rounded-xl border bg-white p-4">
        <h2 id="calendar-title" className="text-lg font-semibold">
          {t('Next 30 days')}
        </h2>
        <p className="mb-3 text-sm text-gray-600">{cutoffRule(cutoff)}</p>
        {live ? (
          <SubscriptionCalendar days={days} packName={s.pack_name} usual={s.quantity} cutoff={cutoff} onSet={setDay} />
        ) : (
          <p className="text-sm text-gray-600">{t('This subscription is cancelled: nothing more is delivered.')}</p>
        )}
      </section>

      {live && (
        <section aria-labelledby="extras-title" className="rounded-xl border bg-white p-4">
          <h2 id="extras-title" className="text-lg font-semibold">
            {t('Add to a delivery')}
          </h2>
          <p className="mb-3 text-sm text-gray-600">{t('Bread, eggs or anything else comes with that delivery and is paid with it.')}</p>
          <DeliveryExtras days={days} onSet={setExtra} />
        </section>
      )}

      {live && (
        <section aria-labelledby="vacation-title" className="rounded-xl border bg-white p-4">
          <h2 id="vacation-title" className="text-lg font-semibold">
            {t('Vacation')}
          </h2>
          <p className="text-sm text-gray-600">{t('Pause deliveries while you are away; both days are included.')}</p>
          {comingPauses.length > 0 && (
            <ul className="mt-2 space-y-1 text-sm" aria-label={t('Pauses')}>
              {comingPauses.map((p) => (
                <li key={`${p.from}-${p.to}`} className="rounded bg-gray-50 px-3 py-1.5">
                  {p.from === p.to
                    ? t('Paused {day}', { day: shortDay(p.from) })
                    : t('Paused {from} to {to}', { from: shortDay(p.from), to: shortDay(p.to) })}
                </li>
              ))}
            </ul>
          )}
          {pausePick ? (
            <form
              className="mt-3 flex flex-wrap items-end gap-3"
              onSubmit={(e) => {
                e.preventDefault();
                void run('pause', () => api.pause(id, pausePick), null).then((ok) => ok && setPause(null));
              }}
            >
              <label className="text-sm font-medium">
                {t('From')}
                <input
                  type="date"
                  value={pausePick.from}
                  min={firstOpen ?? undefined}
                  onInput={(e) => setPause({ ...pausePick, from: (e.target as HTMLInputElement).value })}
                  className="mt-1 block h-11 rounded-lg border border-gray-300 px-3"
                />
              </label>
              <label className="text-sm font-medium">
                {t('To')}
                <input
                  type="date"
                  value={pausePick.to}
                  min={pausePick.from}
                  onInput={(e) => setPause({ ...pausePick, to: (e.target as HTMLInputElement).value })}
                  className="mt-1 block h-11 rounded-lg border border-gray-300 px-3"
                />
              </label>
              <button
                type="submit"
                disabled={!!busy}
                className="flex h-11 items-center rounded-lg bg-[var(--color-primary)] px-4 font-semibold text-white disabled:opacity-50"
              >
                {busy === 'pause' ? <Spinner size={16} className="text-white" /> : t('Pause')}
              </button>
            </form>
          ) : (
            <p className="mt-2 text-sm text-gray-600">{t('No day in the next 30 days is open for changes.')}</p>
          )}
        </section>
      )}

      {live && (
        <div className="flex flex-wrap gap-3">
          {(s.status === 'paused' || comingPauses.length > 0) && (
            <button
              type="button"
              disabled={!!busy}
              onClick={() => void run('resume', () => api.resume(id), t('Deliveries resume from the first open day'))}
              className="flex h-11 items-center rounded-lg border-2 border-[var(--color-primary)] px-4 font-semibold text-[var(--color-primary)] disabled:opacity-50"
            >
              {busy === 'resume' ? <Spinner size={16} /> : t('Resume')}
            </button>
          )}
          <button
            type="button"
            disabled={!!busy}
            onClick={() => setConfirmCancel(true)}
            className="flex h-11 items-center rounded-lg border border-red-300 px-4 font-semibold text-red-700 hover:bg-red-50 disabled:opacity-50"
          >
            {t('Cancel subscription')}
          </button>
        </div>
      )}

      <ConfirmDialog
        open={confirmCancel}
        title={t('Cancel this subscription?')}
        message={t('No more {name} from the next delivery not yet prepared. A delivery already made into an order stays.', {
          name: `${s.product_name} ${s.pack_name}`,
        })}
        confirmLabel={t('Cancel subscription')}
        cancelLabel={t('Keep it')}
        danger
        onCancel={() => setConfirmCancel(false)}
        onConfirm={() => {
          setConfirmCancel(false);
          void run('cancel', () => api.cancel(id), t('Subscription cancelled'));
        }}
      />
    </div>
  );
}
