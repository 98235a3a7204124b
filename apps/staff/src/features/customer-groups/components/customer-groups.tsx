import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@grocer/shared/api-client';
import { counted } from '@grocer/shared/labels';
import { formatINR, toPaise, toRupees } from '@grocer/shared/money';
import { customerGroupInputSchema, groupMemberInputSchema, type CustomerGroup } from '@grocer/shared/price-lists';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { LeaveGuard } from '../../../components/ui/leave-guard';
import { LoadingView } from '../../../components/ui/loading';
import { PackPicker } from '../../../components/ui/pack-picker';
import { contractForm } from '../../../lib/contract-form';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { useAddMember, useCreateGroup, useCustomerGroups, useGroupPacks, useRemoveMember, useSavePrices } from '../api/customer-groups';
import { t } from '../../../lib/i18n';

const inr = (paise: number) => formatINR(toRupees(paise));
type CustomerGroupInput = z.input<typeof customerGroupInputSchema>;
type GroupMemberInput = z.input<typeof groupMemberInputSchema>;

/** The server's refusal, shown at the form's one field: its first field error, else its message. */
const fieldError = (e: unknown) => (e instanceof ApiError ? Object.values(e.fieldErrors).flat()[0] : undefined) ?? errorMessage(e);

/**
 * The new group form's schema (for react-hook-form's zod resolver): the name as typed is the API's
 * body, checked by the shared contract (its message shown at the field) and sent as typed (the
 * server trims it).
 */
const groupFormSchema = contractForm(z.object({ name: z.string() }), (f): CustomerGroupInput => f, customerGroupInputSchema, 'name');

/** The add-a-member form's schema: the mobile number or email as typed, checked by the shared contract. */
const memberFormSchema = contractForm(z.object({ customer: z.string() }), (f): GroupMemberInput => f, groupMemberInputSchema, 'customer');

