import { ADDRESS_TYPES, INDIAN_STATES, type Address } from '@grocer/shared/account';
import type { Init } from '@grocer/shared/storefront';
import { mobileRule, pincodeRule, type FieldRule } from '@grocer/shared/validation';
import { stateOfPincode } from '@grocer/shared/pincode-state';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX, MapPin, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ui/dialogs';
import { Field, FormError, inputClass, SubmitButton, useForm } from '../../../components/ui/form';
import { LoadingOverlay, Spinner } from '../../../components/ui/loading';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api';
import { handleError, readError } from '../../../lib/errors';
import { useInit } from '../../../lib/init';
import { accountApi, accountQuery, addressesQuery } from '../api/account';
import { t } from '../../../lib/i18n';
import { ADDRESS_TYPES as TYPE_WORDS } from '../../../locales/later-words';

type FormValues = {
  name: string;
  phone: string;
  pincode: string;
  line1: string;
  line2: string;
  landmark: string;
  city: string;
  state: string;
  type: (typeof ADDRESS_TYPES)[number];
  is_default: boolean;
};
const rules: Partial<Record<keyof FormValues, FieldRule>> = {
  name: { label: 'Full name', required: true },
  phone: mobileRule,
  pincode: pincodeRule,
  line1: { label: 'House / flat / building', required: true },
  line2: { label: 'Street / area', required: true },
  city: { label: 'City', required: true },
  state: { label: 'State', required: true },
};
const empty: FormValues = {
  name: '',
  phone: '',
  pincode: '',
  line1: '',
  line2: '',
  landmark: '',
  city: '',
  state: '',
  type: 'home',
  is_default: false,
};

/** A new address of the shopper's own starts with their name, mobile and the pincode they chose. */
export const ownPrefill = (init: Pick<Init, 'user' | 'pincode'>) => ({
  name: init.user?.name ?? '',
  phone: init.user?.phone ?? '',
  pincode: init.pincode ?? '',
});

