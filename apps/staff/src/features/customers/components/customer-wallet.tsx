import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@grocer/shared/api-client';
import { formatDateTime } from '@grocer/shared/format';
import { formatINR, toPaise, toRupees } from '@grocer/shared/money';
import {
  ENTRY_REASON_LABEL,
  goodwillSchema,
  khataLimitSchema,
  khataOpenSchema,
  khataPaymentSchema,
  khataSettingsSchema,
  type AccountWithEntries,
} from '@grocer/shared/wallet';
import { Fragment, useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Field, inputClass } from '../../../components/ui/field';
import { contractForm } from '../../../lib/contract-form';
import { errorMessage } from '../../../lib/error-message';
import { newKey, useCustomerAccounts, useKhataSettings, useStatement, useWalletMoves } from '../api/wallet';
import { t } from '../../../lib/i18n';

const button = 'rounded-md px-3 py-1.5 text-sm font-medium disabled:opacity-50';
const rupees = (paise: number) => formatINR(toRupees(paise));
/** Rupees as typed ("250", "99.50") to paise; NaN when not a positive amount. */
const typedPaise = (text: string) => (/^\d+(\.\d{1,2})?$/.test(text.trim()) ? toPaise(Number(text)) : NaN);
/** A field of rupees as typed: the amount above zero (or from zero), else the form's own words (the contract speaks paise). */
const rupeesField = (message: string, zero = false) => z.string().refine((s) => (zero ? typedPaise(s) >= 0 : typedPaise(s) > 0), message);

/**
 * A money form's schemas (for react-hook-form's zod resolver): the rupees typed become the API's
 * paise, that body checked by the shared contract (its messages at the form's fields, which have
 * the contract's names) and sent. A call that carries a key keeps it in the form, unshown: made
 * once, kept while the call is retried, renewed after success (a double tap or a lost answer posts once).
 */
const goodwillForm = contractForm(
  z.object({ amount_paise: rupeesField(t('Enter the amount in rupees, e.g. 50')), reason: z.string(), idempotency_key: z.string() }),
  (f) => ({ amount_paise: typedPaise(f.amount_paise), reason: f.reason, idempotency_key: f.idempotency_key }),
  goodwillSchema,
  'amount_paise',
);
const openKhataForm = contractForm(
  z.object({ credit_limit_paise: rupeesField(t('Enter the credit limit in rupees, e.g. 2000')) }),
  (f) => ({ credit_limit_paise: typedPaise(f.credit_limit_paise) }),
  khataOpenSchema,
  'credit_limit_paise',
);
const limitForm = contractForm(
  z.object({ credit_limit_paise: rupeesField(t('Enter the credit limit in rupees, e.g. 2000'), true) }),
  (f) => ({ credit_limit_paise: typedPaise(f.credit_limit_paise) }),
  khataLimitSchema,
  'credit_limit_paise',
);
const paymentForm = contractForm(
  z.object({ amount_paise: rupeesField(t('Enter the amount paid in rupees, e.g. 500')), idempotency_key: z.string() }),
  (f) => ({ amount_paise: typedPaise(f.amount_paise), note: t('Cash'), idempotency_key: f.idempotency_key }),
  khataPaymentSchema,
  'amount_paise',
);
const termsForm = contractForm(
  z.object({ due_days: z.string().regex(/^\s*\d+\s*$/, t('Enter a whole number of days')) }),
  (f) => ({ due_days: Number(f.due_days) }),
  khataSettingsSchema,
  'due_days',
);

/** A refusal: its field messages at the form's fields (those it has), and the toast as before. */
function refused<F extends FieldValues>(err: unknown, fields: Array<Path<F>>, setError: UseFormSetError<F>) {
  if (err instanceof ApiError)
    for (const [wire, messages] of Object.entries(err.fieldErrors))
      if (messages[0] && (fields as string[]).includes(wire)) setError(wire as Path<F>, { type: 'server', message: messages[0] });
  toast.error(errorMessage(err));
}

/**
 * The customer's wallet and khata on the customer screen (issue 44): balances, the latest entries,
 * open a khata with a limit, change it, give goodwill credit with its reason, record a cash
 * payment, and the statement by month. Every money call carries a fresh key, kept for its retry.
 */
