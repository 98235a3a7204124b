import type { AdminOrder } from '@grocer/shared/admin-orders';
import { formatDateTime } from '@grocer/shared/format';
import { ORDER_STATUS_LABELS } from '@grocer/shared/order';
import { useState } from 'react';
import { toast } from 'sonner';
import { Field, inputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-message';
import { useCan } from '../../../lib/permissions';
import { useAddNote } from '../api/order-notes';
import { t } from '../../../lib/i18n';

type Entry = AdminOrder['timeline'][number];

/** What an entry is called: the status entered, a change made in it, or a staff note. */
const title = (e: Entry) =>
  e.kind === 'note'
    ? 'Staff note'
    : e.kind === 'change'
      ? `Changed while ${ORDER_STATUS_LABELS[e.status].toLowerCase()}`
      : ORDER_STATUS_LABELS[e.status];

/**
 * The order's history for the staff (issue 40 §12): each status it entered, each change made in
 * one (never a second "Placed"), and the staff's notes, in the staff's words. Notes are the staff's
 * only; the shopper never sees them.
 */
export function OrderTimeline({ order }: { order: AdminOrder }) {
  const canWrite = useCan()('orders.manage');
  return (
    <>
      <ol className="space-y-3 border-l-2 border-gray-200 pl-4 text-sm">
        {order.timeline.map((e, i) => (
          <li
            key={i}
            className={e.kind === 'note' ? '-ml-4 rounded-r-md border-l-2 border-amber-400 bg-amber-50 py-1.5 pr-2 pl-[14px]' : ''}
          >
            <p className={e.kind === 'status' || !e.kind ? 'font-medium' : 'font-medium text-gray-700'}>{title(e)}</p>
            {e.kind === 'note' ? (
              <>
                <p className="whitespace-pre-line text-gray-900">{e.note}</p>
                <p className="text-xs text-gray-600">
                  {e.by} · {formatDateTime(e.at)}
                </p>
              </>
            ) : (
              <p className="text-xs text-gray-600">
                {t('{at} · by {by}', { at: formatDateTime(e.at), by: e.by })}
                {e.note ? ` · ${e.note}` : ''}
              </p>
            )}
          </li>
        ))}
      </ol>
      {canWrite && <StaffNoteForm order={order} />}
    </>
  );
}

function StaffNoteForm({ order }: { order: AdminOrder }) {
  const add = useAddNote(order.id);
  const [text, setText] = useState('');
  return (
    <form
      aria-label={t('Add a staff note')}
      className="mt-4 space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        add.mutate(text, {
          onSuccess: () => {
            setText('');
            toast.success(t('Note added'));
          },
          onError: (err) => toast.error(errorMessage(err)),
        });
      }}
    >
      <Field label={t('New note')} hint={t("Only the shop's staff see notes.")}>
        {(a) => (
          <textarea
            {...a}
            rows={2}
            maxLength={1000}
            required
            className={inputClass}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        )}
      </Field>
      <button
        type="submit"
        disabled={add.isPending || !text.trim()}
        className="rounded-md border bg-white px-3 py-1.5 text-sm font-medium hover:bg-gray-50 disabled:opacity-50"
      >
        {t('Add note')}
      </button>
    </form>
  );
}
