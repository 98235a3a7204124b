import { useParams } from 'react-router';
import { LoadingView } from '../../components/ui/loading';
import { useOrder } from '../../features/orders/api/get-order';
import { OrderScreen } from '../../features/orders/components/order-screen';
import { errorMessage } from '../../lib/error-message';
import { NotFound } from '../route-error';

export function OrderRoute() {
  const id = useParams().id ?? '';
  const order = useOrder(id);
  if (order.error && 'status' in order.error && (order.error.status === 404 || order.error.status === 422)) return <NotFound />;
  if (order.error)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(order.error)}
      </p>
    );
  if (!order.data) return <LoadingView />;
  return <OrderScreen order={order.data} />;
}
