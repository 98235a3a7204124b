import type { ProductStatus } from '@grocer/shared/admin-catalogue';

const STYLE: Record<ProductStatus, string> = {
  active: 'bg-green-50 text-green-800 ring-green-600/20',
  draft: 'bg-gray-100 text-gray-700 ring-gray-500/20',
  archived: 'bg-amber-50 text-amber-800 ring-amber-600/20',
};
export const STATUS_LABEL: Record<ProductStatus, string> = { active: 'Active', draft: 'Draft', archived: 'Archived' };

export function StatusBadge({ status }: { status: ProductStatus }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STYLE[status]}`}>
      {STATUS_LABEL[status]}
    </span>
  );
}