export function CustomerWallet({ customerId }: { customerId: number }) {
  const accounts = useCustomerAccounts(customerId);
  if (accounts.isPending) return <p className="text-sm text-gray-600">{t('Loading…')}</p>;
  if (accounts.isError) return <p className="text-sm text-red-700">{errorMessage(accounts.error)}</p>;
  const { wallet, khata } = accounts.data;
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-md border bg-gray-50 p-3">
          <dt className="text-xs text-gray-500">{t('Wallet')}</dt>
          <dd className="text-lg font-semibold">{rupees(wallet?.balance_paise ?? 0)}</dd>
        </div>
        <div className="rounded-md border bg-gray-50 p-3">
          <dt className="text-xs text-gray-500">{t('Khata')}</dt>
          <dd className="text-lg font-semibold">
            {khata
              ? khata.balance_paise < 0
                ? t('Owes {rupees}', { rupees: rupees(-khata.balance_paise) })
                : rupees(khata.balance_paise)
              : t('Not opened')}
          </dd>
          {khata && (
            <dd className="text-xs text-gray-500">{t('Limit {creditLimit}', { creditLimit: rupees(khata.credit_limit_paise) })}</dd>
          )}
        </div>
      </dl>
      <Goodwill customerId={customerId} />
      {khata ? <KhataMoves customerId={customerId} khata={khata} /> : <OpenKhata customerId={customerId} />}
      {khata && <KhataTerms />}
      <Entries title={t('Wallet entries')} account={wallet} />
      {khata && <Entries title={t('Khata entries')} account={khata} />}
      {(wallet || khata) && <StatementView accounts={[wallet, khata].filter((a): a is AccountWithEntries => !!a)} />}
    </div>
  );
}

function Goodwill({ customerId }: { customerId: number }) {
  const { goodwill } = useWalletMoves(customerId);
  const empty = () => ({ amount_paise: '', reason: '', idempotency_key: newKey() });
  const { register, handleSubmit, formState, setError, reset } = useForm<
    z.input<typeof goodwillForm>,
    unknown,
    z.output<typeof goodwillForm>
  >({ resolver: zodResolver(goodwillForm), defaultValues: empty() });
  const errors = formState.errors;
  const submit = handleSubmit(async (body) => {
    try {
      const r = await goodwill.mutateAsync(body);
      toast.success(t('{amount} credited to the wallet', { amount: rupees(r.entry.amount_paise) }));
      reset(empty());
    } catch (err) {
      refused(err, ['amount_paise', 'reason'], setError);
    }
  });
  return (
    <form aria-label={t('Goodwill credit')} noValidate onSubmit={submit} className="grid gap-2 sm:grid-cols-[8rem_1fr_auto] sm:items-end">
      <Field label={t('Goodwill (₹)')} error={errors.amount_paise?.message}>
        {(a) => <input {...a} {...register('amount_paise')} inputMode="decimal" required className={inputClass} />}
      </Field>
      <Field label={t('Reason')} error={errors.reason?.message}>
        {(a) => (
          <input
            {...a}
            {...register('reason')}
            required
            minLength={3}
            maxLength={300}
            placeholder={t('e.g. late delivery on Sunday')}
            className={inputClass}
          />
        )}
      </Field>
      <button type="submit" disabled={formState.isSubmitting} className={`${button} border bg-white hover:bg-gray-50`}>
        {t('Credit wallet')}
      </button>
    </form>
  );
}

function OpenKhata({ customerId }: { customerId: number }) {
  const { openKhata } = useWalletMoves(customerId);
  const { register, handleSubmit, formState, setError } = useForm<z.input<typeof openKhataForm>, unknown, z.output<typeof openKhataForm>>({
    resolver: zodResolver(openKhataForm),
    defaultValues: { credit_limit_paise: '' },
  });
  const submit = handleSubmit(async ({ credit_limit_paise }) => {
    try {
      await openKhata.mutateAsync(credit_limit_paise);
      toast.success(t('Khata opened'));
    } catch (err) {
      refused(err, ['credit_limit_paise'], setError);
    }
  });
  return (
    <form aria-label={t('Open a khata')} noValidate className="flex items-end gap-2" onSubmit={submit}>
      <Field label={t('Credit limit (₹)')} error={formState.errors.credit_limit_paise?.message} className="w-40">
        {(a) => <input {...a} {...register('credit_limit_paise')} inputMode="decimal" required className={inputClass} />}
      </Field>
      <button type="submit" disabled={formState.isSubmitting} className={`${button} bg-brand text-white hover:opacity-90`}>
        {t('Open khata')}
      </button>
    </form>
  );
}

