import { formatINR, toRupees } from '@grocer/shared/money';
import { RETURN_REASON_LABELS, type SaleDetail, type ShiftReport } from '@grocer/shared/pos';
import { splitGst } from '@grocer/shared/tax';
import type { Db } from '../../db/client';
import { websiteProfile } from '../website/service';
import { esc, qty, THERMAL_CSS } from './receipt';
import type { creditNote } from './service';
import { shopDateTime } from '@grocer/shared/shop-time';

const when = (d: Date | string) => shopDateTime(d);

async function shopHead(db: Db, websiteId: number) {
  const site = await websiteProfile(db, websiteId);
  const a = (site?.webAddress ?? {}) as Record<string, string>;
  return `<h1>${esc(site?.name)}</h1><p class="c">${esc(a.line1)}${a.city ? `, ${esc(a.city)}` : ''}</p>${a.gstin ? `<p class="c">GSTIN: ${esc(a.gstin)}</p>` : ''}`;
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${THERMAL_CSS}</style></head><body>${body}</body></html>`;

const row = (label: string, amount: string, cls = '') =>
  `<tr${cls ? ` class="${cls}"` : ''}><td>${label}</td><td class="n">${amount}</td></tr>`;

/**
 * A return's credit note (return receipt) as an 80 mm page: its own number, the receipt it is
 * against, why the goods came back, each line with the GST it reverses (intra-state at the counter:
 * CGST + SGST), the refund by tender and the cash rounding, which together make the return's total.
 */
export async function creditNoteHtml(db: Db, cn: NonNullable<Awaited<ReturnType<typeof creditNote>>>, sale: SaleDetail): Promise<string> {
  const { ret, order, lines } = cn;
  const body = ret.lines
    .map((b) => {
      const l = lines.find((x) => x.id === b.line_id);
      const byWeight = sale.lines.find((x) => x.line_id === b.line_id)?.sold_by_weight ?? false;
      const t = splitGst(b.amount, l?.gstRate ?? 0, true);
      return `<tr><td colspan="2">${esc(l?.productName)} ${esc(l?.packName)}</td></tr><tr class="sub"><td>${qty(b.quantity, byWeight)} returned</td><td class="n">${formatINR(toRupees(b.amount))}</td></tr><tr class="sub"><td colspan="2">GST ${(l?.gstRate ?? 0) / 100}% · HSN ${esc(l?.hsnCode || '—')} · taxable ${formatINR(toRupees(t.taxable))}</td></tr><tr class="sub"><td>CGST ${formatINR(toRupees(t.cgst))} · SGST ${formatINR(toRupees(t.sgst))}</td><td class="n">− ${formatINR(toRupees(t.gst))}</td></tr>`;
    })
    .join('');
  const total = ret.lines.reduce((n, b) => n + b.amount, 0);
  const gst = ret.lines.reduce((n, b) => n + splitGst(b.amount, lines.find((x) => x.id === b.line_id)?.gstRate ?? 0, true).gst, 0);
  const refund = [
    ret.cash ? row('Refunded in cash', formatINR(toRupees(ret.cash))) : '',
    ret.upi ? row('Refunded by UPI', formatINR(toRupees(ret.upi))) : '',
    ret.card ? row('Refunded to card', formatINR(toRupees(ret.card))) : '',
    ret.rounding ? row('Cash rounding', formatINR(toRupees(ret.rounding))) : '',
  ].join('');
  return page(
    `Credit note ${ret.number}`,
    `${await shopHead(db, ret.websiteId)}
<p class="c">CREDIT NOTE (return receipt)</p><hr><p>Credit note: <strong>${esc(ret.number)}</strong></p><p>${esc(when(ret.createdAt))}</p>
<p>Against receipt: <strong>${esc(order.ordernumber)}</strong> of ${esc(when(order.createdAt))}</p>
<p>Reason: ${esc(RETURN_REASON_LABELS[ret.reason] ?? ret.reason)}${ret.note ? ` (${esc(ret.note)})` : ''}</p><hr>
<table>${body}</table><hr><table>${row('RETURN TOTAL', formatINR(toRupees(total)), 'big')}${refund}</table><hr>
<p>GST reversed ${formatINR(toRupees(gst))} (included above).</p><p>Goods back to stock.</p><hr><p class="c">Keep this credit note with your receipt.</p>`,
  );
}

/**
 * The Z report of a shift as an 80 mm page, printed at its close: the opening float, sales and
 * refunds by tender, the cash the drawer should hold against what was counted, the difference, and
 * how many sales and returns. An open shift prints the same figures as an X report (not closed).
 */
export async function zReportHtml(db: Db, websiteId: number, r: ShiftReport): Promise<string> {
  const s = r.shift;
  const closed = s.closed_at !== null;
  const late = r.late_sales.count
    ? `<hr><p>Late sales (not in the figures): ${r.late_sales.count} · ${formatINR(r.late_sales.total)}</p>`
    : '';
  return page(
    `${closed ? 'Z' : 'X'} report ${s.till} shift ${s.id}`,
    `${await shopHead(db, websiteId)}
<p class="c">${closed ? 'Z REPORT (shift closed)' : 'X REPORT (shift still open)'}</p><hr>
<p>${esc(s.till)} · shift ${s.id}</p><p>Opened ${esc(when(s.opened_at))}</p>${closed ? `<p>Closed ${esc(when(s.closed_at!))}</p>` : ''}<hr>
<table>${row('Opening float', formatINR(s.float))}</table><hr>
<table>${row(`Sales (${r.sales})`, formatINR(r.total), 'big')}${row('Cash', formatINR(r.by_method.cash))}${row('UPI', formatINR(r.by_method.upi))}${row('Card', formatINR(r.by_method.card))}</table><hr>
<table>${row(`Refunds (${r.returns.count} ${r.returns.count === 1 ? 'return' : 'returns'})`, formatINR(r.returns.cash + r.returns.upi + r.returns.card), 'big')}${row('Cash', formatINR(r.returns.cash))}${row('UPI', formatINR(r.returns.upi))}${row('Card', formatINR(r.returns.card))}</table><hr>
<table>${row('Cash expected', formatINR(closed ? (s.expected ?? 0) : r.cash_in_drawer))}${closed ? `${row('Cash counted', formatINR(s.counted ?? 0))}${row('Difference', formatINR(s.difference ?? 0), 'big')}` : ''}</table>${late}<hr>
<p class="c">Sales ${r.sales} · Returns ${r.returns.count}</p>`,
  );
}
