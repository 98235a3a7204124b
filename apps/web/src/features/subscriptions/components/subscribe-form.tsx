import { toPaise } from '@grocer/shared/money';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Spinner } from '../../../components/ui/loading';
import { readError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { addressesQuery, subscriptionsApi, walletBalanceQuery } from '../api';
import { cutoffRule, refusalWords, rupees } from '../words';
import { QuantityStepper } from './quantity-stepper';
import { AddressChoices, ScheduleFields, SlotField, useMorningSlots, useScheduleChoice } from './subscribe-fields';
import type { SubscribeProps } from './subscribe-sheet';
import { t } from '../../../lib/i18n';

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
  const choice = useScheduleChoice();
  const { kind, weekdays, everyDays, schedule } = choice;
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
  const slots = useMorningSlots(address?.serviceable ? address.pincode : null);
  const slotChoices = slots.choices;
  const slot = slotChoices.find((s) => s.slot_id === slotId) ?? slotChoices[0] ?? null;
  useEffect(() => setProblem(null), [quantity, kind, weekdays, everyDays, start, addressId, slotId]);

  const perDelivery = quantity * toPaise(pack.price);
  const balance = wallet.data?.wallet?.status === 'open' ? wallet.data.wallet.balance_paise : 0;
  const covers = perDelivery > 0 ? Math.floor(balance / perDelivery) : 0;

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

        <ScheduleFields choice={choice} />

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
            <AddressChoices list={list} value={address?.id} onChange={setAddressId} />
          )}
          <button
            type="button"
            onClick={() => setAdding(true)}
            className="mt-2 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-[var(--color-primary)]"
          >
            <Plus size={16} aria-hidden="true" /> {t('Add a new address')}
          </button>
        </fieldset>

        {address?.serviceable && <SlotField isPending={slots.isPending} choices={slotChoices} value={slot?.slot_id} onChange={setSlotId} />}

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