/** The shop's customer groups (e.g. Wholesale), with a form to add one. */
export function CustomerGroupList() {
  const list = useCustomerGroups();
  const create = useCreateGroup();
  const navigate = useNavigate();
  const { register, handleSubmit, formState, setError } = useForm<CustomerGroupInput>({
    resolver: zodResolver(groupFormSchema),
    defaultValues: { name: '' },
  });
  if (list.isPending) return <LoadingView />;
  if (list.error)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(list.error)}
      </p>
    );
  const submit = handleSubmit(async ({ name }) => {
    try {
      const g = await create.mutateAsync(name);
      toast.success(t('{name} created', { name: g.name }));
      void navigate(paths.customerGroup(g.id));
    } catch (err) {
      setError('name', { type: 'server', message: fieldError(err) });
    }
  });
  const groups = list.data.data;
  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-600">
        {t(
          'A signed-in member of a group pays its price list’s prices in the cart, at checkout and at the counter. A customer is in at most one group.',
        )}
      </p>
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3 rounded-lg border bg-white p-4">
        <Field label={t('New group')} error={formState.errors.name?.message} className="min-w-56 flex-1">
          {(a) => <input {...a} {...register('name')} placeholder={t('e.g. Wholesale')} className={inputClass} />}
        </Field>
        <button
          type="submit"
          disabled={formState.isSubmitting}
          className="rounded-md bg-gray-900 px-4 py-2 text-sm font-medium text-white disabled:opacity-50"
        >
          {t('Create group')}
        </button>
      </form>
      {groups.length === 0 ? (
        <p className="rounded-lg border bg-white p-8 text-center text-gray-600">{t('No customer groups yet.')}</p>
      ) : (
        <ul className="divide-y rounded-lg border bg-white" aria-label={t('Customer groups')}>
          {groups.map((g) => (
            <li key={g.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <Link to={paths.customerGroup(g.id)} className="font-semibold text-brand hover:underline">
                {g.name}
              </Link>
              <span className="text-sm text-gray-600">
                {counted(g.members, 'member')} · {counted(g.prices, 'price')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type PriceRow = { packId: number; label: string; listPricePaise: number; price: string; minQuantity: string };
const rowsOf = (g: CustomerGroup): PriceRow[] =>
  g.prices.map((p) => ({
    packId: p.packId,
    label: p.label,
    listPricePaise: p.listPricePaise,
    price: String(toRupees(p.pricePaise)),
    minQuantity: String(p.minQuantity),
  }));

/** One group: its members (added by mobile number or email) and its price list (saved as a whole). */
export function CustomerGroupEditor({ group }: { group: CustomerGroup }) {
  const add = useAddMember(group.id);
  const remove = useRemoveMember(group.id);
  const savePrices = useSavePrices(group.id);
  const member = useForm<GroupMemberInput>({ resolver: zodResolver(memberFormSchema), defaultValues: { customer: '' } });
  const [rows, setRows] = useState(() => rowsOf(group));
  const [savedRows, setSavedRows] = useState(rows);
  const [priceError, setPriceError] = useState<string>();
  const dirty = JSON.stringify(rows) !== JSON.stringify(savedRows);

  const addMember = member.handleSubmit(async ({ customer }) => {
    try {
      await add.mutateAsync(customer);
      toast.success(t('Customer added'));
      member.reset({ customer: '' });
    } catch (err) {
      member.setError('customer', { type: 'server', message: fieldError(err) });
    }
  });
  const save = () => {
    const entries = rows.map((r) => ({
      packId: r.packId,
      pricePaise: toPaise(Number(r.price)),
      minQuantity: Number(r.minQuantity || '1'),
    }));
    const bad = rows.find(
      (r) => !(Number(r.price) > 0) || !Number.isInteger(Number(r.minQuantity || '1')) || Number(r.minQuantity || '1') < 1,
    );
    if (bad) return setPriceError(`Give ${bad.label} a price above ₹0 and a whole minimum quantity`);
    setPriceError(undefined);
    savePrices.mutate(entries, {
      onSuccess: (g) => {
        const next = rowsOf(g);
        setRows(next);
        setSavedRows(next);
        toast.success(t('Price list saved'));
      },
      onError: (err) => setPriceError(fieldError(err)),
    });
  };
  const setRow = (i: number, patch: Partial<PriceRow>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  return (
    <div className="max-w-4xl">
      <LeaveGuard when={dirty && !savePrices.isPending} />
      <Link to={paths.customerGroups()} className="mb-3 inline-flex items-center gap-1 text-sm text-gray-600 hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> {t('Customer groups')}
      </Link>
      <h1 className="mb-6 text-2xl font-semibold">{group.name}</h1>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t('Members')}>
          <form onSubmit={addMember} noValidate className="flex items-end gap-2">
            <Field
              label={t('Add a customer')}
              error={member.formState.errors.customer?.message}
              hint={t('Their mobile number or email.')}
              className="flex-1"
            >
              {(a) => <input {...a} {...member.register('customer')} className={inputClass} />}
            </Field>
            <button
              type="submit"
              disabled={member.formState.isSubmitting}
              className="mb-5 rounded-md bg-gray-900 px-3 py-2 text-sm font-medium text-white disabled:opacity-50"
            >
              {t('Add')}
            </button>
          </form>
          <ul className="mt-3 divide-y text-sm" aria-label={t('Members')}>
            {group.members.length === 0 && <li className="py-2 text-gray-500">{t('No members yet.')}</li>}
            {group.members.map((m) => (
              <li key={m.id} className="flex items-center justify-between gap-2 py-2">
                <span>
                  {m.name}
                  <span className="block text-xs text-gray-500">{[m.phone, m.email].filter(Boolean).join(' · ')}</span>
                </span>
                <button
                  type="button"
                  onClick={() => remove.mutate(m.id, { onError: (err) => toast.error(errorMessage(err)) })}
                  className="text-xs text-red-700 hover:underline"
                >
                  {t('Remove')}
                  <span className="sr-only"> {m.name}</span>
                </button>
              </li>
            ))}
          </ul>
        </Card>
        <Card title={t('Price list')}>
          <PackPicker
            label={t('Add a pack')}
            useMatches={useGroupPacks}
            exclude={rows.map((r) => r.packId)}
            onPick={(p) =>
              setRows((rs) => [
                ...rs,
                { packId: p.id, label: p.label, listPricePaise: p.pricePaise, price: String(toRupees(p.pricePaise)), minQuantity: '1' },
              ])
            }
          />
          <ul className="mt-3 divide-y text-sm" aria-label={t('Prices')}>
            {rows.length === 0 && <li className="py-2 text-gray-500">{t('No prices yet: members pay the usual prices.')}</li>}
            {rows.map((r, i) => (
              <li key={r.packId} className="py-2">
                <div className="flex items-center justify-between gap-2">
                  <span className="font-medium">{r.label}</span>
                  <button
                    type="button"
                    onClick={() => setRows((rs) => rs.filter((x) => x.packId !== r.packId))}
                    className="text-xs text-red-700 hover:underline"
                  >
                    {t('Remove')}
                    <span className="sr-only"> {r.label}</span>
                  </button>
                </div>
                <div className="mt-1 grid grid-cols-3 items-end gap-2">
                  <label className="text-xs text-gray-600">
                    {t('Price (₹)')}
                    <input
                      type="number"
                      step="0.01"
                      min="0"
                      inputMode="decimal"
                      value={r.price}
                      onChange={(e) => setRow(i, { price: e.target.value })}
                      className={inputClass}
                    />
                  </label>
                  <label className="text-xs text-gray-600">
                    {t('From qty')}
                    <input
                      type="number"
                      step="1"
                      min="1"
                      inputMode="numeric"
                      value={r.minQuantity}
                      onChange={(e) => setRow(i, { minQuantity: e.target.value })}
                      className={inputClass}
                    />
                  </label>
                  <span className="pb-2 text-xs text-gray-500">{t('Usually {listPrice}', { listPrice: inr(r.listPricePaise) })}</span>
                </div>
              </li>
            ))}
          </ul>
          {priceError && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {priceError}
            </p>
          )}
          <button
            type="button"
            onClick={save}
            disabled={!dirty || savePrices.isPending}
            className="mt-4 rounded-md bg-gray-900 px-4 py-2 text-sm font-medium text-white disabled:opacity-50"
          >
            {savePrices.isPending ? t('Saving…') : t('Save price list')}
          </button>
        </Card>
      </div>
    </div>
  );
}
