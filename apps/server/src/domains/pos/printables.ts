import { formatINR, toRupees } from '@grocer/shared/money';
import type { Language } from '@grocer/shared/languages';
import { messagesIn } from '@grocer/shared/messages/catalogue';
import { dateTimeIn } from '@grocer/shared/messages/types';
import type { ReturnReason, SaleDetail, ShiftReport } from '@grocer/shared/pos';
import { splitGst } from '@grocer/shared/tax';
import type { Db } from '../../db/client';
import { websiteProfile } from '../website/service';
import { documentFont, documentLang } from '../outbox';
import { customerLanguage } from '../outbox';
import { esc, qty, THERMAL_CSS } from './receipt';
import type { creditNote } from './service';
import { shopDateTime } from '@grocer/shared/shop-time';

const when = (d: Date | string) => shopDateTime(d);

async function shopHead(db: Db, websiteId: number) {
  const site = await websiteProfile(db, websiteId);
  const a = (site?.webAddress ?? {}) as Record<string, string>;
  return `<h1>${esc(site?.name)}</h1><p class="c">${esc(a.line1)}${a.city ? `, ${esc(a.city)}` : ''}</p>${a.gstin ? `<p class="c">GSTIN: ${esc(a.gstin)}</p>` : ''}`;
}

/** An 80 mm page; a customer's document (the credit note) in their language, with its script's font (issue 46 §5). */
const page = (title: string, body: string, language: Language = 'en') => {
  const font = documentFont(language);
  return `<!doctype html><html lang="${documentLang(language)}"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${THERMAL_CSS}${font.css}${font.family ? `body{font-family:${font.family},ui-monospace,Menlo,Consolas,monospace}` : ''}</style></head><body>${body}</body></html>`;
};

const row = (label: string, amount: string, cls = '') =>
  `<tr${cls ? ` class="${cls}"` : ''}><td>${label}</td><td class="n">${amount}</td></tr>`;

/**
 * A return's credit note (return receipt) as an 80 mm page: its own number, the receipt it is
 * against, why the goods came back, each line with the GST it reverses (intra-state at the counter:
 * CGST + SGST), the refund by tender and the cash rounding, which together make the return's total.
 */
export async function creditNoteHtml(db: Db, cn: NonNullable<Awaited<ReturnType<typeof creditNote>>>, sale: SaleDetail): Promise<string> {
  const { ret, order, lines } = cn;
  // in the customer's language, as their receipt (issue 46 §5)
  const language = await customerLanguage(db, ret.websiteId, {
    userId: sale.customer ? order.userId : null,
    orderLanguage: order.language,
  });
  const m = messagesIn(language).creditNote;
  const at = (d: Date | string) => dateTimeIn(language, d);
  const body = ret.lines
    .map((b) => {
      const l = lines.find((x) => x.id === b.line_id);
      const byWeight = sale.lines.find((x) => x.line_id === b.line_id)?.sold_by_weight ?? false;
      const t = splitGst(b.amount, l?.gstRate ?? 0, true);
      return `<tr><td colspan="2">${esc(l?.productName)} ${esc(l?.packName)}</td></tr><tr class="sub"><td>${qty(b.quantity, byWeight)} ${esc(m.returned)}</td><td class="n">${formatINR(toRupees(b.amount))}</td></tr><tr class="sub"><td colspan="2">${esc(m.gstLine({ rate: String((l?.gstRate ?? 0) / 100), hsn: l?.hsnCode || '—', taxable: formatINR(toRupees(t.taxable)) }))}</td></tr><tr class="sub"><td>CGST ${formatINR(toRupees(t.cgst))} · SGST ${formatINR(toRupees(t.sgst))}</td><td class="n">− ${formatINR(toRupees(t.gst))}</td></tr>`;
    })
    .join('');
  const total = ret.lines.reduce((n, b) => n + b.amount, 0);
  const gst = ret.lines.reduce((n, b) => n + splitGst(b.amount, lines.find((x) => x.id === b.line_id)?.gstRate ?? 0, true).gst, 0);
  const refund = [
    ret.cash ? row(esc(m.cash), formatINR(toRupees(ret.cash))) : '',
    ret.upi ? row(esc(m.upi), formatINR(toRupees(ret.upi))) : '',
    ret.card ? row(esc(m.card), formatINR(toRupees(ret.card))) : '',
    ret.khata ? row(esc(m.khata), formatINR(toRupees(ret.khata))) : '',
    ret.rounding ? row(esc(m.rounding), formatINR(toRupees(ret.rounding))) : '',
  ].join('');
  return page(
    m.title({ number: ret.number ?? '' }),
    `${await shopHead(db, ret.websiteId)}
<p class="c">${esc(m.heading)}</p><hr><p>${esc(m.number)}: <strong>${esc(ret.number)}</strong></p><p>${esc(at(ret.createdAt))}</p>
<p>${m.against({ receipt: esc(order.ordernumber), date: esc(at(order.createdAt)) })}</p>
<p>${esc(m.reason({ reason: ret.reason as ReturnReason, note: ret.note }))}</p><hr>
<table>${body}</table><hr><table>${row(esc(m.total), formatINR(toRupees(total)), 'big')}${refund}</table><hr>
<p>${esc(m.gstReversed({ gst: formatINR(toRupees(gst)) }))}</p><p>${esc(m.backToStock)}</p><hr><p class="c">${esc(m.keep)}</p>`,
    language,
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
