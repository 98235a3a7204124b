import { FAIL_REASON_LABELS, type StopProof } from '@grocer/shared/delivery-trips';
import { formatDateTime } from '@grocer/shared/format';
import { formatINR, toRupees } from '@grocer/shared/money';
import { useStopProof } from '../api/stop-proof';
import { t } from '../../../lib/i18n';

const CODE_WORDS: Record<StopProof['code_result'], string> = {
  matched: 'Delivery code matched',
  override: 'Delivery code: owner override',
  not_needed: 'No delivery code asked',
  pending: 'Delivery code not used yet',
};

/**
 * An order's delivery by a rider on its timeline (issue 45 item 6): the trip and rider, when it
 * was delivered (or why not), the delivery code's result (matched, or the owner's override with
 * the reason), the cash and UPI collected, and the photo taken at the door. Nothing when no rider
 * carried the order.
 */
export function DeliveryProof({ orderId }: { orderId: string }) {
  const proof = useStopProof(orderId).data;
  if (!proof) return null;
  return (
    <section aria-label={t('Delivery by rider')} className="mb-4 rounded-md border border-teal-200 bg-teal-50 p-3 text-sm">
      <p className="font-medium">
        {proof.outcome === 'delivered'
          ? t('Delivered by rider')
          : proof.outcome === 'failed'
            ? t('Not delivered{value}', { value: proof.fail_reason ? `: ${FAIL_REASON_LABELS[proof.fail_reason]}` : '' })
            : t('Out with the rider')}
        {proof.outcome_at ? ` · ${formatDateTime(proof.outcome_at)}` : ''}
      </p>
      <p className="text-gray-700">
        {proof.rider ?? t('No rider')} · {proof.trip}
        {proof.attempt > 1 ? t(' · attempt {attempt}', { attempt: proof.attempt }) : ''}
      </p>
      {proof.outcome === 'delivered' && (
        <p className="text-gray-700">
          {CODE_WORDS[proof.code_result]}
          {proof.code_result === 'override' && proof.override_reason ? ` (“${proof.override_reason}”)` : ''}
          {proof.cash + proof.upi > 0
            ? t(' · collected {cash} cash{value}', {
                cash: formatINR(toRupees(proof.cash)),
                value: proof.upi ? t(', {upi} UPI', { upi: formatINR(toRupees(proof.upi)) }) : '',
              })
            : ''}
        </p>
      )}
      {proof.photo_url && (
        <a href={proof.photo_url} target="_blank" rel="noreferrer" className="mt-2 inline-block">
          <img src={proof.photo_url} alt={t('Photo taken at the door')} className="h-32 w-32 rounded border object-cover" loading="lazy" />
        </a>
      )}
    </section>
  );
}
