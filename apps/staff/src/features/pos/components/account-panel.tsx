import { formatINR, toPaise, toRupees } from '@grocer/shared/money';
import { shopDateTime } from '@grocer/shared/shop-time';
import { khataBalanceText, type PosAccountReceipt, type PosAccounts } from '@grocer/shared/wallet';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/error-message';
import { getAccounts, takeAccountPayment } from '../api/accounts';
import { newKey } from '../cart';
import { t } from '../../../lib/i18n';

const tap = 'min-h-11 md:min-h-0';
const inr = (paise: number) => formatINR(toRupees(paise));

/**
 * "Customer account" at the till (issue 44 §7): find the customer by mobile, see their wallet and
 * khata, take cash or UPI to settle the khata or top up the wallet, and show the receipt to print.
 * One key per payment, kept while the cashier retries the same one, so a double tap posts once.
 */
export function AccountPanel({ till }: { till: string }) {
  const [mobile, setMobile] = useState('');
  const [accounts, setAccounts] = useState<PosAccounts | null>(null);
  const [purpose, setPurpose] = useState<'khata' | 'wallet'>('khata');
  const [method, setMethod] = useState<'cash' | 'upi'>('cash');
  const [amount, setAmount] = useState('');
  const [key, setKey] = useState(newKey);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [receipt, setReceipt] = useState<PosAccountReceipt | null>(null);

  const find = async (m: string) => {
    setMobile(m);
    setAccounts(null);
    setError('');
    if (!/^[6-9]\d{9}$/.test(m)) return;
    try {
      const a = await getAccounts(m);
      setAccounts(a);
      setPurpose(a.khata && a.khata.balance_paise < 0 ? 'khata' : 'wallet');
      setAmount(a.khata && a.khata.balance_paise < 0 ? String(toRupees(-a.khata.balance_paise)) : '');
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const paise = /^\d+(\.\d{1,2})?$/.test(amount.trim()) ? toPaise(Number(amount)) : 0;
    if (paise <= 0) return setError('Enter the amount in rupees, e.g. 500');
    setBusy(true);
    setError('');
    try {
      const r = await takeAccountPayment({ till, mobile, purpose, method, amount_paise: paise, idempotency_key: key });
      setReceipt(r);
      setKey(newKey());
      setAmount('');
      setAccounts(await getAccounts(mobile));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  if (receipt) return <AccountReceipt receipt={receipt} onDone={() => setReceipt(null)} />;
  const khata = accounts?.khata ?? null;
  return (
    <section aria-label={t('Customer account')} className="m-3 flex max-w-xl flex-col gap-3 rounded border bg-white p-3">
      <h2 className="text-lg font-semibold">{t('Customer account')}</h2>
      <label className="flex flex-wrap items-center gap-2">
        {t('Customer mobile')}
        <input
          inputMode="numeric"
          maxLength={10}
          autoFocus
          className={`${tap} w-36 rounded border px-2 py-1`}
          value={mobile}
          onChange={(e) => void find(e.target.value.trim())}
        />
      </label>
      {accounts && !accounts.found && <p className="text-gray-700">{t('No customer has this mobile number.')}</p>}
      {accounts?.found && (
        <>
          <p className="font-medium">{accounts.name}</p>
          <dl className="grid grid-cols-2 gap-2">
            <div className="rounded border bg-gray-50 p-2">
              <dt className="text-xs text-gray-600">{t('Wallet')}</dt>
              <dd className="text-lg font-semibold" data-testid="account-wallet">
                {accounts.wallet ? inr(accounts.wallet.balance_paise) : t('Not opened')}
              </dd>
            </div>
            <div className="rounded border bg-gray-50 p-2">
              <dt className="text-xs text-gray-600">{t('Khata')}</dt>
              <dd className="text-lg font-semibold" data-testid="account-khata">
                {khata ? khataBalanceText(khata.balance_paise, formatINR) : t('Not opened')}
              </dd>
              {khata && (
                <dd className="text-xs text-gray-600">
                  {t('Limit {creditLimit} · {available} left', {
                    creditLimit: inr(khata.credit_limit_paise),
                    available: inr(khata.available_paise),
                  })}
                </dd>
              )}
            </div>
          </dl>
          <form aria-label={t('Take money for the account')} onSubmit={(e) => void submit(e)} className="flex flex-col gap-2">
            <fieldset className="flex flex-wrap gap-3">
              <legend className="sr-only">{t('For')}</legend>
              <label className="flex items-center gap-1">
                <input type="radio" name="purpose" checked={purpose === 'khata'} disabled={!khata} onChange={() => setPurpose('khata')} />
                {t('Settle khata')}
              </label>
              <label className="flex items-center gap-1">
                <input type="radio" name="purpose" checked={purpose === 'wallet'} onChange={() => setPurpose('wallet')} />
                {t('Top up wallet')}
              </label>
            </fieldset>
            <fieldset className="flex flex-wrap gap-3">
              <legend className="sr-only">{t('Paid by')}</legend>
              <label className="flex items-center gap-1">
                <input type="radio" name="method" checked={method === 'cash'} onChange={() => setMethod('cash')} />
                {t('Cash')}
              </label>
              <label className="flex items-center gap-1">
                <input type="radio" name="method" checked={method === 'upi'} onChange={() => setMethod('upi')} />
                {t('UPI (received on the shop’s phone)')}
              </label>
            </fieldset>
            <label className="flex flex-wrap items-center gap-2">
              {t('Amount (₹)')}
              <input
                inputMode="decimal"
                className={`${tap} w-28 rounded border px-2 py-1 text-right`}
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
            </label>
            <button
              type="submit"
              disabled={busy}
              className={`${tap} self-start rounded bg-teal-700 px-4 py-2 font-semibold text-white disabled:opacity-50`}
            >
              {purpose === 'khata' ? t('Take payment') : t('Top up')}
            </button>
          </form>
        </>
      )}
      {error && (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}

/** The receipt for money taken for an account: on screen, printed with the browser's print. */
function AccountReceipt({ receipt: r, onDone }: { receipt: PosAccountReceipt; onDone: () => void }) {
  return (
    <section aria-label={t('Account receipt')} className="m-3 flex max-w-sm flex-col gap-2 rounded border bg-white p-4 font-mono text-sm">
      <h2 className="text-center text-base font-semibold">{r.shop_name}</h2>
      <p className="text-center">{r.purpose === 'khata' ? t('Khata payment') : t('Wallet top-up')}</p>
      <hr className="border-dashed" />
      <p>
        {r.customer_name} ({r.customer_mobile})
      </p>
      <p>{shopDateTime(r.created_at)}</p>
      <p className="flex justify-between">
        <span>
          {t('Paid by')} {r.method === 'cash' ? t('cash') : t('UPI')}
        </span>
        <strong>{inr(r.amount_paise)}</strong>
      </p>
      <p className="flex justify-between" data-testid="account-receipt-balance">
        <span>{r.purpose === 'khata' ? t('Khata balance') : t('Wallet balance')}</span>
        <strong>{r.purpose === 'khata' ? khataBalanceText(r.balance_after_paise, formatINR) : inr(r.balance_after_paise)}</strong>
      </p>
      <p className="text-xs text-gray-600">{t('Not a tax invoice: money on account.')}</p>
      <div className="flex gap-2 font-sans print:hidden">
        <button type="button" autoFocus className={`${tap} rounded bg-teal-700 px-4 py-2 font-semibold text-white`} onClick={() => print()}>
          {t('Print receipt')}
        </button>
        <button type="button" className={`${tap} rounded border px-4 py-2`} onClick={onDone}>
          {t('Done')}
        </button>
      </div>
    </section>
  );
}
