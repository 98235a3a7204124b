import type { ScheduleKind } from '@grocer/shared/subscriptions';
import { slotWindow } from '@grocer/shared/delivery-promise';
import { toPaise } from '@grocer/shared/money';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Spinner } from '../../../components/ui/loading';
import { readError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { addressesQuery, slotsQuery, subscriptionsApi, walletBalanceQuery } from '../api';
import { cutoffRule, refusalWords, rupees, scheduleFrom, WEEKDAYS, WEEKDAYS_SHORT } from '../words';
import { QuantityStepper } from './quantity-stepper';
import type { SubscribeProps } from './subscribe-sheet';
import { msg, t } from '../../../lib/i18n';

const KINDS: Array<{ kind: ScheduleKind; label: string }> = [
  { kind: 'daily', label: msg('Daily') },
  { kind: 'alternate', label: msg('Alternate days') },
  { kind: 'weekdays', label: msg('Chosen weekdays') },
  { kind: 'every_n', label: 'Every N days' },
];
/** A wallet that covers fewer deliveries than this is low: the sheet links to Add money. */
const LOW_DELIVERIES = 7;

/** The sheet's form: quantity, schedule, start date, address and morning slot, price per delivery and wallet balance. */
export default function SubscribeForm({
  product,
  pack,
  firstDate,
  cutoff,
  addressForm,
  onDone,
}: SubscribeProps & { firstDate: string; cutoff: string; onDone: () => void }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [quantity, setQuantity] = useState(1);
  const [kind, setKind] = useState<ScheduleKind>('daily');
  const [weekdays, setWeekdays] = useState<number[]>([]);
  const [everyDays, setEveryDays] = useState('3');
  const [start, setStart] = useState(firstDate);
  const [addressId, setAddressId] = useState<number | null>(null);
  const [slotId, setSlotId] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const addresses = useQuery(addressesQuery);
  const wallet = useQuery(walletBalanceQuery);
  const list = addresses.data?.data ?? [];
  const address = list.find((a) => a.id === addressId) ?? list.find((a) => a.is_default) ?? list[0] ?? null;
  const slots = useQuery(slotsQuery(address?.serviceable ? address.pincode : null));
  // one choice per slot of the zone (the list has them per day), the morning's when there are any
  const unique = [...new Map((slots.data?.data ?? []).map((s) => [s.slot_id, s])).values()].sort((a, b) =>
    a.start_time.localeCompare(b.start_time),
  );
  const morning = unique.filter((s) => s.start_time < '12:00');
  const slotChoices = morning.length ? morning : unique;
  const slot = slotChoices.find((s) => s.slot_id === slotId) ?? slotChoices[0] ?? null;
  useEffect(() => setProblem(null), [quantity, kind, weekdays, everyDays, start, addressId, slotId]);

  const perDelivery = quantity * toPaise(pack.price);
  const balance = wallet.data?.wallet?.status === 'open' ? wallet.data.wallet.balance_paise : 0;
  const covers = perDelivery > 0 ? Math.floor(balance / perDelivery) : 0;
  const schedule = scheduleFrom(kind, weekdays, everyDays);

  const submit = async () => {
    if ('problem' in schedule) return setProblem(schedule.problem);
    if (!address) return setProblem(t('Add the address we should deliver to.'));
    if (!address.serviceable)
      return setProblem(address.delivery_message || t('We do not deliver to this address yet. Choose another address.'));
    if (!start || start < firstDate) return setProblem(t('The first delivery can be on {date} at the earliest.', { date: firstDate }));
    setBusy(true);
    try {
      const sub = await subscriptionsApi.create({
        pack_id: pack.pack_id,
        quantity,
        schedule,
        start_date: start,
        address_id: address.id,
        slot_id: slot?.slot_id ?? null,
      });
      await client.invalidateQueries({ queryKey: ['subscriptions', 'mine'] });
      toast.success(t('Subscribed to {name}', { name: `${product.product_name} ${pack.pack_name}` }));
      onDone();
      navigate(`/account/subscriptions/${sub.id}`);
    } catch (e) {
      setProblem(refusalWords(readError(e)));
      setBusy(false);
    }
  };

  const chip = (on: boolean) =>
    `min-h-11 rounded-full border px-3 text-sm ${on ? 'border-[var(--color-primary)] bg-[var(--color-primary)] font-semibold text-white' : 'bg-white hover:bg-gray-50'}`;
  return (
    <>
      <form
        className="space-y-5 p-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <p className="text-sm">
          <span className="font-semibold">{product.product_name}</span> · {pack.pack_name} ·{' '}
          {t('{price} each', { price: rupees(toPaise(pack.price)) })}
        </p>

        <div>
          <span id="sub-qty" className="block text-sm font-semibold">
            {t('Quantity')}
          </span>
          <div className="mt-2 flex items-center gap-3" role="group" aria-labelledby="sub-qty">
            <QuantityStepper value={quantity} onChange={setQuantity} />
          </div>
        </div>

        <fieldset>
          <legend className="text-sm font-semibold">{t('How often')}</legend>
          <div className="mt-2 grid grid-cols-2 gap-2" role="radiogroup" aria-label={t('How often')}>
            {KINDS.map((k) => (
              <label
                key={k.kind}
                className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm ${kind === k.kind ? 'border-[var(--color-primary)] ring-1 ring-[var(--color-primary)]' : ''}`}
              >
                <input type="radio" name="schedule" checked={kind === k.kind} onChange={() => setKind(k.kind)} />
                {t(k.label)}
              </label>
            ))}
          </div>
          {kind === 'weekdays' && (
            <div className="mt-3 flex flex-wrap gap-1.5" role="group" aria-label={t('Weekdays')}>
              {WEEKDAYS_SHORT.map((d, i) => (
                <button
                  key={d}
                  type="button"
                  aria-pressed={weekdays.includes(i)}
                  aria-label={t(WEEKDAYS[i]!)}
                  onClick={() => setWeekdays((w) => (w.includes(i) ? w.filter((x) => x !== i) : [...w, i]))}
                  className={chip(weekdays.includes(i))}
                >
                  {t(d)}
                </button>
              ))}
            </div>
          )}
          {kind === 'every_n' && (
            <label className="mt-3 flex items-center gap-2 text-sm">
              {t('Every')}
              <input
                inputMode="numeric"
                value={everyDays}
                onInput={(e) => setEveryDays((e.target as HTMLInputElement).value)}
                aria-label={t('Every how many days')}
                className="h-11 w-16 rounded-lg border border-gray-300 px-2 text-center"
              />
              {t('days')}
            </label>
          )}
        </fieldset>

        <div>
          <label htmlFor="sub-start" className="block text-sm font-semibold">
            {t('Start on')}
          </label>
          <input
            id="sub-start"
            type="date"
            min={firstDate}
            value={start}
            onInput={(e) => setStart((e.target as HTMLInputElement).value)}
            aria-describedby="sub-start-hint"
            className="mt-1 h-11 w-full max-w-xs rounded-lg border border-gray-300 px-3"
          />
          <p id="sub-start-hint" className="mt-1 text-xs text-gray-500">
            {cutoffRule(cutoff)}
          </p>
        </div>

        <fieldset>
          <legend className="text-sm font-semibold">{t('Deliver to')}</legend>
          {addresses.isPending ? (
            <Spinner size={18} />
          ) : list.length === 0 ? (
            <p className="mt-1 text-sm text-gray-600">{t('Add the address we should deliver to.')}</p>
          ) : (
            <div className="mt-2 space-y-2" role="radiogroup" aria-label={t('Delivery address')}>
              {list.map((a) => (
                <label
                  key={a.id}
                  className={`flex cursor-pointer items-start gap-2 rounded-lg border p-3 text-sm ${address?.id === a.id ? 'border-[var(--color-primary)] ring-1 ring-[var(--color-primary)]' : ''}`}
                >
                  <input
                    type="radio"
                    name="sub-address"
                    checked={address?.id === a.id}
                    onChange={() => setAddressId(a.id)}
                    className="mt-1"
                  />
                  <span>
                    <span className="block font-medium">{a.name}</span>
                    <span className="block text-gray-600">
                      {a.line1}, {a.line2}, {a.city} {a.pincode}
                    </span>
                    {!a.serviceable && (
                      <span className="block text-xs text-red-700">{a.delivery_message || t('Not delivered to yet')}</span>
                    )}
                  </span>
                </label>
              ))}
            </div>
          )}
          <button
            type="button"
            onClick={() => setAdding(true)}
            className="mt-2 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-[var(--color-primary)]"
          >
            <Plus size={16} aria-hidden="true" /> {t('Add a new address')}
          </button>
        </fieldset>

        {address?.serviceable && (
          <fieldset>
            <legend className="text-sm font-semibold">{t('Morning slot')}</legend>
            {slots.isPending ? (
              <Spinner size={18} />
            ) : slotChoices.length === 0 ? (
              <p className="mt-1 text-sm text-gray-600">{t("Delivered with the day's first round.")}</p>
            ) : (
              <div className="mt-2 flex flex-wrap gap-2" role="radiogroup" aria-label={t('Delivery slot')}>
                {slotChoices.map((s) => (
                  <label
                    key={s.slot_id}
                    className={`flex min-h-11 cursor-pointer items-center rounded-lg border px-3 text-sm ${slot?.slot_id === s.slot_id ? 'border-[var(--color-primary)] font-semibold ring-1 ring-[var(--color-primary)]' : ''}`}
                  >
                    <input
                      type="radio"
                      name="sub-slot"
                      className="sr-only"
                      checked={slot?.slot_id === s.slot_id}
                      onChange={() => setSlotId(s.slot_id)}
                    />
                    {slotWindow(s.start_time, s.end_time)}
                  </label>
                ))}
              </div>
            )}
          </fieldset>
        )}

        <div className="space-y-1 rounded-lg bg-gray-50 p-3 text-sm">
          <dl className="space-y-1">
            <div className="flex justify-between">
              <dt>{t('Price per delivery')}</dt>
              <dd className="font-semibold tabular-nums" data-testid="sub-per-delivery">
                {rupees(perDelivery)}
              </dd>
            </div>
            <div className="flex justify-between">
              <dt>{t('Wallet balance')}</dt>
              <dd className="tabular-nums">{wallet.isPending ? '…' : rupees(balance)}</dd>
            </div>
          </dl>
          {!wallet.isPending && (
            <p className={`pt-1 text-xs ${covers < LOW_DELIVERIES ? 'text-amber-800' : 'text-gray-600'}`}>
              {covers === 0
                ? t('Each delivery is paid from your wallet the evening before. Add money before the first one.')
                : t(
                    'Enough for {count, plural, one {# delivery} other {# deliveries}}; each is paid from your wallet the evening before.',
                    {
                      count: covers,
                    },
                  )}{' '}
              {covers < LOW_DELIVERIES && (
                <Link to="/account/wallet" className="font-semibold text-[var(--color-primary)] underline">
                  {t('Add money')}
                </Link>
              )}
            </p>
          )}
        </div>

        {problem && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {problem}
          </p>
        )}
        <button
          type="submit"
          disabled={busy}
          className="flex h-12 w-full items-center justify-center rounded-lg bg-[var(--color-primary)] px-6 font-semibold text-white hover:brightness-90 disabled:opacity-50"
        >
          {busy ? <Spinner size={18} className="text-white" /> : t('Subscribe · {price} per delivery', { price: rupees(perDelivery) })}
        </button>
      </form>
      {/* outside the form: the address form is a form of its own */}
      {adding &&
        addressForm({
          first: list.length === 0,
          onClose: () => setAdding(false),
          onSaved: async (a) => {
            setAdding(false);
            await client.invalidateQueries({ queryKey: ['addresses'] });
            setAddressId(a.id);
          },
        })}
    </>
  );
}
