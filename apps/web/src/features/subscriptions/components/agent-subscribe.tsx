import { toPaise } from '@grocer/shared/money';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Spinner } from '../../../components/ui/loading';
import type { AddressFormSlot } from '../../../lib/address-form-slot';
import { ApiError } from '../../../lib/api';
import { readError } from '../../../lib/errors';
import { t } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { customerAddressesQuery, offerQuery, subscribableSearch, subscriptionsApiOf, type SubscriptionOwner } from '../api';
import { cutoffRule, dayWords, refusalWords, rupees } from '../words';
import { QuantityStepper } from './quantity-stepper';
import { AddressChoices, FieldError, ScheduleFields, SlotField, useMorningSlots, useScheduleChoice } from './subscribe-fields';

/** The form's fields a refusal can name. */
type Field = 'pack' | 'quantity' | 'schedule' | 'start' | 'address' | 'slot';
type Problems = Partial<Record<Field | 'form', string>>;

/** The request's fields (a validation refusal's keys, `schedule.weekdays` too) → the form's. */
const FIELDS: Record<string, Field> = {
  pack_id: 'pack',
  quantity: 'quantity',
  schedule: 'schedule',
  start_date: 'start',
  address_id: 'address',
  slot_id: 'slot',
};
/** The server's refusals of a new subscription that concern one field. */
const CODE_FIELDS: Partial<Record<string, Field>> = {
  SUBSCRIPTION_PACK_NOT_SUBSCRIBABLE: 'pack',
  PACK_NOT_FOUND: 'pack',
  SUBSCRIPTION_CUTOFF_PASSED: 'start',
  ADDRESS_NOT_FOUND: 'address',
  SUBSCRIPTION_NOT_DELIVERABLE: 'address',
  SUBSCRIPTION_SLOT_INVALID: 'slot',
};

/** A refusal, placed under the field it concerns (the form's foot when none). */
export function problemsOf(e: unknown): Problems {
  if (e instanceof ApiError) {
    const out: Problems = {};
    for (const [key, messages] of Object.entries(e.fieldErrors)) {
      const f = FIELDS[key.split('.')[0]!];
      if (f && messages[0] && !out[f]) out[f] = messages[0];
    }
    if (Object.keys(out).length) return out;
    const f = e.code && CODE_FIELDS[e.code];
    if (f) return { [f]: refusalWords(readError(e)) };
  }
  return { form: refusalWords(readError(e)) };
}

interface PickedPack {
  pack_id: number;
  name: string;
  price_paise: number;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;
const input = 'mt-1 h-11 w-full max-w-md rounded-lg border border-gray-300 px-3';

/**
 * "Subscribe {first name}" on a sales agent's view of a customer's subscriptions (issue 44): the
 * agent finds a pack the shop offers on subscription (the catalogue's search, kept to the offer's
 * packs), and chooses the quantity, the schedule, the start date, one of the customer's addresses
 * and the morning slot of its pincode, as the shopper's Subscribe sheet does; the subscription is
 * the customer's (POST /agent/customers/{id}/subscriptions), paid from their wallet. A customer
 * with no address the shop delivers to gets one from the agent, through the account's address form
 * (`addressForm`, handed by the route). Loaded with the agent's page only.
 */
export default function AgentSubscribe({
  owner,
  addressForm,
}: {
  owner: SubscriptionOwner & { customer: { id: number; name: string } };
  addressForm?: AddressFormSlot;
}) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const first = firstName(owner.customer.name);
  return (
    <section aria-label={t('Subscribe {name}', { name: first })} className="space-y-3">
      {done && (
        <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800">
          {done}
        </p>
      )}
      {open ? (
        <div className="rounded-xl border bg-white">
          <h2 className="border-b px-4 py-3 font-semibold">{t('Subscribe {name}', { name: first })}</h2>
          <SubscribeCustomerForm
            owner={owner}
            first={first}
            addressForm={addressForm}
            onCancel={() => setOpen(false)}
            onDone={(words) => {
              setDone(words);
              setOpen(false);
            }}
          />
        </div>
      ) : (
        <button
          type="button"
          onClick={() => {
            setDone(null);
            setOpen(true);
          }}
          className="inline-flex h-11 items-center gap-1.5 rounded-lg border-2 border-[var(--color-primary)] px-4 text-sm font-semibold text-[var(--color-primary)] hover:bg-[var(--color-primary)]/10"
        >
          <CalendarClock size={16} aria-hidden="true" /> {t('Subscribe {name}', { name: first })}
        </button>
      )}
    </section>
  );
}

