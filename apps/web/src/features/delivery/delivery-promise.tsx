import { deliveryPromise, indiaToday } from '@grocer/shared/delivery-promise';
import { Truck } from 'lucide-react';
import { useInitMaybe } from '../../lib/init';

/**
 * "Delivery Tomorrow 7–10 AM": the earliest slot with a place left for the shopper's pincode (the
 * default zone's before one is set), from the store data; nothing when no slot is open.
 */
export function DeliveryPromise({ className = '', withPincode = false }: { className?: string; withPincode?: boolean }) {
  const init = useInitMaybe();
  const slot = init?.earliest_slot;
  if (!slot) return null;
  return (
    <p className={`flex items-center gap-1.5 ${className}`} data-testid="delivery-promise">
      <Truck size={16} aria-hidden="true" className="shrink-0" />
      <span>
        Delivery <strong className="font-semibold">{deliveryPromise(slot, indiaToday())}</strong>
        {withPincode && init.pincode ? ` to ${init.pincode}` : ''}
      </span>
    </p>
  );
}
