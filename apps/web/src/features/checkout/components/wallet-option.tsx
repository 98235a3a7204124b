import { formatINR, toRupees } from '@grocer/shared/money';
import { Link } from 'react-router';
import { t } from '../../../lib/i18n';

/** The wallet pays the order wholly when its balance covers what is to pay (paise). */
export const walletCovers = (balancePaise: number, toPayPaise: number) => balancePaise > 0 && balancePaise >= toPayPaise;

/**
 * What a ticked wallet does at checkout (issue 44): it pays wholly when it covers what is to pay;
 * short, it pays what it has and an online method the rest, so cash on delivery is not offered (it
 * takes the whole order, and the server refuses it: WALLET_REST_ONLINE). With no online method a
 * short wallet cannot be used. `choices`: the payment methods to show.
 */
export function walletUse<C extends { code: string }>(balancePaise: number, toPayPaise: number, ticked: boolean, choices: C[]) {
  const covers = walletCovers(balancePaise, toPayPaise);
  const online = choices.filter((c) => c.code !== 'cod');
  const used = ticked && balancePaise > 0 && (covers || online.length > 0);
  const split = used && !covers;
  return { used, covers, split, choices: split ? online : choices };
}

/**
 * Checkout's "Use wallet balance (₹X)" (issue 44): shown to a signed-in shopper with money in
 * the wallet. Ticked, the order is paid from the wallet as it is placed: wholly when the balance
 * covers it, else the balance and the rest online. A short balance with no online method to pay
 * the rest cannot be ticked, and says so, with the way to add money.
 */
export function WalletOption({
  balancePaise,
  toPayPaise,
  online,
  checked,
  onChange,
}: {
  balancePaise: number;
  toPayPaise: number;
  /** an online method is offered, to pay what the wallet does not */
  online: boolean;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  if (balancePaise <= 0) return null;
  const covers = walletCovers(balancePaise, toPayPaise);
  const usable = covers || online;
  const on = checked && usable;
  return (
    <div className="mb-3">
      <label
        className={`flex items-center gap-2 rounded-lg border p-3 text-sm ${usable ? 'cursor-pointer' : 'text-gray-500'} ${on ? 'border-[var(--color-primary)] ring-1 ring-[var(--color-primary)]' : ''}`}
      >
        <input type="checkbox" checked={on} disabled={!usable} onChange={(e) => onChange(e.currentTarget.checked)} />
        <span>
          {t('Use wallet balance ({amount})', { amount: formatINR(toRupees(balancePaise)) })}
          {on && (
            <span className="block text-xs text-gray-600">
              {covers
                ? t('{paid} is paid from your wallet; {left} stays in it.', {
                    paid: formatINR(toRupees(toPayPaise)),
                    left: formatINR(toRupees(balancePaise - toPayPaise)),
                  })
                : t('{wallet} from your wallet, {rest} by UPI, card or netbanking.', {
                    wallet: formatINR(toRupees(balancePaise)),
                    rest: formatINR(toRupees(toPayPaise - balancePaise)),
                  })}
            </span>
          )}
        </span>
      </label>
      {!usable && (
        <p className="mt-1 text-xs text-gray-600">
          {t('Pay the rest online to use your wallet: no online payment is available here.')}{' '}
          <Link to="/account/wallet" className="text-[var(--color-primary)] underline">
            {t('Add money')}
          </Link>
        </p>
      )}
    </div>
  );
}
