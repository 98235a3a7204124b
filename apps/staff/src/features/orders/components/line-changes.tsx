import type { AdminOrder } from '@grocer/shared/admin-orders';
import { formatDateTime } from '@grocer/shared/format';
import { formatINR } from '@grocer/shared/money';
import { weightLabel } from '@grocer/shared/weighed';
import { ADJUST_REASONS, CHANGE_REASON_LABELS, type AdjustReason } from '@grocer/shared/order';
import { useState } from 'react';
import { toast } from 'sonner';
import { Field, inputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-message';
import { useChangeLine, usePackSearch, useRetryRefunds } from '../api/change-line';
import { SubstitutionNotice } from './shopper-asks';
import { t } from '../../../lib/i18n';

type Line = AdminOrder['lines'][number];
const button = 'rounded-md px-3 py-1.5 text-sm font-medium disabled:opacity-50';
const REASONS: Record<AdjustReason, string> = {
  missing: 'Missing',
  damaged: 'Damaged',
  unavailable: 'Not available',
  customer_request: 'Customer asked',
  refused: 'Refused at the door',
};
const newKey = () => `chg-${crypto.randomUUID()}`;

/**
 * Removing units of a line (missing or damaged, before or after delivery) or substituting them
 * with another pack (before it ships), for one line of the order screen. One request key per
 * opened form: a double click or a retry changes the order once.
 */
export function LineChangeForm({ order, line, onDone }: { order: AdminOrder; line: Line; onDone: () => void }) {
  const change = useChangeLine(order.id);
  const [kind, setKind] = useState<'remove' | 'substitute'>(order.changes.remove ? 'remove' : 'substitute');
  // a loose good's line (grams, issue 40.5) is taken off whole
  const weighed = line.sold_by_weight ?? false;
  const [quantity, setQuantity] = useState(weighed ? line.quantity : 1);
  const [reason, setReason] = useState<AdjustReason>('missing');
  const [q, setQ] = useState('');
  const [pack, setPack] = useState<{ id: number; label: string; price: number } | null>(null);
  const [subQty, setSubQty] = useState(1);
  const [key] = useState(newKey);
  const search = usePackSearch(line.warehouse_id, q);
  const prepaid = order.payment?.status === 'paid' && order.payment.provider !== 'cod';
  const removedAmount = weighed ? line.amount : line.price * quantity;
  const diff = pack ? removedAmount - pack.price * subQty : 0;
  const lineId = line.line_id!;
  const coupon = order.discount > 0 ? ` ${t('(less its share of the coupon)')}` : '';

  const submit = () =>
    change.mutate(
      kind === 'remove'
        ? { kind, lineId, body: { quantity, reason, key } }
        : { kind, lineId, body: { quantity, reason, key, pack_id: pack!.id, substitute_quantity: subQty } },
      {
        onSuccess: (o) => {
          const a = o.adjustments.at(-1);
          toast.success(a ? a.description : t('Order changed'));
          onDone();
        },
        onError: (e) => toast.error(errorMessage(e)),
      },
    );

  return (
    <form
      aria-label={t('Change {name} {pack}', { name: line.name, pack: line.pack })}
      className="space-y-3 rounded-md border bg-gray-50 p-4 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <SubstitutionNotice order={order} substituting={kind === 'substitute'} />
      <fieldset className="flex gap-4">
        <legend className="sr-only">{t('Change')}</legend>
        {order.changes.remove && (
          <label className="flex items-center gap-2">
            <input type="radio" name="kind" checked={kind === 'remove'} onChange={() => setKind('remove')} /> {t('Remove (refund)')}
          </label>
        )}
        {order.changes.substitute && (
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="kind"
              checked={kind === 'substitute'}
              onChange={() => {
                setKind('substitute');
                if (reason === 'missing') setReason('unavailable');
              }}
            />{' '}
            {t('Substitute another pack')}
          </label>
        )}
      </fieldset>
      <div className="flex flex-wrap items-end gap-3">
        {weighed ? (
          <p className="text-sm text-gray-700">{t('The whole {quantity}', { quantity: weightLabel(line.quantity) })}</p>
        ) : (
          <Field label={t('Units (of {quantity})', { quantity: line.quantity })}>
            {(a) => (
              <input
                {...a}
                type="number"
                min={1}
                max={line.quantity}
                className={`${inputClass} w-24`}
                value={quantity}
                onChange={(e) => setQuantity(Math.max(1, Math.min(line.quantity, Number(e.target.value) || 1)))}
              />
            )}
          </Field>
        )}
        <Field label={t('Reason')}>
          {(a) => (
            <select {...a} className={inputClass} value={reason} onChange={(e) => setReason(e.target.value as AdjustReason)}>
              {ADJUST_REASONS.map((r) => (
                <option key={r} value={r}>
                  {REASONS[r]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {kind === 'substitute' && (
        <div className="space-y-2">
          <Field label={t('Substitute pack')} hint={t('Type 2 letters of a product; packs in stock at this line’s warehouse')}>
            {(a) => <input {...a} className={inputClass} value={q} onChange={(e) => setQ(e.target.value)} placeholder={t('e.g. rice')} />}
          </Field>
          {search.data && (
            <ul className="max-h-48 overflow-auto rounded border bg-white" aria-label={t('Packs')}>
              {search.data.data
                .filter((p) => !p.sold_by_weight)
                .map((p) => (
                  <li key={p.pack_id}>
                    <button
                      type="button"
                      disabled={p.available < 1}
                      aria-pressed={pack?.id === p.pack_id}
                      className={`block w-full px-3 py-1.5 text-left hover:bg-gray-50 disabled:opacity-50 ${pack?.id === p.pack_id ? 'bg-brand/10 font-medium' : ''}`}
                      onClick={() => setPack({ id: p.pack_id, label: `${p.product} · ${p.pack}`, price: p.price })}
                    >
                      {p.product} · {p.pack} — {formatINR(p.price)}{' '}
                      <span className="text-xs text-gray-500">{t('({available} in stock)', { available: p.available })}</span>
                    </button>
                  </li>
                ))}
            </ul>
          )}
          {pack && (
            <Field label={t('Units of {label}', { label: pack.label })}>
              {(a) => (
                <input
                  {...a}
                  type="number"
                  min={1}
                  max={100}
                  className={`${inputClass} w-24`}
                  value={subQty}
                  onChange={(e) => setSubQty(Math.max(1, Number(e.target.value) || 1))}
                />
              )}
            </Field>
          )}
        </div>
      )}
      <p className="text-gray-700">
        {kind === 'remove'
          ? prepaid
            ? order.payment!.provider === 'wallet'
              ? t('{amount} is refunded to the customer’s wallet{coupon}.', { amount: formatINR(removedAmount), coupon })
              : t('{amount} is refunded through {provider}{coupon}.', {
                  amount: formatINR(removedAmount),
                  provider: order.payment!.provider === 'razorpay' ? 'Razorpay' : 'Cashfree',
                  coupon,
                })
            : t('{amount} comes off the total{coupon}.', { amount: formatINR(removedAmount), coupon })
          : pack
            ? diff >= 0
              ? prepaid
                ? t('{amount} is refunded{coupon}.', { amount: formatINR(diff), coupon })
                : t('{amount} comes off the total{coupon}.', { amount: formatINR(diff), coupon })
              : prepaid
                ? t('The substitute costs {formatINR} more: a prepaid order cannot be charged more.', { formatINR: formatINR(-diff) })
                : t('{formatINR} is added to the cash to collect.', { formatINR: formatINR(-diff) })
            : t('Choose the substitute pack.')}{' '}
        {t('The customer is told by email.')}
      </p>
      <div className="flex gap-3">
        <button
          type="submit"
          disabled={change.isPending || (kind === 'substitute' && !pack)}
          className={`${button} bg-brand text-white hover:opacity-90`}
        >
          {kind === 'remove' ? t('Remove {quantity}', { quantity }) : t('Substitute')}
        </button>
        <button type="button" className={`${button} border bg-white hover:bg-gray-50`} onClick={onDone}>
          {t('Close')}
        </button>
      </div>
    </form>
  );
}

const REFUND: Record<AdminOrder['adjustments'][number]['refund_status'], string> = {
  none: 'off the total',
  pending: 'refund pending',
  refunded: 'refunded',
  failed: 'refund failed',
};

/** The order's line changes and their refunds; refunds the provider did not take can be sent again. */
export function Adjustments({ order }: { order: AdminOrder }) {
  const retry = useRetryRefunds(order.id);
  if (order.adjustments.length === 0) return null;
  const stuck = order.adjustments.some((a) => a.refund_status === 'failed' || a.refund_status === 'pending');
  return (
    <div className="mt-4 border-t pt-4">
      <h3 className="text-sm font-semibold">{t('Changes after the order was placed')}</h3>
      <ul className="mt-2 space-y-1 text-sm">
        {order.adjustments.map((a) => (
          <li key={a.id}>
            {a.description} ({(REASONS[a.reason as AdjustReason] ?? CHANGE_REASON_LABELS[a.reason]).toLowerCase()}):{' '}
            <span className="font-medium">
              {a.amount >= 0 ? formatINR(a.amount) : `+${formatINR(-a.amount)}`} {a.amount >= 0 ? REFUND[a.refund_status] : t('added')}
            </span>
            {a.refund_id && <span className="text-xs text-gray-500"> · {a.refund_id}</span>}
            <span className="block text-xs text-gray-500">{t('{at} · by {by}', { at: formatDateTime(a.at), by: a.by })}</span>
          </li>
        ))}
      </ul>
      {stuck && (
        <button
          type="button"
          className={`${button} mt-2 border bg-white hover:bg-gray-50`}
          disabled={retry.isPending}
          onClick={() => retry.mutate(undefined, { onError: (e) => toast.error(errorMessage(e)) })}
        >
          {t('Send refunds again')}
        </button>
      )}
    </div>
  );
}
