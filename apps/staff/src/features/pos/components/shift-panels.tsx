import { formatINR, toRupees } from '@grocer/shared/money';
import {
  REFUND_TENDERS,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  type RefundTender,
  type ReturnReason,
  type ReturnResult,
  type SaleDetail,
  type Shift,
} from '@grocer/shared/pos';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { getSale, returnSale } from '../api/sales';
import { returnPlan } from '../returns';
import { closeShift, shiftReportQuery } from '../api/shift';
import { t } from '../../../lib/i18n';

const qtyLabel = (q: number, byWeight: boolean) => (byWeight ? `${q} g` : String(q));
const tap = 'min-h-11 md:min-h-0';

/** "₹35 in cash and ₹23.47 by UPI": a refund's parts as the cashier says them. */
export function refundWords(r: { cash: number; upi: number; card: number; khata?: number }): string {
  const parts = [
    r.khata ? `${formatINR(r.khata)} back to the khata` : '',
    r.cash ? `${formatINR(r.cash)} in cash` : '',
    r.upi ? `${formatINR(r.upi)} by UPI` : '',
    r.card ? `${formatINR(r.card)} to card` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' and ') : `${formatINR(0)} in cash`;
}

const TENDER_LABELS: Record<RefundTender, string> = { cash: 'Cash', upi: 'UPI', original: 'To the original tenders' };

