import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@grocer/shared/api-client';
import { depositInputSchema, type DepositInput, type Handover } from '@grocer/shared/delivery-trips';
import { formatINR, toRupees } from '@grocer/shared/money';
import { shopDayOf } from '@grocer/shared/shop-time';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-message';
import { useRecordDeposit } from '../api/handovers';
import { t } from '../../../lib/i18n';

const money = (paise: number) => formatINR(toRupees(paise));
const button = 'rounded-md px-4 py-2 text-sm font-medium disabled:opacity-50';

type FormIn = z.input<typeof depositInputSchema>;

/**
 * Administration → Rider cash → Cash to take to the bank (issue 45 item 4): the handovers counted
 * and not deposited yet; the order manager ticks those taken to the bank and records the deposit
 * (the day, the bank's reference, the amount: the ticked handovers' counted cash, editable, which
 * the server checks). `canDeposit` false: the list only (the accountant, the delivery manager).
 */
export function BankDeposit({ done, canDeposit }: { done: Handover[]; canDeposit: boolean }) {
  const open = done.filter((h) => h.deposit_id === null);
  const record = useRecordDeposit();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, formState, setError, setValue, watch, reset } = useForm<FormIn, unknown, DepositInput>({
    resolver: zodResolver(depositInputSchema),
    defaultValues: { handover_ids: [], deposited_on: shopDayOf(), bank_reference: '', amount: 0 },
  });
  const errors = formState.errors;
  const chosen = watch('handover_ids');
  const toggle = (id: number, on: boolean) => {
    const next = on ? [...chosen, id] : chosen.filter((x) => x !== id);
    setValue('handover_ids', next, { shouldValidate: formState.isSubmitted });
    const sum = open.filter((h) => next.includes(h.id)).reduce((s, h) => s + h.counted, 0);
    setValue('amount', toRupees(sum));
  };
  const submit = handleSubmit(
    async (body) => {
      setOutcome(null);
      try {
        const d = await record.mutateAsync(body);
        reset({ handover_ids: [], deposited_on: body.deposited_on, bank_reference: '', amount: 0 });
        setOutcome({ ok: true, text: `Deposit recorded: ${money(d.amount)}, reference ${d.bank_reference}.` });
      } catch (e) {
        if (e instanceof ApiError)
          for (const [wire, messages] of Object.entries(e.fieldErrors))
            if (messages[0] && wire in body) setError(wire as keyof DepositInput, { type: 'server', message: messages[0] });
        setOutcome({ ok: false, text: `Not recorded: ${errorMessage(e)}` });
      }
    },
    () => setOutcome({ ok: false, text: 'Not recorded: please correct the fields marked below.' }),
  );
  const total = open.reduce((s, h) => s + h.counted, 0);
  return (
    <Card title={t('Cash to take to the bank ({open})', { open: open.length })}>
      {open.length === 0 ? (
        <p className="text-sm text-gray-600">{t('Every counted handover is deposited.')}</p>
      ) : (
        <form onSubmit={submit} noValidate aria-label={t('Record bank deposit')} className="space-y-4">
          <p className="text-sm text-gray-600">
            {t('Counted and not deposited: {total}.', { total: money(total) })}
            {canDeposit ? t(' Tick the handovers you took to the bank.') : ''}
          </p>
          <ul className="divide-y text-sm">
            {open.map((h) => (
              <li key={h.id} className="flex flex-wrap items-center gap-x-4 py-2">
                <label className="flex min-w-64 flex-1 items-center gap-3">
                  {canDeposit && (
                    <input
                      type="checkbox"
                      className="h-4 w-4"
                      checked={chosen.includes(h.id)}
                      onChange={(e) => toggle(h.id, e.target.checked)}
                      aria-label={t('Deposit {value} · {label} ({counted})', {
                        value: h.rider?.name ?? t('no rider'),
                        label: h.label,
                        counted: money(h.counted),
                      })}
                    />
                  )}
                  <span>
                    <span className="font-medium">
                      {h.rider?.name ?? t('No rider')} · {h.label}
                    </span>
                    <span className="block text-xs text-gray-500">
                      {t('{date} · counted by', { date: h.date })} {h.received_by || '—'}
                    </span>
                  </span>
                </label>
                <span className="tabular-nums font-medium">{money(h.counted)}</span>
              </li>
            ))}
          </ul>
          {errors.handover_ids?.message && (
            <p role="alert" className="text-sm text-red-700">
              {errors.handover_ids.message}
            </p>
          )}
          {canDeposit && (
            <div className="grid gap-4 sm:grid-cols-3">
              <Field label={t('Deposited on')} error={errors.deposited_on?.message}>
                {(a) => <input {...a} {...register('deposited_on')} type="date" className={inputClass} />}
              </Field>
              <Field label={t('Bank reference')} error={errors.bank_reference?.message} hint={t('The slip or transaction number')}>
                {(a) => <input {...a} {...register('bank_reference')} maxLength={80} className={inputClass} />}
              </Field>
              <Field label={t('Amount (₹)')} error={errors.amount?.message} hint={t("The ticked handovers' counted cash")}>
                {(a) => (
                  <input
                    {...a}
                    {...register('amount', { valueAsNumber: true })}
                    type="number"
                    min={0}
                    step="0.01"
                    inputMode="decimal"
                    className={inputClass}
                  />
                )}
              </Field>
              <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
                <button type="submit" disabled={formState.isSubmitting} className={`${button} bg-brand text-white hover:opacity-90`}>
                  {t('Record bank deposit')}
                </button>
                {outcome && (
                  <p role={outcome.ok ? 'status' : 'alert'} className={`text-sm ${outcome.ok ? 'text-green-800' : 'text-red-700'}`}>
                    {outcome.text}
                  </p>
                )}
              </div>
            </div>
          )}
        </form>
      )}
      {open.length === 0 && outcome?.ok && (
        <p role="status" className="mt-2 text-sm text-green-800">
          {outcome.text}
        </p>
      )}
    </Card>
  );
}