/** /account/addresses: list, add, edit, delete, set default; whether the shop delivers there. */
export function AddressesPage() {
  const init = useInit();
  const client = useQueryClient();
  const { data, error, isPending } = useQuery(addressesQuery);
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: addressesQuery.queryKey }),
      client.invalidateQueries({ queryKey: accountQuery.queryKey }),
    ]);
  if (isPending) return <LoadingOverlay />;
  if (error) return <p className="text-red-600">{readError(error)}</p>;

  const act = async (id: number, call: () => Promise<unknown>, done: string) => {
    setBusy(id);
    try {
      await call();
      await refresh();
      toast.success(done);
    } catch (e) {
      handleError(e);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('Addresses')}</h1>
        <button
          type="button"
          onClick={() => setEditing('new')}
          className="flex items-center gap-1.5 rounded-lg bg-[var(--color-primary)] px-3 py-2 text-sm font-semibold text-white"
        >
          <Plus size={16} aria-hidden="true" /> {t('Add address')}
        </button>
      </div>
      {data.data.length === 0 ? (
        <div className="rounded-xl border border-dashed bg-white p-8 text-center text-gray-600">
          <MapPin className="mx-auto mb-2 text-gray-300" size={40} aria-hidden="true" />
          <p>{t('No saved addresses yet. Add one to check out faster.')}</p>
        </div>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {data.data.map((a) => (
            <li key={a.id} className="flex flex-col rounded-xl border bg-white p-4" data-testid="address-card">
              <div className="mb-1 flex items-center gap-2">
                <span className="font-semibold">{a.name}</span>
                <span className="rounded bg-gray-100 px-1.5 py-0.5 text-xs capitalize">{t(TYPE_WORDS[a.type] ?? a.type)}</span>
                {a.is_default && (
                  <span className="rounded bg-[var(--color-primary)] px-1.5 py-0.5 text-xs font-semibold text-white">{t('Default')}</span>
                )}
              </div>
              <p className="text-sm text-gray-700">
                {a.line1}, {a.line2}
                {a.landmark ? `, ${a.landmark}` : ''}
                <br />
                {a.city}, {a.state} {a.pincode}
                <br />
                {t('Mobile: {phone}', { phone: a.phone })}
              </p>
              <p className={`mt-2 flex items-center gap-1 text-xs ${a.serviceable ? 'text-emerald-700' : 'text-amber-700'}`}>
                {a.serviceable ? <CircleCheck size={14} aria-hidden="true" /> : <CircleX size={14} aria-hidden="true" />}
                {a.delivery_message}
              </p>
              <div className="mt-3 flex flex-wrap gap-2 border-t pt-3 text-sm">
                <button
                  type="button"
                  onClick={() => setEditing(a)}
                  className="flex items-center gap-1 rounded px-2 py-1 hover:bg-gray-100"
                  aria-label={t('Edit address of {name}, {line}', { name: a.name, line: a.line1 })}
                >
                  <Pencil size={14} aria-hidden="true" /> {t('Edit')}
                </button>
                <button
                  type="button"
                  onClick={() => setDeleting(a)}
                  className="flex items-center gap-1 rounded px-2 py-1 text-red-600 hover:bg-red-50"
                  aria-label={t('Delete address of {name}, {line}', { name: a.name, line: a.line1 })}
                >
                  <Trash2 size={14} aria-hidden="true" /> {t('Delete')}
                </button>
                {!a.is_default && (
                  <button
                    type="button"
                    onClick={() => act(a.id, () => accountApi.setDefault(a.id), t('Default address changed'))}
                    className="ml-auto rounded px-2 py-1 font-medium text-[var(--color-primary)] hover:bg-gray-100"
                  >
                    {busy === a.id ? <Spinner size={14} /> : t('Set as default')}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <AddressForm
          address={editing === 'new' ? null : editing}
          prefill={ownPrefill(init)}
          first={data?.data.length === 0}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        danger
        title={t('Delete address')}
        message={deleting ? t('Delete the address at {line}, {city}?', { line: deleting.line1, city: deleting.city }) : ''}
        confirmLabel={t('Delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const a = deleting!;
          setDeleting(null);
          void act(a.id, () => accountApi.deleteAddress(a.id), t('Address deleted'));
        }}
      />
    </div>
  );
}

/**
 * Add or edit, in a modal; 422 field errors from the server land at their fields. With `customer`,
 * a sales agent adds an address to that customer's book (the checkout and subscribe forms for them).
 */
export function AddressForm({
  address,
  prefill,
  first = false,
  customer,
  onClose,
  onSaved,
}: {
  address: Address | null;
  customer?: { id: number; name: string };
  /** a new address starts from these (the shopper's own name, mobile and chosen pincode) */
  prefill?: Partial<Pick<FormValues, 'name' | 'phone' | 'pincode'>>;
  /** the shopper has no address yet: this one is their default unless they untick it (or the shop does not deliver there) */
  first?: boolean;
  onClose: () => void;
  onSaved: (a: Address) => unknown;
}) {
  const form = useForm<FormValues>(
    address
      ? { ...address, landmark: address.landmark ?? '' }
      : // an agent's customer's address starts with the customer's name
        {
          ...empty,
          ...(customer && { name: customer.name }),
          ...prefill,
          state: stateOfPincode(prefill?.pincode ?? '') ?? '',
          is_default: first,
        },
    rules,
  );
  // the pincode names the state (where its digits belong to one): filled as it is typed, never over a choice
  const setPincode = (pincode: string) => {
    const before = stateOfPincode(form.values.pincode);
    form.set('pincode', pincode);
    const state = stateOfPincode(pincode);
    if (state && (!form.values.state || form.values.state === before)) form.set('state', state);
  };
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (v) => {
    setBusy(true);
    setError(null);
    try {
      const body = { ...v, state: v.state as (typeof INDIAN_STATES)[number], landmark: v.landmark || null };
      const saved = address
        ? await accountApi.updateAddress(address.id, body)
        : customer
          ? await accountApi.addCustomerAddress(customer.id, body)
          : await accountApi.addAddress(body);
      await onSaved(saved);
      toast.success(address ? t('Address updated') : t('Address added'));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length) form.setServerErrors(err.fieldErrors);
      else setError(readError(err));
      setBusy(false);
    }
  });
  const text = (key: keyof FormValues, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <Field label={label} error={form.errors[key]} required={!!rules[key]?.required}>
      {(p) => (
        <input
          {...p}
          {...props}
          value={String(form.values[key])}
          onChange={(e) => form.set(key, e.target.value as never)}
          className={inputClass}
        />
      )}
    </Field>
  );
  return (
    <Modal
      open
      onClose={onClose}
      title={address ? t('Edit address') : customer ? t('Add an address for {name}', { name: customer.name }) : t('Add address')}
      width={560}
    >
      <form onSubmit={submit} noValidate>
        <div className="grid gap-x-3 sm:grid-cols-2">
          {text('name', t('Full name'), { autoComplete: 'name' })}
          {text('phone', t('Mobile'), { type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national' })}
        </div>
        {text('line1', t('House / flat / building'), { autoComplete: 'address-line1' })}
        {text('line2', t('Street / area'), { autoComplete: 'address-line2' })}
        {text('landmark', t('Landmark'))}
        <div className="grid gap-x-3 sm:grid-cols-2">
          <Field label={t('Pincode')} error={form.errors.pincode} required>
            {(p) => (
              <input
                {...p}
                value={form.values.pincode}
                onChange={(e) => setPincode(e.target.value)}
                inputMode="numeric"
                maxLength={6}
                autoComplete="postal-code"
                className={inputClass}
              />
            )}
          </Field>
          {text('city', t('City'), { autoComplete: 'address-level2' })}
        </div>
        {/* the phone's own picker: a list that opens whole on any screen (a popover list opened clipped on phones) */}
        <Field label={t('State')} error={form.errors.state} required>
          {(p) => (
            <select
              {...p}
              value={form.values.state}
              onChange={(e) => form.set('state', e.target.value)}
              autoComplete="address-level1"
              className={inputClass}
            >
              <option value="">{t('Choose a state')}</option>
              {INDIAN_STATES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </Field>
        <fieldset className="mb-3">
          <legend className="mb-1 text-sm font-medium">{t('Address type')}</legend>
          <div className="flex gap-2">
            {ADDRESS_TYPES.map((type) => (
              <label
                key={type}
                className={`cursor-pointer rounded-lg border px-3 py-1.5 text-sm capitalize ${form.values.type === type ? 'border-[var(--color-primary)] bg-[var(--color-primary)]/10 font-semibold' : ''}`}
              >
                <input
                  type="radio"
                  name="address-type"
                  value={type}
                  checked={form.values.type === type}
                  onChange={() => form.set('type', type)}
                  className="sr-only"
                />
                {t(TYPE_WORDS[type] ?? type)}
              </label>
            ))}
          </div>
        </fieldset>
        {!address?.is_default && (
          <label className="mb-3 flex items-center gap-2 text-sm">
            <input type="checkbox" checked={form.values.is_default} onChange={(e) => form.set('is_default', e.target.checked)} />{' '}
            {t('Make this my default address')}
          </label>
        )}
        <FormError message={error} className="mb-2" />
        <SubmitButton busy={busy} className="">
          {t('Save address')}
        </SubmitButton>
      </form>
    </Modal>
  );
}
