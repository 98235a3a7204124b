import { formatDate } from '@grocer/shared/format';
import type { OrderDetail } from '@grocer/shared/order';
import { ISSUE_KIND_LABELS, ISSUE_KINDS, REPORT_WINDOW_DAYS, type IssueKind } from '@grocer/shared/support';
import { packLabel } from '@grocer/shared/labels';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LifeBuoy } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/loading';
import { inputClass } from '../../../components/ui/form';
import { ApiError } from '../../../lib/api';
import { readError } from '../../../lib/errors';
import { orderIssuesQuery, reportIssue } from '../api/orders';
import { language, t } from '../../../lib/i18n';

const DAY = 86_400_000;

/**
 * "Report an issue" on a delivered order: missing, damaged or wrong items (which, how many) or
 * something else, within REPORT_WINDOW_DAYS of delivery; the shop answers in Administration → Issues
 * and the answer shows here.
 */
export function OrderIssues({ o }: { o: OrderDetail }) {
  const { data } = useQuery(orderIssuesQuery(o.id));
  const [open, setOpen] = useState(false);
  const delivered = o.timeline.findLast((e) => e.status === 'delivered');
  const canReport =
    o.status === 'delivered' &&
    !!delivered &&
    Date.now() - Date.parse(delivered.at) <= REPORT_WINDOW_DAYS * DAY &&
    !data?.data.some((i) => i.status === 'open');
  if (!canReport && !data?.data.length) return null;
  return (
    <section className="rounded-xl border bg-white p-4 text-sm" aria-labelledby="issues-h">
      <h2 id="issues-h" className="mb-2 font-semibold">
        {t('Help with this order')}
      </h2>
      <ul className="mb-3 space-y-2">
        {data?.data.map((i) => (
          <li key={i.id} className="rounded-lg bg-gray-50 p-2">
            <p className="font-medium">
              {t(ISSUE_KIND_LABELS[i.kind])} · {i.status === 'open' ? t('Reported, the shop will get back to you') : t('Resolved')}
            </p>
            {i.lines.length > 0 && <p className="text-gray-600">{i.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')}</p>}
            {i.note && <p className="text-gray-600">“{i.note}”</p>}
            <p className="text-xs text-gray-500">{t('Reported {date}', { date: formatDate(i.created_at, language()) })}</p>
            {i.resolution && <p className="mt-1 text-emerald-800">{t('The shop: {answer}', { answer: i.resolution })}</p>}
          </li>
        ))}
      </ul>
      {canReport && (
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="flex items-center gap-1.5 rounded-lg border bg-white px-3 py-2 font-medium hover:bg-gray-50"
        >
          <LifeBuoy size={16} aria-hidden="true" /> {t('Report an issue')}
        </button>
      )}
      <Modal open={open} onClose={() => setOpen(false)} title={t('Report an issue')} width={520}>
        {open && <ReportForm o={o} onDone={() => setOpen(false)} />}
      </Modal>
    </section>
  );
}

function ReportForm({ o, onDone }: { o: OrderDetail; onDone: () => void }) {
  const client = useQueryClient();
  const [kind, setKind] = useState<IssueKind | null>(null);
  const [picked, setPicked] = useState<Record<number, number>>({});
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!kind) return setErrors({ kind: [t('Choose what went wrong')] });
    setBusy(true);
    setErrors({});
    try {
      const lines = Object.entries(picked).map(([pack, quantity]) => ({ pack_id: Number(pack), quantity }));
      await reportIssue(o.id, { kind, lines, note });
      await client.invalidateQueries({ queryKey: orderIssuesQuery(o.id).queryKey });
      toast.success(t('Thank you. The shop will get back to you.'));
      onDone();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      setErrors(Object.keys(fields).length ? fields : { form: [readError(err)] });
    } finally {
      setBusy(false);
    }
  };
  const error = (key: string) =>
    Object.entries(errors)
      .filter(([k]) => k === key || k.startsWith(`${key}.`))
      .flatMap(([, v]) => v)[0];
  return (
    <form onSubmit={submit} noValidate className="space-y-4 text-sm">
      <fieldset>
        <legend className="mb-1 font-medium">{t('What went wrong?')}</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {ISSUE_KINDS.map((k) => (
            <label key={k} className="flex items-center gap-2 rounded-lg border p-2">
              <input type="radio" name="kind" checked={kind === k} onChange={() => setKind(k)} /> {t(ISSUE_KIND_LABELS[k])}
            </label>
          ))}
        </div>
        {error('kind') && <p className="mt-1 text-red-600">{error('kind')}</p>}
      </fieldset>
      {kind !== 'other' && (
        <fieldset>
          <legend className="mb-1 font-medium">{t('Which items?')}</legend>
          <ul className="divide-y rounded-lg border">
            {o.lines.map((l) => {
              const name = packLabel(l.name, l.pack);
              const qty = picked[l.pack_id];
              return (
                <li key={l.pack_id} className="flex items-center gap-2 p-2">
                  <input
                    type="checkbox"
                    id={`issue-line-${l.pack_id}`}
                    checked={qty !== undefined}
                    onChange={(e) =>
                      setPicked(({ [l.pack_id]: _, ...rest }) => (e.target.checked ? { ...rest, [l.pack_id]: l.quantity } : rest))
                    }
                  />
                  <label htmlFor={`issue-line-${l.pack_id}`} className="min-w-0 flex-1">
                    {name}
                  </label>
                  {qty !== undefined && l.quantity > 1 && (
                    <select
                      aria-label={t('How many of {name}', { name })}
                      value={qty}
                      onChange={(e) => setPicked((p) => ({ ...p, [l.pack_id]: Number(e.target.value) }))}
                      className="rounded border px-1 py-0.5"
                    >
                      {Array.from({ length: l.quantity }, (_, i) => (
                        <option key={i + 1} value={i + 1}>
                          {i + 1}
                        </option>
                      ))}
                    </select>
                  )}
                </li>
              );
            })}
          </ul>
          {error('lines') && <p className="mt-1 text-red-600">{error('lines')}</p>}
        </fieldset>
      )}
      <div>
        <label htmlFor="issue-note" className="mb-1 block font-medium">
          {kind === 'other' ? t('Tell us more') : t('Tell us more (optional)')}
        </label>
        <textarea
          id="issue-note"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          maxLength={1000}
          rows={3}
          className={`${inputClass} h-auto py-2`}
        />
        {error('note') && <p className="mt-1 text-red-600">{error('note')}</p>}
      </div>
      {error('form') && (
        <p role="alert" className="text-red-600">
          {error('form')}
        </p>
      )}
      <button
        type="submit"
        disabled={busy}
        className="flex h-10 w-full items-center justify-center rounded-lg bg-[var(--color-primary)] font-semibold text-white"
      >
        {busy ? <Spinner size={16} className="text-white" /> : t('Send report')}
      </button>
    </form>
  );
}
