import { formatDateTime } from '@grocer/shared/format';
import { formatINR, toPaise, toRupees } from '@grocer/shared/money';
import { ENTRY_REASON_LABEL, type AccountWithEntries } from '@grocer/shared/wallet';
import { Fragment, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Field, inputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-message';
import { newKey, useCustomerAccounts, useKhataSettings, useStatement, useWalletMoves } from '../api/wallet';
import { t } from '../../../lib/i18n';

const button = 'rounded-md px-3 py-1.5 text-sm font-medium disabled:opacity-50';
const rupees = (paise: number) => formatINR(toRupees(paise));
/** Rupees as typed ("250", "99.50") to paise; NaN when not a positive amount. */
const typedPaise = (text: string) => (/^\d+(\.\d{1,2})?$/.test(text.trim()) ? toPaise(Number(text)) : NaN);

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

/** A money form's key: made once, kept while the same amount is retried, renewed after success. */
function useMoneyKey() {
  const [key, setKey] = useState(newKey);
  return { key, renew: () => setKey(newKey()) };
}

function Goodwill({ customerId }: { customerId: number }) {
  const { goodwill } = useWalletMoves(customerId);
  const { key, renew } = useMoneyKey();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const paise = typedPaise(amount);
    if (!(paise > 0)) return toast.error(t('Enter the amount in rupees, e.g. 50'));
    goodwill.mutate(
      { amount_paise: paise, reason, idempotency_key: key },
      {
        onSuccess: (r) => {
          toast.success(t('{amount} credited to the wallet', { amount: rupees(r.entry.amount_paise) }));
          setAmount('');
          setReason('');
          renew();
        },
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  };
  return (
    <form aria-label={t('Goodwill credit')} onSubmit={submit} className="grid gap-2 sm:grid-cols-[8rem_1fr_auto] sm:items-end">
      <Field label={t('Goodwill (₹)')}>
        {(a) => (
          <input {...a} inputMode="decimal" required className={inputClass} value={amount} onChange={(e) => setAmount(e.target.value)} />
        )}
      </Field>
      <Field label={t('Reason')}>
        {(a) => (
          <input
            {...a}
            required
            minLength={3}
            maxLength={300}
            placeholder={t('e.g. late delivery on Sunday')}
            className={inputClass}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        )}
      </Field>
      <button type="submit" disabled={goodwill.isPending} className={`${button} border bg-white hover:bg-gray-50`}>
        {t('Credit wallet')}
      </button>
    </form>
  );
}

function OpenKhata({ customerId }: { customerId: number }) {
  const { openKhata } = useWalletMoves(customerId);
  const [limit, setLimit] = useState('');
  return (
    <form
      aria-label={t('Open a khata')}
      className="flex items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const paise = typedPaise(limit);
        if (!(paise > 0)) return toast.error(t('Enter the credit limit in rupees, e.g. 2000'));
        openKhata.mutate(paise, {
          onSuccess: () => toast.success(t('Khata opened')),
          onError: (err) => toast.error(errorMessage(err)),
        });
      }}
    >
      <Field label={t('Credit limit (₹)')} className="w-40">
        {(a) => (
          <input {...a} inputMode="decimal" required className={inputClass} value={limit} onChange={(e) => setLimit(e.target.value)} />
        )}
      </Field>
      <button type="submit" disabled={openKhata.isPending} className={`${button} bg-brand text-white hover:opacity-90`}>
        {t('Open khata')}
      </button>
    </form>
  );
}

function KhataMoves({ customerId, khata }: { customerId: number; khata: AccountWithEntries }) {
  const { setLimit, payment } = useWalletMoves(customerId);
  const { key, renew } = useMoneyKey();
  const [limit, setLimitText] = useState(String(toRupees(khata.credit_limit_paise)));
  const [amount, setAmount] = useState('');
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <form
        aria-label={t('Khata limit')}
        className="flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const paise = typedPaise(limit);
          if (!(paise >= 0)) return toast.error(t('Enter the credit limit in rupees, e.g. 2000'));
          setLimit.mutate(
            { accountId: khata.id, credit_limit_paise: paise },
            { onSuccess: () => toast.success(t('Limit changed')), onError: (err) => toast.error(errorMessage(err)) },
          );
        }}
      >
        <Field label={t('Credit limit (₹)')} className="flex-1">
          {(a) => (
            <input
              {...a}
              inputMode="decimal"
              required
              className={inputClass}
              value={limit}
              onChange={(e) => setLimitText(e.target.value)}
            />
          )}
        </Field>
        <button type="submit" disabled={setLimit.isPending} className={`${button} border bg-white hover:bg-gray-50`}>
          {t('Save limit')}
        </button>
      </form>
      <form
        aria-label={t('Record a payment')}
        className="flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const paise = typedPaise(amount);
          if (!(paise > 0)) return toast.error(t('Enter the amount paid in rupees, e.g. 500'));
          payment.mutate(
            { accountId: khata.id, amount_paise: paise, note: t('Cash'), idempotency_key: key },
            {
              onSuccess: (r) => {
                toast.success(t('Payment of {amount} recorded', { amount: rupees(r.entry.amount_paise) }));
                setAmount('');
                renew();
              },
              onError: (err) => toast.error(errorMessage(err)),
            },
          );
        }}
      >
        <Field label={t('Cash received (₹)')} className="flex-1">
          {(a) => (
            <input {...a} inputMode="decimal" required className={inputClass} value={amount} onChange={(e) => setAmount(e.target.value)} />
          )}
        </Field>
        <button type="submit" disabled={payment.isPending} className={`${button} bg-brand text-white hover:opacity-90`}>
          {t('Record payment')}
        </button>
      </form>
    </div>
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
  const [days, setDays] = useState<string | null>(null);
  if (!query.data) return null;
  const value = days ?? String(query.data.due_days);
  return (
    <form
      aria-label={t('Khata terms')}
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(Number(value), {
          onSuccess: () => toast.success(t('Khata terms saved')),
          onError: (err) => toast.error(errorMessage(err)),
        });
      }}
    >
      <Field label={t('Days to pay after a statement')} className="w-56">
        {(a) => (
          <input {...a} inputMode="numeric" required className={inputClass} value={value} onChange={(e) => setDays(e.target.value)} />
        )}
      </Field>
      <button type="submit" disabled={save.isPending} className={`${button} border bg-white hover:bg-gray-50`}>
        {t('Save terms')}
      </button>
      <p className="w-full text-xs text-gray-500">
        {t('Statements go out on the 1st by SMS and email to customers who owe, with a reminder before and after the due date.')}
      </p>
    </form>
  );
}
