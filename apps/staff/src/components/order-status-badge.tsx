import { ORDER_STATUS_LABELS, type OrderStatus } from '@grocer/shared/order';

const STYLE: Record<OrderStatus, string> = {
  pending_payment: 'bg-gray-100 text-gray-700 ring-gray-500/20',
  placed: 'bg-blue-50 text-blue-800 ring-blue-600/20',
  confirmed: 'bg-indigo-50 text-indigo-800 ring-indigo-600/20',
  packed: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  shipped: 'bg-purple-50 text-purple-800 ring-purple-600/20',
  delivered: 'bg-green-50 text-green-800 ring-green-600/20',
  cancelled: 'bg-red-50 text-red-800 ring-red-600/20',
  payment_failed: 'bg-red-50 text-red-800 ring-red-600/20',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STYLE[status]}`}>
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}
