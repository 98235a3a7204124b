import type { AdminOrder } from '@grocer/shared/admin-orders';
import { ApiError, field } from '@grocer/shared/api-client';
import { PAYMENT_PROVIDER_NAMES } from '@grocer/shared/labels';
import { formatINR } from '@grocer/shared/money';
import { REFUND_REASONS, REFUND_REASON_LABELS, type RefundReason } from '@grocer/shared/order';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { toast } from 'sonner';
import { Field, inputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-message';
import { useCan } from '../../../lib/permissions';
import { useRefund } from '../api/order-notes';
import { t } from '../../../lib/i18n';

const button = 'rounded-md px-4 py-2 text-sm font-medium disabled:opacity-50';
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const newKey = () => `refund-${crypto.randomUUID()}`;

/** Per-field messages of a refused call (422). */
function fieldErrors(e: unknown): Record<string, string> {
  const errs = e instanceof ApiError ? field(e.data, 'errors') : undefined;
  if (!errs || typeof errs !== 'object') return {};
  return Object.fromEntries(Object.entries(errs as Record<string, string[]>).map(([k, v]) => [k, Array.isArray(v) ? v[0]! : String(v)]));
}

/**
 * "Refund an amount" (issue 40 §12): any amount up to what is still refundable, with a reason
 * (goodwill, the delivery fee, other) and a note for the staff, back to the order's online payment.
 * One key per refund, kept until it succeeds: a double click or a retry after a lost answer is the
 * same refund on the server. Offered only while the online payment has money left to refund.
 */
export function RefundDialog({ order }: { order: AdminOrder }) {
  const refund = useRefund(order.id);
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState<RefundReason>('goodwill');
  const [note, setNote] = useState('');
  const [key, setKey] = useState(newKey);
  const allowed = useCan()('orders.manage');
  const p = order.payment;
  const refundable = order.refunds.refundable;
  if (!allowed || !p || (p.provider !== 'razorpay' && p.provider !== 'cashfree') || refundable <= 0) return null;
  const errors = refund.error ? fieldErrors(refund.error) : {};
  const value = Number(amount);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) refund.reset();
      }}
    >
      <Dialog.Trigger className={`${button} mt-3 border bg-white hover:bg-gray-50`}>{t('Refund an amount')}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[480px] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">
            {t('Refund an amount on order {ordernumber}', { ordernumber: order.ordernumber })}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-gray-600">
            {t("Back to the customer's")} {PAYMENT_PROVIDER_NAMES[p.provider]}{' '}
            {t('payment. The items and totals stay as they are. Up to {refundable} can be refunded.', {
              refundable: formatINR(refundable),
            })}
          </Dialog.Description>
          <form
            className="mt-4 space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              refund.mutate(
                { amount: value, reason, note: note.trim(), key },
                {
                  onSuccess: (o) => {
                    toast.success(t('{value} refunded on order {ordernumber}', { value: formatINR(value), ordernumber: o.ordernumber }));
                    setOpen(false);
                    setAmount('');
                    setNote('');
                    setKey(newKey());
                  },
                  onError: (err) => toast.error(errorMessage(err)),
                },
              );
            }}
          >
            <Field label={t('Amount (₹)')} error={errors.amount} hint={t('At most {refundable}', { refundable: formatINR(refundable) })}>
              {(a) => (
                <input
                  {...a}
                  required
                  inputMode="decimal"
                  className={inputClass}
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                />
              )}
            </Field>
            <Field label={t('Reason')} error={errors.reason}>
              {(a) => (
                <select {...a} className={inputClass} value={reason} onChange={(e) => setReason(e.target.value as RefundReason)}>
                  {REFUND_REASONS.map((r) => (
                    <option key={r} value={r}>
                      {capital(REFUND_REASON_LABELS[r])}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field
              label={reason === 'other' ? t('Why') : t('Why (optional)')}
              error={errors.note}
              hint={t('Kept as a staff note; the customer does not see it.')}
            >
              {(a) => (
                <input
                  {...a}
                  required={reason === 'other'}
                  maxLength={300}
                  className={inputClass}
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                />
              )}
            </Field>
            <div className="flex justify-end gap-3">
              <Dialog.Close className={`${button} border bg-white hover:bg-gray-50`}>{t('Cancel')}</Dialog.Close>
              <button
                type="submit"
                disabled={refund.isPending || !(value > 0)}
                className={`${button} bg-brand text-white hover:opacity-90`}
              >
                {value > 0 ? t('Refund {value}', { value: formatINR(value) }) : t('Refund')}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