/** A printable 80 mm page (receipt, credit note, Z report) with its Print button. */
export function PrintablePage({ src, title, print }: { src: string; title: string; print: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  return (
    <div className="mt-3 flex flex-col items-center gap-2">
      <button
        type="button"
        className="min-h-11 rounded bg-teal-700 px-4 py-2 font-semibold text-white"
        onClick={() => frame.current?.contentWindow?.print()}
      >
        {print}
      </button>
      <iframe ref={frame} title={title} src={src} className="h-[60vh] w-full max-w-[88mm] border bg-white" />
    </div>
  );
}

/**
 * A return by receipt number: the lines and units coming back, why, and the tender of the refund
 * (cash in whole rupees, see `splitRefund`); a confirm step says what will happen, then the
 * return's credit note prints.
 */
export function ReturnsPanel({ till }: { till: string }) {
  const [receipt, setReceipt] = useState('');
  const [sale, setSale] = useState<SaleDetail | null>(null);
  const [back, setBack] = useState<Record<number, string>>({});
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [note, setNote] = useState('');
  const [tender, setTender] = useState<RefundTender>('cash');
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<ReturnResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const reset = () => {
    setBack({});
    setReason('');
    setNote('');
    setTender('cash');
    setConfirming(false);
  };
  const find = async () => {
    setError('');
    setDone(null);
    try {
      setSale(await getSale(receipt.trim().toUpperCase()));
      reset();
    } catch (e) {
      setSale(null);
      setError(errorMessage(e));
    }
  };
  const { lines, totalPaise, items, split, refund, problem } = returnPlan(sale, back, tender);

  const review = () => {
    const wrong = problem(reason, note);
    setError(wrong ?? '');
    if (!wrong) setConfirming(true);
  };
  const submit = async () => {
    if (!sale || !reason) return;
    setBusy(true);
    try {
      const r = await returnSale(sale.receipt, { till, lines, reason, note: note.trim(), tender });
      setDone(r);
      setSale(await getSale(sale.receipt));
      reset();
    } catch (e) {
      setConfirming(false);
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="m-3 max-w-3xl overflow-y-auto rounded border bg-white p-3" aria-label={t('Returns')}>
      <h2 className="mb-2 text-lg font-semibold">{t('Return by receipt number')}</h2>
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void find();
        }}
      >
        <input
          aria-label={t('Receipt number')}
          autoFocus
          className={`${tap} min-w-0 flex-1 rounded border px-2 py-1 md:flex-none`}
          value={receipt}
          onChange={(e) => setReceipt(e.target.value)}
          placeholder={t('GR1001')}
        />
        <button className={`${tap} rounded border px-3 py-1`}>{t('Find')}</button>
      </form>
      {error && (
        <p className="mt-2 text-red-700" role="alert">
          {error}
        </p>
      )}
      {done && (
        <div className="mt-3 rounded border border-teal-700 bg-teal-50 p-2" role="status">
          <p className="font-semibold">
            {t('Credit note {number}: refunded {refund}', { number: done.number, refund: refundWords(done.refund) })}
          </p>
          <p className="text-sm">
            {t('Return total {total}', { total: formatINR(done.total) })}
            {done.rounding ? t(' · cash rounding {rounding}', { rounding: formatINR(done.rounding) }) : ''}{' '}
            {t('· against receipt {receipt}', { receipt: done.receipt })}
          </p>
          <PrintablePage
            src={paths.posCreditNotePrint(done.number)}
            title={t('Credit note {number}', { number: done.number })}
            print={t('Print credit note')}
          />
        </div>
      )}
      {sale && !confirming && !done && (
        <>
          <ul className="mt-3 divide-y border-y" aria-label={t('Lines on the receipt')}>
            {sale.lines.map((l) => (
              <li key={l.line_id} className="flex items-center gap-2 py-2">
                <div className="min-w-0 flex-1">
                  <div>{l.label}</div>
                  <div className="text-xs text-gray-600">
                    {t('sold {quantity} · returned {returned} · paid {amount}', {
                      quantity: qtyLabel(l.quantity, l.sold_by_weight),
                      returned: qtyLabel(l.returned, l.sold_by_weight),
                      amount: formatINR(l.amount),
                    })}
                  </div>
                </div>
                <input
                  aria-label={t('Return {label}', { label: l.label })}
                  className={`${tap} w-20 rounded border px-2 text-right`}
                  inputMode="numeric"
                  placeholder="0"
                  disabled={l.returned >= l.quantity}
                  value={back[l.line_id] ?? ''}
                  onChange={(e) => setBack((b) => ({ ...b, [l.line_id]: e.target.value }))}
                />
              </li>
            ))}
          </ul>
          <div className="mt-3 grid gap-3 md:grid-cols-2">
            <label className="text-sm font-medium">
              {t('Reason')}
              <select
                className={`${tap} mt-1 block w-full rounded border px-2 py-1`}
                value={reason}
                onChange={(e) => setReason(e.target.value as ReturnReason)}
              >
                <option value="">{t('Choose…')}</option>
                {RETURN_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {RETURN_REASON_LABELS[r]}
                  </option>
                ))}
              </select>
            </label>
            {reason === 'other' && (
              <label className="text-sm font-medium">
                {t('Note')}
                <input
                  className={`${tap} mt-1 block w-full rounded border px-2 py-1`}
                  value={note}
                  maxLength={200}
                  onChange={(e) => setNote(e.target.value)}
                />
              </label>
            )}
          </div>
          <fieldset className="mt-3">
            <legend className="text-sm font-medium">{t('Refund by')}</legend>
            <div className="mt-1 flex flex-wrap gap-2">
              {REFUND_TENDERS.map((tenderItem) => (
                <label key={tenderItem} className={`${tap} flex items-center gap-2 rounded border px-3 py-1`}>
                  <input
                    type="radio"
                    name="refund-tender"
                    value={tenderItem}
                    checked={tender === tenderItem}
                    onChange={() => setTender(tenderItem)}
                  />
                  {TENDER_LABELS[tenderItem]}
                </label>
              ))}
            </div>
            <p className="mt-1 text-xs text-gray-600">{t('Cash is paid in whole rupees: 50 paise and up round up, less rounds down.')}</p>
          </fieldset>
          <button type="button" className="mt-3 min-h-11 rounded bg-teal-700 px-4 py-2 font-semibold text-white" onClick={review}>
            {t('Review refund')}
          </button>
        </>
      )}
      {sale && confirming && (
        <div className="mt-3 rounded border-2 border-amber-500 bg-amber-50 p-3" role="alertdialog" aria-label={t('Confirm the refund')}>
          <h3 className="font-semibold">{t('Confirm the refund')}</h3>
          <p className="mt-1 text-base" data-testid="refund-summary">
            {t('Refund {refund} for {items} {items, plural, one {item} other {items}}; stock back to the shelf', {
              refund: refundWords(refund),
              items,
            })}
          </p>
          <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 text-sm">
            <dt>{t('Return total (receipt {receipt})', { receipt: sale.receipt })}</dt>
            <dd className="text-right">{formatINR(toRupees(totalPaise))}</dd>
            {refund.cash > 0 && <dt>{t('Cash')}</dt>}
            {refund.cash > 0 && <dd className="text-right">{formatINR(refund.cash)}</dd>}
            {refund.upi > 0 && <dt>{t('UPI')}</dt>}
            {refund.upi > 0 && <dd className="text-right">{formatINR(refund.upi)}</dd>}
            {refund.card > 0 && <dt>{t('Card')}</dt>}
            {refund.card > 0 && <dd className="text-right">{formatINR(refund.card)}</dd>}
            {refund.khata > 0 && <dt>{t('Back to the khata')}</dt>}
            {refund.khata > 0 && <dd className="text-right">{formatINR(refund.khata)}</dd>}
            <dt>{t('Cash rounding (kept on the credit note)')}</dt>
            <dd className="text-right">{formatINR(toRupees(split.rounding))}</dd>
            <dt>{t('Reason')}</dt>
            <dd className="text-right">
              {reason && RETURN_REASON_LABELS[reason]}
              {note.trim() && ` (${note.trim()})`}
            </dd>
          </dl>
          <div className="mt-3 flex gap-2">
            <button
              type="button"
              disabled={busy}
              className="min-h-11 flex-1 rounded bg-teal-700 px-4 py-2 font-semibold text-white disabled:opacity-50 md:flex-none"
              onClick={() => void submit()}
            >
              {t('Confirm refund')}
            </button>
            <button type="button" className="min-h-11 rounded border bg-white px-4 py-2" onClick={() => setConfirming(false)}>
              {t('Back')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

/** The shift report and its close: the cash counted against what the drawer should hold. */
export function CloseShiftPanel({ till, shift }: { till: string; shift: Shift }) {
  const qc = useQueryClient();
  const report = useQuery(shiftReportQuery(shift.id));
  const [counted, setCounted] = useState('');
  const [reason, setReason] = useState('');
  const [closed, setClosed] = useState<Shift | null>(null);
  const [error, setError] = useState('');
  const r = report.data;
  return (
    <section className="m-3 max-w-xl overflow-y-auto rounded border bg-white p-3" aria-label={t('Shift report')}>
      <h2 className="mb-2 text-lg font-semibold">{t('Shift report · {till}', { till })}</h2>
      {r && (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
          <dt>{t('Sales')}</dt>
          <dd>
            {r.sales} · {formatINR(r.total)}
          </dd>
          <dt>{t('Cash')}</dt>
          <dd>{formatINR(r.by_method.cash)}</dd>
          <dt>{t('UPI')}</dt>
          <dd>{formatINR(r.by_method.upi)}</dd>
          <dt>{t('Card')}</dt>
          <dd>{formatINR(r.by_method.card)}</dd>
          <dt>{t('Returns')}</dt>
          <dd>
            {t('{count} · cash {cash}, UPI {upi}, card {card}', {
              count: r.returns.count,
              cash: formatINR(r.returns.cash),
              upi: formatINR(r.returns.upi),
              card: formatINR(r.returns.card),
            })}
          </dd>
          <dt>{t('Float')}</dt>
          <dd>{formatINR(r.shift.float)}</dd>
          <dt className="font-semibold">{t('Cash in drawer')}</dt>
          <dd className="font-semibold" data-testid="cash-in-drawer">
            {formatINR(r.cash_in_drawer)}
          </dd>
        </dl>
      )}
      {r && r.flags.length > 0 && (
        <div className="mt-3 rounded bg-amber-50 p-2">
          <p className="font-semibold">{t('Flagged (sold offline: stock had run out, the price changed, or synced late)')}</p>
          <ul>
            {r.flags.map((f, i) => (
              <li key={i}>
                {f.receipt}: {f.label}
                {f.quantity > 0 && ` × ${f.quantity}`}
              </li>
            ))}
          </ul>
        </div>
      )}
      {r && r.late_sales.count > 0 && (
        <div className="mt-3 rounded bg-amber-50 p-2" data-testid="late-sales">
          <p className="font-semibold">
            {t('Late sales · {count} · {total} (not in the figures above)', {
              count: r.late_sales.count,
              total: formatINR(r.late_sales.total),
            })}
          </p>
          <p className="text-xs text-gray-600">
            {t('Rung up offline in a shift closed before they synced: their cash went into that shift’s drawer and was counted there.')}
          </p>
          <ul>
            {r.late_sales.lines.map((l) => (
              <li key={l.receipt}>
                {t('{receipt}: {total} (cash {cash}', { receipt: l.receipt, total: formatINR(l.total), cash: formatINR(l.cash) })}
                {l.upi ? t(', UPI {upi}', { upi: formatINR(l.upi) }) : ''}
                {l.card ? t(', card {card}', { card: formatINR(l.card) }) : ''}
                {t(') · shift {rungUpInShift}', { rungUpInShift: l.rung_up_in_shift })}
              </li>
            ))}
          </ul>
        </div>
      )}
      {closed ? (
        <div className="mt-4 rounded border p-2" role="status">
          <p>
            {t('Shift closed. Expected {formatINR}, counted {formatINR2}.', {
              formatINR: formatINR(closed.expected ?? 0),
              formatINR2: formatINR(closed.counted ?? 0),
            })}
          </p>
          <p className="font-semibold">{t('Difference: {formatINR}', { formatINR: formatINR(closed.difference ?? 0) })}</p>
          {closed.close_reason && (
            <p className="text-sm text-gray-600">{t('Closed for another cashier: {closeReason}', { closeReason: closed.close_reason })}</p>
          )}
          <button
            type="button"
            className="mt-2 min-h-11 rounded border px-3 py-1"
            onClick={() => void qc.invalidateQueries({ queryKey: ['pos', 'shift'] })}
          >
            {t('Open the next shift')}
          </button>
          <PrintablePage
            src={paths.posZReport(closed.id)}
            title={t('Z report {till}', { till: closed.till })}
            print={t('Print Z report')}
          />
        </div>
      ) : (
        <form
          className="mt-4 flex flex-wrap items-end gap-2"
          onSubmit={async (e) => {
            e.preventDefault();
            try {
              setClosed(await closeShift({ till, counted: Number(counted) || 0, ...(shift.opened_by_me ? {} : { reason }) }));
            } catch (err) {
              setError(errorMessage(err));
            }
          }}
        >
          <label className="text-sm font-medium">
            {t('Cash counted (₹)')}
            <input
              className={`${tap} mt-1 block w-32 rounded border px-2 py-1`}
              inputMode="decimal"
              value={counted}
              onChange={(e) => setCounted(e.target.value)}
              required
            />
          </label>
          {!shift.opened_by_me && (
            <label className="text-sm font-medium">
              {t('Reason (another cashier opened this shift; a manager closes it)')}
              <input
                className={`${tap} mt-1 block w-full max-w-72 rounded border px-2 py-1`}
                value={reason}
                maxLength={200}
                onChange={(e) => setReason(e.target.value)}
                required
              />
            </label>
          )}
          <button className="min-h-11 rounded bg-teal-700 px-4 py-2 font-semibold text-white">{t('Close shift')}</button>
        </form>
      )}
      {error && <p className="mt-2 text-red-700">{error}</p>}
      <p className="mt-3 text-xs text-gray-500">
        {t('Receipts reprint from')}{' '}
        <a className="underline" href={paths.pos()}>
          {t('the till')}
        </a>{' '}
        {t('with their number.')}
      </p>
    </section>
  );
}
