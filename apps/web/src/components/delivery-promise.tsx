import { indiaToday, type EarliestSlot } from '@grocer/shared/delivery-promise';
import { Truck } from 'lucide-react';
import { useInitMaybe } from '../lib/init';
import { t } from '../lib/i18n';
import { slotText } from '../lib/slots';

interface Props {
  className?: string;
  /** say where: 'Delivery Tomorrow 7–10 AM to 560001' */
  withPincode?: boolean;
}

/**
 * "Delivery Tomorrow 7–10 AM": the earliest slot with a place left for the shopper's pincode (the
 * default zone's before one is set), from the store data; nothing when no slot is open.
 */
export function DeliveryPromise(props: Props) {
  const init = useInitMaybe();
  return <DeliveryPromiseLine slot={init?.earliest_slot} pincode={init?.pincode} {...props} />;
}

/** The same line for a part that already holds the store data (the header). */
export function DeliveryPromiseLine({
  slot,
  pincode,
  className = '',
  withPincode = false,
}: Props & { slot: EarliestSlot | null | undefined; pincode: string | null | undefined }) {
  if (!slot) return null;
  return (
    <p className={`flex items-center gap-1.5 ${className}`} data-testid="delivery-promise">
      <Truck size={16} aria-hidden="true" className="shrink-0" />
      <span>
        {t('Delivery')} <strong className="font-semibold">{slotText(slot, indiaToday())}</strong>
        {withPincode && pincode ? t(' to {pincode}', { pincode }) : ''}
      </span>
    </p>
  );
}