function KhataMoves({ customerId, khata }: { customerId: number; khata: AccountWithEntries }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <KhataLimit customerId={customerId} khata={khata} />
      <KhataPayment customerId={customerId} khata={khata} />
    </div>
  );
}

function KhataLimit({ customerId, khata }: { customerId: number; khata: AccountWithEntries }) {
  const { setLimit } = useWalletMoves(customerId);
  const { register, handleSubmit, formState, setError } = useForm<z.input<typeof limitForm>, unknown, z.output<typeof limitForm>>({
    resolver: zodResolver(limitForm),
    defaultValues: { credit_limit_paise: String(toRupees(khata.credit_limit_paise)) },
  });
  const submit = handleSubmit(async ({ credit_limit_paise }) => {
    try {
      await setLimit.mutateAsync({ accountId: khata.id, credit_limit_paise });
      toast.success(t('Limit changed'));
    } catch (err) {
      refused(err, ['credit_limit_paise'], setError);
    }
  });
  return (
    <form aria-label={t('Khata limit')} noValidate className="flex items-end gap-2" onSubmit={submit}>
      <Field label={t('Credit limit (₹)')} error={formState.errors.credit_limit_paise?.message} className="flex-1">
        {(a) => <input {...a} {...register('credit_limit_paise')} inputMode="decimal" required className={inputClass} />}
      </Field>
      <button type="submit" disabled={formState.isSubmitting} className={`${button} border bg-white hover:bg-gray-50`}>
        {t('Save limit')}
      </button>
    </form>
  );
}

function KhataPayment({ customerId, khata }: { customerId: number; khata: AccountWithEntries }) {
  const { payment } = useWalletMoves(customerId);
  const empty = () => ({ amount_paise: '', idempotency_key: newKey() });
  const { register, handleSubmit, formState, setError, reset } = useForm<
    z.input<typeof paymentForm>,
    unknown,
    z.output<typeof paymentForm>
  >({
    resolver: zodResolver(paymentForm),
    defaultValues: empty(),
  });
  const submit = handleSubmit(async (body) => {
    try {
      const r = await payment.mutateAsync({ accountId: khata.id, ...body });
      toast.success(t('Payment of {amount} recorded', { amount: rupees(r.entry.amount_paise) }));
      reset(empty());
    } catch (err) {
      refused(err, ['amount_paise'], setError);
    }
  });
  return (
    <form aria-label={t('Record a payment')} noValidate className="flex items-end gap-2" onSubmit={submit}>
      <Field label={t('Cash received (₹)')} error={formState.errors.amount_paise?.message} className="flex-1">
        {(a) => <input {...a} {...register('amount_paise')} inputMode="decimal" required className={inputClass} />}
      </Field>
      <button type="submit" disabled={formState.isSubmitting} className={`${button} bg-brand text-white hover:opacity-90`}>
        {t('Record payment')}
      </button>
    </form>
  );
}

