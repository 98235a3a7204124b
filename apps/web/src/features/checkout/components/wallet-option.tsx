import { formatINR, toRupees } from '@grocer/shared/money';
import { Link } from 'react-router';
import { t } from '../../../lib/i18n';

/** The wallet pays the order wholly when its balance covers what is to pay (paise). */
export const walletCovers = (balancePaise: number, toPayPaise: number) => balancePaise > 0 && balancePaise >= toPayPaise;

/**
 * Checkout's "Use wallet balance (₹X)" (issue 44): shown to a signed-in shopper with money in
 * the wallet. Ticked, the order is paid from the wallet as it is placed; a balance short of the
 * total cannot be ticked, and says so, with the way to add money.
 */
export function WalletOption({
  balancePaise,
  toPayPaise,
  checked,
  onChange,
}: {
  balancePaise: number;
  toPayPaise: number;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  if (balancePaise <= 0) return null;
  const covers = walletCovers(balancePaise, toPayPaise);
  return (
    <div className="mb-3">
      <label
        className={`flex items-center gap-2 rounded-lg border p-3 text-sm ${covers ? 'cursor-pointer' : 'text-gray-500'} ${checked && covers ? 'border-[var(--color-primary)] ring-1 ring-[var(--color-primary)]' : ''}`}
      >
        <input type="checkbox" checked={checked && covers} disabled={!covers} onChange={(e) => onChange(e.currentTarget.checked)} />
        <span>
          {t('Use wallet balance ({amount})', { amount: formatINR(toRupees(balancePaise)) })}
          {checked && covers && (
            <span className="block text-xs text-gray-600">
              {t('{paid} is paid from your wallet; {left} stays in it.', {
                paid: formatINR(toRupees(toPayPaise)),
                left: formatINR(toRupees(balancePaise - toPayPaise)),
              })}
            </span>
          )}
        </span>
      </label>
      {!covers && (
        <p className="mt-1 text-xs text-gray-600">
          {t('Not enough for this order.')}{' '}
          <Link to="/account/wallet" className="text-[var(--color-primary)] underline">
            {t('Add money')}
          </Link>
        </p>
      )}
    </div>
  );
}
