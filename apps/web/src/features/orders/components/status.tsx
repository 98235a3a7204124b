import { ORDER_STATUS_LABELS, type OrderStatus } from '@grocer/shared/order';
import { t } from '../../../lib/i18n';

const tone: Record<OrderStatus, string> = {
  pending_payment: 'bg-amber-100 text-amber-900',
  placed: 'bg-sky-100 text-sky-900',
  confirmed: 'bg-sky-100 text-sky-900',
  packed: 'bg-indigo-100 text-indigo-900',
  shipped: 'bg-violet-100 text-violet-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-gray-200 text-gray-700',
  payment_failed: 'bg-red-100 text-red-800',
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone[status]}`}>{t(ORDER_STATUS_LABELS[status])}</span>;
}
