import { formatINR } from '@grocer/shared/money';
import type { SaleDetail, Shift } from '@grocer/shared/pos';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../toast';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { getSale, returnSale } from '../api/sales';
import { closeShift, shiftReportQuery } from '../api/shift';

const qtyLabel = (q: number, byWeight: boolean) => (byWeight ? `${q} g` : String(q));

/** A return by receipt number: pick lines and units, back to stock, refunded by the sale's methods. */
export function ReturnsPanel({ till }: { till: string }) {
  const [receipt, setReceipt] = useState('');
  const [sale, setSale] = useState<SaleDetail | null>(null);
  const [back, setBack] = useState<Record<number, string>>({});
  const [error, setError] = useState('');
  const find = async () => {
    setError('');
    try {
      setSale(await getSale(receipt.trim().toUpperCase()));
      setBack({});
    } catch (e) {
      setSale(null);
      setError(errorMessage(e));
    }
  };
  const submit = async () => {
    if (!sale) return;
    const lines = Object.entries(back)
      .map(([id, q]) => ({ line_id: Number(id), quantity: Math.round(Number(q)) }))
      .filter((l) => l.quantity > 0);
    if (!lines.length) return setError('Enter what is coming back');
    try {
      const r = await returnSale(sale.receipt, { till, lines });
      toast.success(
        `Refund ${formatINR(r.total)}: cash ${formatINR(r.refund.cash)}${r.refund.upi ? `, UPI ${formatINR(r.refund.upi)}` : ''}${r.refund.card ? `, card ${formatINR(r.refund.card)}` : ''}`,
      );
      setSale(await getSale(sale.receipt));
      setBack({});
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <section className="m-3 max-w-3xl rounded border bg-white p-3" aria-label="Returns">
      <h2 className="mb-2 text-lg font-semibold">Return by receipt number</h2>
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void find();
        }}
      >
        <input
          aria-label="Receipt number"
          autoFocus
          className="rounded border px-2 py-1"
          value={receipt}
          onChange={(e) => setReceipt(e.target.value)}
          placeholder="GR1001"
        />
        <button className="rounded border px-3 py-1">Find</button>
      </form>
      {error && <p className="mt-2 text-red-700">{error}</p>}
      {sale && (
        <>
          <table className="mt-3 w-full">
            <thead className="text-left text-xs text-gray-500">
              <tr>
                <th>Item</th>
                <th>Sold</th>
                <th>Returned</th>
                <th>Paid</th>
                <th>Return now</th>
              </tr>
            </thead>
            <tbody>
              {sale.lines.map((l) => (
                <tr key={l.line_id} className="border-t">
                  <td className="py-1">{l.label}</td>
                  <td>{qtyLabel(l.quantity, l.sold_by_weight)}</td>
                  <td>{qtyLabel(l.returned, l.sold_by_weight)}</td>
                  <td>{formatINR(l.amount)}</td>
                  <td>
                    <input
                      aria-label={`Return ${l.label}`}
                      className="w-20 rounded border px-1"
                      inputMode="numeric"
                      disabled={l.returned >= l.quantity}
                      value={back[l.line_id] ?? ''}
                      onChange={(e) => setBack((b) => ({ ...b, [l.line_id]: e.target.value }))}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <button type="button" className="mt-3 rounded bg-teal-700 px-4 py-2 font-semibold text-white" onClick={() => void submit()}>
            Return and refund
          </button>
        </>
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
    <section className="m-3 max-w-xl rounded border bg-white p-3" aria-label="Shift report">
      <h2 className="mb-2 text-lg font-semibold">Shift report · {till}</h2>
      {r && (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
          <dt>Sales</dt>
          <dd>
            {r.sales} · {formatINR(r.total)}
          </dd>
          <dt>Cash</dt>
          <dd>{formatINR(r.by_method.cash)}</dd>
          <dt>UPI</dt>
          <dd>{formatINR(r.by_method.upi)}</dd>
          <dt>Card</dt>
          <dd>{formatINR(r.by_method.card)}</dd>
          <dt>Returns</dt>
          <dd>
            {r.returns.count} · cash {formatINR(r.returns.cash)}, UPI {formatINR(r.returns.upi)}, card {formatINR(r.returns.card)}
          </dd>
          <dt>Float</dt>
          <dd>{formatINR(r.shift.float)}</dd>
          <dt className="font-semibold">Cash in drawer</dt>
          <dd className="font-semibold" data-testid="cash-in-drawer">
            {formatINR(r.cash_in_drawer)}
          </dd>
        </dl>
      )}
      {r && r.flags.length > 0 && (
        <div className="mt-3 rounded bg-amber-50 p-2">
          <p className="font-semibold">Flagged (sold offline: stock had run out, the price changed, or synced late)</p>
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
            Late sales · {r.late_sales.count} · {formatINR(r.late_sales.total)} (not in the figures above)
          </p>
          <p className="text-xs text-gray-600">
            Rung up offline in a shift closed before they synced: their cash went into that shift’s drawer and was counted there.
          </p>
          <ul>
            {r.late_sales.lines.map((l) => (
              <li key={l.receipt}>
                {l.receipt}: {formatINR(l.total)} (cash {formatINR(l.cash)}
                {l.upi ? `, UPI ${formatINR(l.upi)}` : ''}
                {l.card ? `, card ${formatINR(l.card)}` : ''}) · shift {l.rung_up_in_shift}
              </li>
            ))}
          </ul>
        </div>
      )}
      {closed ? (
        <div className="mt-4 rounded border p-2" role="status">
          <p>
            Shift closed. Expected {formatINR(closed.expected ?? 0)}, counted {formatINR(closed.counted ?? 0)}.
          </p>
          <p className="font-semibold">Difference: {formatINR(closed.difference ?? 0)}</p>
          {closed.close_reason && <p className="text-sm text-gray-600">Closed for another cashier: {closed.close_reason}</p>}
          <button
            type="button"
            className="mt-2 rounded border px-3 py-1"
            onClick={() => void qc.invalidateQueries({ queryKey: ['pos', 'shift'] })}
          >
            Open the next shift
          </button>
        </div>
      ) : (
        <form
          className="mt-4 flex items-end gap-2"
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
            Cash counted (₹)
            <input
              className="mt-1 block w-32 rounded border px-2 py-1"
              inputMode="decimal"
              value={counted}
              onChange={(e) => setCounted(e.target.value)}
              required
            />
          </label>
          {!shift.opened_by_me && (
            <label className="text-sm font-medium">
              Reason (another cashier opened this shift; a manager closes it)
              <input
                className="mt-1 block w-72 rounded border px-2 py-1"
                value={reason}
                maxLength={200}
                onChange={(e) => setReason(e.target.value)}
                required
              />
            </label>
          )}
          <button className="rounded bg-teal-700 px-4 py-2 font-semibold text-white">Close shift</button>
        </form>
      )}
      {error && <p className="mt-2 text-red-700">{error}</p>}
      <p className="mt-3 text-xs text-gray-500">
        Receipts reprint from{' '}
        <a className="underline" href={paths.pos()}>
          the till
        </a>{' '}
        with their number.
      </p>
    </section>
  );
}
