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
  const t = transfer.data;
  if (!t) return <LoadingView />;
  const act = (m: 'send' | 'cancel') =>
    move.mutate(m, {
      onSuccess: (r) => toast.success(m === 'send' ? `${r.number} sent: the stock left ${r.from.name}` : `${r.number} cancelled`),
      onError: (err) => toast.error(errorMessage(err)),
    });
  const receiving = t.status === 'in_transit' || t.status === 'partially_received';
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">Transfer {t.number}</h1>
        <StatusBadge status={t.status} label={TRANSFER_STATUS_LABELS[t.status]} />
      </div>
      <p className="text-sm text-gray-700">
        {t.from.name} → {t.to.name} · created {formatDateTime(t.created_at)}
        {t.sent_at && ` · sent ${formatDateTime(t.sent_at)}`}
        {t.received_at && ` · received ${formatDateTime(t.received_at)}`}
      </p>
      {t.note && <p className="text-sm">Note: {t.note}</p>}
      {t.status === 'draft' && (
        <div className="flex gap-2">
          <button
            type="button"
            disabled={move.isPending}
            onClick={() => act('send')}
            className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-white disabled:opacity-50"
          >
            Send
          </button>
          <Link to={paths.transferEdit(t.id)} className="rounded-md border bg-white px-4 py-2 text-sm font-medium hover:bg-gray-50">
            Edit
          </Link>
          <button
            type="button"
            disabled={move.isPending}
            onClick={() => act('cancel')}
            className="rounded-md border bg-white px-4 py-2 text-sm font-medium hover:bg-gray-50"
          >
            Cancel transfer
          </button>
        </div>
      )}
      {receiving ? <ReceiveTransfer t={t} /> : <Lines t={t} />}
    </div>
  );
}

function Lines({ t }: { t: Transfer }) {
  return (
    <Card title="Lines">
      <ul className="divide-y text-sm" aria-label="Transfer lines">
        {t.lines.map((l) => (
          <li key={l.id} className="flex flex-wrap justify-between gap-2 py-2">
            <span>
              {l.product} · {l.pack}
              {l.sku && <span className="ml-2 font-mono text-xs text-gray-500">{l.sku}</span>}
            </span>
            <span className="tabular-nums">
              {l.quantity} units
              {t.status === 'draft' && ` · ${l.available_at_source} available at ${t.from.name}`}
              {l.received > 0 && ` · ${l.received} received`}
              {l.short > 0 && ` · ${l.short} short (${l.short_reason})`}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function ReceiveTransfer({ t }: { t: Transfer }) {
  const receive = useReceiveTransfer(t.id);
  const [form, setForm] = useState<Record<number, { received: string; short: string; reason: string }>>({});
  const value = (id: number) => form[id] ?? { received: '', short: '', reason: '' };
  const set = (id: number, patch: Partial<{ received: string; short: string; reason: string }>) =>
    setForm({ ...form, [id]: { ...value(id), ...patch } });
  return (
    <form
      aria-label="Receive transfer"
      onSubmit={(e) => {
        e.preventDefault();
        const lines = t.lines
          .map((l) => ({
            line_id: l.id,
            received: Number(value(l.id).received) || 0,
            short: Number(value(l.id).short) || 0,
            short_reason: value(l.id).reason,
          }))
          .filter((l) => l.received > 0 || l.short > 0);
        if (!lines.length) return void toast.error('Enter what arrived');
        receive.mutate(
          { lines },
          {
            onSuccess: (r) => {
              setForm({});
              toast.success(r.status === 'received' ? `${r.number} received in full` : `${r.number}: receipt recorded`);
            },
            onError: (err) => toast.error(errorMessage(err)),
          },
        );
      }}
    >
      <Card title="Receive at the destination">
        <ReceiveLines
          label="Transfer lines"
          lines={t.lines}
          columns="sm:grid-cols-[1fr_8rem_8rem_14rem]"
          left={(l) => l.quantity - l.received - l.short}
          progress={(l, left) => (
            <>
              {l.quantity} sent · {l.received} received{l.short ? ` · ${l.short} short` : ''} · {left} to come
            </>
          )}
          inputs={(l, left) => {
            const v = value(l.id);
            return (
              <>
                <ReceiveInput
                  label="Received now"
                  line={l}
                  type="number"
                  min={0}
                  max={left}
                  value={v.received}
                  onChange={(e) => set(l.id, { received: e.target.value })}
                />
                <ReceiveInput
                  label="Short"
                  line={l}
                  type="number"
                  min={0}
                  max={left}
                  value={v.short}
                  onChange={(e) => set(l.id, { short: e.target.value })}
                />
                <ReceiveInput
                  label="Why short"
                  line={l}
                  value={v.reason}
                  placeholder="e.g. damaged in transit"
                  onChange={(e) => set(l.id, { reason: e.target.value })}
                />
              </>
            );
          }}
          done={<p className="text-xs text-green-800 sm:col-span-3">All accounted for</p>}
        />
        <button
          type="submit"
          disabled={receive.isPending}
          className="mt-3 rounded-md bg-brand px-4 py-2 text-sm font-medium text-white disabled:opacity-50"
        >
          Receive
        </button>
      </Card>
    </form>
  );
}