function SubscribeCustomerForm({
  owner,
  first,
  addressForm,
  onCancel,
  onDone,
}: {
  owner: SubscriptionOwner & { customer: { id: number; name: string } };
  first: string;
  addressForm?: AddressFormSlot;
  onCancel: () => void;
  onDone: (words: string) => void;
}) {
  const client = useQueryClient();
  const offer = useQuery(offerQuery);
  const addresses = useQuery(customerAddressesQuery(owner.customer.id));
  const [q, setQ] = useState('');
  const [pack, setPack] = useState<PickedPack | null>(null);
  const [quantity, setQuantity] = useState(1);
  const choice = useScheduleChoice();
  const [start, setStart] = useState<string | null>(null);
  const [addressId, setAddressId] = useState<number | null>(null);
  const [slotId, setSlotId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const clear = (f: Field) => setProblems((p) => (p[f] || p.form ? { ...p, [f]: undefined, form: undefined } : p));
  // a new schedule answers the schedule's refusal
  useEffect(() => clear('schedule'), [choice.kind, choice.weekdays, choice.everyDays]);

  const term = q.trim();
  const found = useQuery({
    queryKey: ['subscriptions', 'subscribable-search', term],
    queryFn: ({ signal }) => subscribableSearch(term, signal),
    enabled: term.length >= 2 && !!offer.data?.pack_ids.length,
    staleTime: 60_000,
  });
  const list = addresses.data?.data ?? [];
  const address = list.find((a) => a.id === addressId) ?? list.find((a) => a.is_default) ?? list[0] ?? null;
  const slots = useMorningSlots(address?.serviceable ? address.pincode : null);
  const slot = slots.choices.find((s) => s.slot_id === slotId) ?? slots.choices[0] ?? null;

  if (offer.isPending) return <Spinner size={20} />;
  if (offer.error) return <p className="p-4 text-sm text-red-700">{readError(offer.error)}</p>;
  const { pack_ids: offered, first_date: firstDate, cutoff_time: cutoff } = offer.data;
  const startDate = start ?? firstDate;
  const results = (found.data?.data ?? []).flatMap((p) =>
    p.packs
      .filter((k) => offered.includes(k.pack_id))
      .map((k) => ({ pack_id: k.pack_id, name: `${p.product_name} ${k.pack_name}`, price_paise: toPaise(k.price) })),
  );
  const perDelivery = pack ? quantity * pack.price_paise : 0;

  const submit = async () => {
    const schedule = choice.schedule;
    const local: Problems = {};
    if (!pack) local.pack = t('Choose the pack to deliver.');
    if ('problem' in schedule) local.schedule = schedule.problem;
    if (!startDate || startDate < firstDate) local.start = t('The first delivery can be on {date} at the earliest.', { date: firstDate });
    if (!address) local.address = t('{name} has no saved address yet.', { name: first });
    else if (!address.serviceable)
      local.address = address.delivery_message || t('We do not deliver to this address yet. Choose another address.');
    if (Object.keys(local).length || !pack || !address || 'problem' in schedule) return setProblems(local);
    setBusy(true);
    setProblems({});
    try {
      const sub = await subscriptionsApiOf(owner).create({
        pack_id: pack.pack_id,
        quantity,
        schedule,
        start_date: startDate,
        address_id: address.id,
        slot_id: slot?.slot_id ?? null,
      });
      await client.invalidateQueries({ queryKey: [...owner.key] });
      const name = `${sub.product_name} ${sub.pack_name}`;
      toast.success(t('Subscribed to {name}', { name }));
      onDone(
        t('{customer} is subscribed to {name}; the first delivery is on {date}.', {
          customer: first,
          name,
          date: dayWords(sub.start_date),
        }),
      );
    } catch (e) {
      setProblems(problemsOf(e));
      setBusy(false);
    }
  };

  return (
    <form
      className="space-y-5 p-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <fieldset>
        <legend className="text-sm font-semibold">{t('Pack')}</legend>
        {offered.length === 0 ? (
          <p className="mt-1 text-sm text-gray-600">{t('The shop offers no pack on subscription yet.')}</p>
        ) : (
          <>
            <label className="mt-1 block text-sm">
              {t('Find a pack on subscription')}
              <input type="search" value={q} onInput={(e) => setQ((e.target as HTMLInputElement).value)} className={`block ${input}`} />
            </label>
            {found.isFetching && <Spinner size={16} />}
            {term.length >= 2 && found.data && results.length === 0 && (
              <p className="mt-2 text-sm text-gray-600">{t('No pack on subscription matches "{words}".', { words: term })}</p>
            )}
            {term.length >= 2 && results.length > 0 && (
              <div className="mt-2 space-y-1.5" role="radiogroup" aria-label={t('Packs on subscription')}>
                {results.map((k) => (
                  <label
                    key={k.pack_id}
                    className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm ${pack?.pack_id === k.pack_id ? 'border-[var(--color-primary)] ring-1 ring-[var(--color-primary)]' : ''}`}
                  >
                    <input
                      type="radio"
                      name="agent-sub-pack"
                      checked={pack?.pack_id === k.pack_id}
                      onChange={() => {
                        setPack(k);
                        clear('pack');
                      }}
                    />
                    <span>
                      {k.name} · <span className="tabular-nums">{t('{price} each', { price: rupees(k.price_paise) })}</span>
                    </span>
                  </label>
                ))}
              </div>
            )}
          </>
        )}
        {pack && (
          <p className="mt-2 text-sm" data-testid="agent-sub-pack">
            <span className="font-semibold">{pack.name}</span> · {t('{price} each', { price: rupees(pack.price_paise) })}
          </p>
        )}
        {problems.pack && <FieldError id="agent-sub-pack-error">{problems.pack}</FieldError>}
      </fieldset>

      <div>
        <span id="agent-sub-qty" className="block text-sm font-semibold">
          {t('Quantity')}
        </span>
        <div className="mt-2 flex items-center gap-3" role="group" aria-labelledby="agent-sub-qty">
          <QuantityStepper
            value={quantity}
            onChange={(n) => {
              setQuantity(n);
              clear('quantity');
            }}
          />
        </div>
        {problems.quantity && <FieldError id="agent-sub-qty-error">{problems.quantity}</FieldError>}
      </div>

      <ScheduleFields choice={choice} name="agent-sub-schedule" error={problems.schedule} />

      <div>
        <label htmlFor="agent-sub-start" className="block text-sm font-semibold">
          {t('Start on')}
        </label>
        <input
          id="agent-sub-start"
          type="date"
          min={firstDate}
          value={startDate}
          onInput={(e) => {
            setStart((e.target as HTMLInputElement).value);
            clear('start');
          }}
          aria-invalid={problems.start ? true : undefined}
          aria-describedby={problems.start ? 'agent-sub-start-error' : 'agent-sub-start-hint'}
          className="mt-1 h-11 w-full max-w-xs rounded-lg border border-gray-300 px-3"
        />
        <p id="agent-sub-start-hint" className="mt-1 text-xs text-gray-500">
          {cutoffRule(cutoff)}
        </p>
        {problems.start && <FieldError id="agent-sub-start-error">{problems.start}</FieldError>}
      </div>

      <fieldset>
        <legend className="text-sm font-semibold">{t('Deliver to')}</legend>
        {addresses.isPending ? (
          <Spinner size={18} />
        ) : addresses.error ? (
          <p className="mt-1 text-sm text-red-700">{readError(addresses.error)}</p>
        ) : list.length === 0 ? (
          <p className="mt-1 text-sm text-gray-600">{t('{name} has no saved address yet.', { name: first })}</p>
        ) : (
          <AddressChoices
            list={list}
            value={address?.id}
            name="agent-sub-address"
            onChange={(id) => {
              setAddressId(id);
              clear('address');
              clear('slot');
            }}
          />
        )}
        {problems.address && <FieldError id="agent-sub-address-error">{problems.address}</FieldError>}
        {addressForm && (
          <button
            type="button"
            onClick={() => setAdding(true)}
            className="mt-2 flex items-center gap-1 text-sm font-semibold text-[var(--color-primary)]"
          >
            <Plus size={16} aria-hidden="true" /> {t('Add an address for {name}', { name: owner.customer.name })}
          </button>
        )}
        {adding &&
          addressForm?.({
            customer: owner.customer,
            first: list.length === 0,
            onClose: () => setAdding(false),
            onSaved: async (a) => {
              await client.invalidateQueries({ queryKey: customerAddressesQuery(owner.customer.id).queryKey });
              setAddressId(a.id);
              clear('address');
              clear('slot');
            },
          })}
      </fieldset>

      {address?.serviceable && (
        <SlotField
          isPending={slots.isPending}
          choices={slots.choices}
          value={slot?.slot_id}
          name="agent-sub-slot"
          error={problems.slot}
          onChange={(id) => {
            setSlotId(id);
            clear('slot');
          }}
        />
      )}

      <div className="space-y-1 rounded-lg bg-gray-50 p-3 text-sm">
        <div className="flex justify-between">
          <span>{t('Price per delivery')}</span>
          <span className="font-semibold tabular-nums" data-testid="agent-sub-per-delivery">
            {rupees(perDelivery)}
          </span>
        </div>
        <p className="text-xs text-gray-600">{t("Deliveries are paid from the customer's wallet.")}</p>
      </div>

      {problems.form && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {problems.form}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          disabled={busy}
          className="flex h-12 items-center justify-center rounded-lg bg-[var(--color-primary)] px-6 font-semibold text-white hover:brightness-90 disabled:opacity-50"
        >
          {busy ? <Spinner size={18} className="text-white" /> : t('Subscribe {name}', { name: first })}
        </button>
        <button type="button" onClick={onCancel} className="h-12 rounded-lg border px-6 font-medium hover:bg-gray-50">
          {t('Cancel')}
        </button>
      </div>
    </form>
  );
}
