const TONE: Record<string, string> = {
  draft: 'bg-gray-100 text-gray-700',
  ordered: 'bg-blue-50 text-blue-800',
  in_transit: 'bg-blue-50 text-blue-800',
  partially_received: 'bg-amber-50 text-amber-800',
  received: 'bg-green-50 text-green-800',
  cancelled: 'bg-red-50 text-red-800',
};

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return <span className={`inline-block whitespace-nowrap rounded px-2 py-0.5 text-xs font-medium ${TONE[status] ?? ''}`}>{label}</span>;
}
