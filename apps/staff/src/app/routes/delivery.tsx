import { DeliveryScreen } from '../../features/delivery/components/delivery-screen';

export function DeliveryRoute() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">Delivery</h1>
      <DeliveryScreen />
    </>
  );
}