function Entries({ title, account }: { title: string; account: AccountWithEntries | null }) {
  if (!account || account.entries.length === 0) return null;
  return (
    <table className="w-full text-sm">
      <caption className="mb-1 text-left text-xs font-semibold text-gray-500 uppercase">{title}</caption>
      <tbody>
        {account.entries.slice(0, 5).map((e) => (
          <tr key={e.id} className="border-b last:border-0">
            <td className="py-1.5 whitespace-nowrap text-gray-500">{formatDateTime(e.created_at)}</td>
            <td className="px-2">
              {ENTRY_REASON_LABEL[e.reason]}
              {e.note && <span className="block text-xs text-gray-500">{e.note}</span>}
            </td>
            <td className={`text-right whitespace-nowrap ${e.amount_paise < 0 ? 'text-red-700' : 'text-green-800'}`}>
              {e.amount_paise < 0 ? '−' : '+'}
              {rupees(Math.abs(e.amount_paise))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function StatementView({ accounts }: { accounts: AccountWithEntries[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const statement = useStatement(open);
  return (
    <div className="space-y-2">
      <div className="flex gap-2">
        {accounts.map((a) => (
          <button
            key={a.id}
            type="button"
            aria-pressed={open === a.id}
            onClick={() => setOpen(open === a.id ? null : a.id)}
            className={`${button} border bg-white hover:bg-gray-50`}
          >
            {a.kind === 'wallet' ? t('Wallet statement') : t('Khata statement')}
          </button>
        ))}
      </div>
      {statement.data && (
        <table className="w-full text-sm">
          <caption className="sr-only">{t('Statement by month')}</caption>
          <thead className="border-b text-left text-xs text-gray-500 uppercase">
            <tr>
              <th scope="col" className="py-1.5">
                {t('Month')}
              </th>
              <th scope="col" className="text-right">
                {t('Opening')}
              </th>
              <th scope="col" className="text-right">
                {t('In')}
              </th>
              <th scope="col" className="text-right">
                {t('Out')}
              </th>
              <th scope="col" className="text-right">
                {t('Closing')}
              </th>
            </tr>
          </thead>
          <tbody>
            {statement.data.months.map((m) => (
              <Fragment key={m.month}>
                <tr className="border-b">
                  <td className="py-1.5 font-medium">{m.month}</td>
                  <td className="text-right">{rupees(m.opening_paise)}</td>
                  <td className="text-right">{rupees(m.credits_paise)}</td>
                  <td className="text-right">{rupees(m.debits_paise)}</td>
                  <td className="text-right font-medium">{rupees(m.closing_paise)}</td>
                </tr>
                {/* the month's entries, each with what the balance stood at after it */}
                {m.entries.map((e) => (
                  <tr key={e.id} className="border-b text-xs text-gray-700 last:border-0" data-testid="statement-entry">
                    <td className="py-1 pl-3 whitespace-nowrap">{formatDateTime(e.created_at)}</td>
                    <td colSpan={2}>
                      {ENTRY_REASON_LABEL[e.reason]}
                      {e.note && <span className="text-gray-500"> · {e.note}</span>}
                    </td>
                    <td className={`text-right whitespace-nowrap ${e.amount_paise < 0 ? 'text-red-700' : 'text-green-800'}`}>
                      {e.amount_paise < 0 ? '−' : '+'}
                      {rupees(Math.abs(e.amount_paise))}
                    </td>
                    <td className="text-right whitespace-nowrap">{rupees(e.balance_after_paise)}</td>
                  </tr>
                ))}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/**
 * The shop's khata terms (every khata of the website): a monthly statement goes out on the 1st by
 * SMS and email, due this many days later, with a reminder two days before and one after.
 */
function KhataTerms() {
  const { query, save } = useKhataSettings();
  if (!query.data) return null;
  return <KhataTermsForm dueDays={query.data.due_days} save={save} />;
}

function KhataTermsForm({ dueDays, save }: { dueDays: number; save: ReturnType<typeof useKhataSettings>['save'] }) {
  const { register, handleSubmit, formState, setError } = useForm<z.input<typeof termsForm>, unknown, z.output<typeof termsForm>>({
    resolver: zodResolver(termsForm),
    defaultValues: { due_days: String(dueDays) },
  });
  const submit = handleSubmit(async ({ due_days }) => {
    try {
      await save.mutateAsync(due_days);
      toast.success(t('Khata terms saved'));
    } catch (err) {
      refused(err, ['due_days'], setError);
    }
  });
  return (
    <form aria-label={t('Khata terms')} noValidate className="flex flex-wrap items-end gap-2" onSubmit={submit}>
      <Field label={t('Days to pay after a statement')} error={formState.errors.due_days?.message} className="w-56">
        {(a) => <input {...a} {...register('due_days')} inputMode="numeric" required className={inputClass} />}
      </Field>
      <button type="submit" disabled={formState.isSubmitting} className={`${button} border bg-white hover:bg-gray-50`}>
        {t('Save terms')}
      </button>
      <p className="w-full text-xs text-gray-500">
        {t('Statements go out on the 1st by SMS and email to customers who owe, with a reminder before and after the due date.')}
      </p>
    </form>
  );
}
