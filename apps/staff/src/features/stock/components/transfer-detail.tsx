import { TRANSFER_STATUS_LABELS, type Transfer } from '@grocer/shared/admin-purchasing';
import { formatDateTime } from '@grocer/shared/format';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Card } from '../../../components/ui/field';
import { LoadingView } from '../../../components/ui/loading';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { useReceiveTransfer, useTransfer, useTransferMove } from '../api/transfers';
import { ReceiveInput, ReceiveLines } from './receive-lines';
import { StatusBadge } from './status-badge';
import { t } from '../../../lib/i18n';

/** One transfer: its lines, Send (a draft), Receive (in transit: received and short per line) and Cancel (a draft). */
export function TransferDetail({ id }: { id: number }) {
  const transfer = useTransfer(id);
  const move = useTransferMove(id);
  if (transfer.error)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(transfer.error)}
      </p>
    );
  const valueItem = transfer.data;
  if (!valueItem) return <LoadingView />;
  const act = (m: 'send' | 'cancel') =>
    move.mutate(m, {
      onSuccess: (r) =>
        toast.success(
          m === 'send'
            ? t('{number} sent: the stock left {name}', { number: r.number, name: r.from.name })
            : t('{number} cancelled', { number: r.number }),
        ),
      onError: (err) => toast.error(errorMessage(err)),
    });
  const receiving = valueItem.status === 'in_transit' || valueItem.status === 'partially_received';
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{t('Transfer {number}', { number: valueItem.number })}</h1>
        <StatusBadge status={valueItem.status} label={TRANSFER_STATUS_LABELS[valueItem.status]} />
      </div>
      <p className="text-sm text-gray-700">
        {t('{name} → {toName} · created {created}', {
          name: valueItem.from.name,
          toName: valueItem.to.name,
          created: formatDateTime(valueItem.created_at),
        })}
        {valueItem.sent_at && t(' · sent {sent}', { sent: formatDateTime(valueItem.sent_at) })}
        {valueItem.received_at && t(' · received {received}', { received: formatDateTime(valueItem.received_at) })}
      </p>
      {valueItem.note && <p className="text-sm">{t('Note: {note}', { note: valueItem.note })}</p>}
      {valueItem.status === 'draft' && (
        <div className="flex gap-2">
          <button
            type="button"
            disabled={move.isPending}
            onClick={() => act('send')}
            className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-white disabled:opacity-50"
          >
            {t('Send')}
          </button>
          <Link to={paths.transferEdit(valueItem.id)} className="rounded-md border bg-white px-4 py-2 text-sm font-medium hover:bg-gray-50">
            {t('Edit')}
          </Link>
          <button
            type="button"
            disabled={move.isPending}
            onClick={() => act('cancel')}
            className="rounded-md border bg-white px-4 py-2 text-sm font-medium hover:bg-gray-50"
          >
            {t('Cancel transfer')}
          </button>
        </div>
      )}
      {receiving ? <ReceiveTransfer t={valueItem} /> : <Lines t={valueItem} />}
    </div>
  );
}

function Lines({ t: item }: { t: Transfer }) {
  return (
    <Card title={t('Lines')}>
      <ul className="divide-y text-sm" aria-label={t('Transfer lines')}>
        {item.lines.map((l) => (
          <li key={l.id} className="flex flex-wrap justify-between gap-2 py-2">
            <span>
              {l.product} · {l.pack}
              {l.sku && <span className="ml-2 font-mono text-xs text-gray-500">{l.sku}</span>}
            </span>
            <span className="tabular-nums">
              {t('{quantity} units', { quantity: l.quantity })}
              {item.status === 'draft' &&
                t(' · {availableAtSource} available at {name}', { availableAtSource: l.available_at_source, name: item.from.name })}
              {l.received > 0 && t(' · {received} received', { received: l.received })}
              {l.short > 0 && t(' · {short} short ({shortReason})', { short: l.short, shortReason: l.short_reason })}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function ReceiveTransfer({ t: entry }: { t: Transfer }) {
  const receive = useReceiveTransfer(entry.id);
  const [form, setForm] = useState<Record<number, { received: string; short: string; reason: string }>>({});
  const value = (id: number) => form[id] ?? { received: '', short: '', reason: '' };
  const set = (id: number, patch: Partial<{ received: string; short: string; reason: string }>) =>
    setForm({ ...form, [id]: { ...value(id), ...patch } });
  return (
    <form
      aria-label={t('Receive transfer')}
      onSubmit={(e) => {
        e.preventDefault();
        const lines = entry.lines
          .map((l) => ({
            line_id: l.id,
            received: Number(value(l.id).received) || 0,
            short: Number(value(l.id).short) || 0,
            short_reason: value(l.id).reason,
          }))
          .filter((l) => l.received > 0 || l.short > 0);
        if (!lines.length) return void toast.error(t('Enter what arrived'));
        receive.mutate(
          { lines },
          {
            onSuccess: (r) => {
              setForm({});
              toast.success(
                r.status === 'received'
                  ? t('{number} received in full', { number: r.number })
                  : t('{number}: receipt recorded', { number: r.number }),
              );
            },
            onError: (err) => toast.error(errorMessage(err)),
          },
        );
      }}
    >
      <Card title={t('Receive at the destination')}>
        <ReceiveLines
          label={t('Transfer lines')}
          lines={entry.lines}
          columns="sm:grid-cols-[1fr_8rem_8rem_14rem]"
          left={(l) => l.quantity - l.received - l.short}
          progress={(l, left) => (
            <>
              {t('{quantity} sent · {received} received', { quantity: l.quantity, received: l.received })}
              {l.short ? t(' · {short} short', { short: l.short }) : ''} {t('· {left} to come', { left })}
            </>
          )}
          inputs={(l, left) => {
            const v = value(l.id);
            return (
              <>
                <ReceiveInput
                  label={t('Received now')}
                  line={l}
                  type="number"
                  min={0}
                  max={left}
                  value={v.received}
                  onChange={(e) => set(l.id, { received: e.target.value })}
                />
                <ReceiveInput
                  label={t('Short')}
                  line={l}
                  type="number"
                  min={0}
                  max={left}
                  value={v.short}
                  onChange={(e) => set(l.id, { short: e.target.value })}
                />
                <ReceiveInput
                  label={t('Why short')}
                  line={l}
                  value={v.reason}
                  placeholder={t('e.g. damaged in transit')}
                  onChange={(e) => set(l.id, { reason: e.target.value })}
                />
              </>
            );
          }}
          done={<p className="text-xs text-green-800 sm:col-span-3">{t('All accounted for')}</p>}
        />
        <button
          type="submit"
          disabled={receive.isPending}
          className="mt-3 rounded-md bg-brand px-4 py-2 text-sm font-medium text-white disabled:opacity-50"
        >
          {t('Receive')}
        </button>
      </Card>
    </form>
  );
}
