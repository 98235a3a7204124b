import { DELIVERY_INSTRUCTION_LABELS, SUBSTITUTION_LABELS } from '@grocer/shared/delivery-prefs';
import { formatINR } from '@grocer/shared/money';
import type { OrderDetail } from '@grocer/shared/order';
import { t } from '../../../lib/i18n';

/** What the shopper asked at checkout (issue 39 §16): the delivery person's instructions, their note, the tip, and what to do with an unavailable item. */
export function DeliveryAsks({ o }: { o: OrderDetail }) {
  const asks = (o.delivery_instructions ?? []).map((i) => t(DELIVERY_INSTRUCTION_LABELS[i]));
  return (
    <dl className="mt-2 space-y-1 text-gray-700" data-testid="delivery-asks">
      {asks.length > 0 && (
        <div>
          <dt className="inline">{t('Instructions:')} </dt>
          <dd className="inline">{asks.join(' · ')}</dd>
        </div>
      )}
      {o.notes && (
        <div>
          <dt className="inline">{t('Note:')} </dt>
          <dd className="inline break-words">{o.notes}</dd>
        </div>
      )}
      {o.substitution && (
        <div>
          <dt className="inline">{t('If an item is unavailable:')} </dt>
          <dd className="inline">{t(SUBSTITUTION_LABELS[o.substitution])}</dd>
        </div>
      )}
      {!!o.tip && (
        <div>
          <dt className="inline">{t('Tip for the delivery person:')} </dt>
          <dd className="inline">{formatINR(o.tip)}</dd>
        </div>
      )}
    </dl>
  );
}
