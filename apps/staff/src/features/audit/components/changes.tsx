import { counted } from '@grocer/shared/labels';
import { changedFields } from '@grocer/shared/admin-catalogue-edit';

const show = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string') return v.length > 60 ? `${v.slice(0, 57)}…` : v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.length && typeof v[0] === 'object' ? counted(v.length, 'item') : v.join(', ') || '—';
  return JSON.stringify(v).slice(0, 60);
};

/** Packs are compared by what a person reads: "1 kg ₹80 (MRP ₹90)". */
const packsText = (v: unknown) =>
  Array.isArray(v)
    ? v
        .map((k: { name?: string; price?: number; act_price?: number }) => `${k.name ?? ''} ₹${k.price ?? ''} (MRP ₹${k.act_price ?? ''})`)
        .join(', ')
    : show(v);

/** What changed in an audit row: each differing field, before → after (a create or delete lists what it had). */
export function Changes({ before, after }: { before: unknown; after: unknown }) {
  const fields = changedFields(before, after).slice(0, 8);
  if (!fields.length) return <span className="text-gray-500">—</span>;
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const created = before === null;
  const deleted = after === null;
  return (
    <ul className="space-y-0.5 text-xs">
      {fields.map((f) => {
        const fmt = f === 'packs' ? packsText : show;
        return (
          <li key={f}>
            <span className="font-medium text-gray-700">{f.replace(/_/g, ' ')}</span>:{' '}
            {created ? fmt(a[f]) : deleted ? fmt(b[f]) : `${fmt(b[f])} → ${fmt(a[f])}`}
          </li>
        );
      })}
    </ul>
  );
}
