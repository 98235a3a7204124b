import { SHOPPER_PAYMENT_STATUS_LABELS, packLabel, paymentMethodName } from '@grocer/shared/labels';
import { formatINR, toPaise, toRupees } from '@grocer/shared/money';
import { CHANGE_REASON_LABELS, ORDER_STATUS_LABELS, type RefundSummary } from '@grocer/shared/order';
import type { Db } from '../../db/client';
import { counterPacks } from '../catalogue/service';
import { websiteProfile } from '../website/service';
import { orderDetail, type OrderRow } from './service';
import { SHOP_TIME_ZONE } from '@grocer/shared/shop-time';

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The order's refunds as the one refund summary says (nothing when nothing was given back or is on its way). */
function moneyBack(r: RefundSummary): string {
  if (r.refunded === 0 && r.refund_pending === 0) return '';
  const parts = [
    r.refunded_lines > 0 ? `${formatINR(r.refunded_lines)} for changed lines` : '',
    r.refunded_on_cancel > 0 ? `${formatINR(r.refunded_on_cancel)} on cancellation` : '',
    (r.refunded_other ?? 0) > 0 ? `${formatINR(r.refunded_other ?? 0)} goodwill and other refunds` : '',
  ].filter(Boolean);
  return `<p class="refunds">Paid ${formatINR(r.paid)} · Refunded ${formatINR(r.refunded)}${parts.length ? ` (${parts.join(', ')})` : ''}${r.refund_pending > 0 ? ` · Refund pending ${formatINR(r.refund_pending)}` : ''} · Net ${formatINR(r.net)}</p>`;
}

type Site = Awaited<ReturnType<typeof websiteProfile>>;

/** GST by rate (paise summed, then ₹): the invoice's tax summary, one row per rate. */
function taxByRate(lines: Awaited<ReturnType<typeof orderDetail>>['lines']) {
  const by = new Map<number, { taxable: number; cgst: number; sgst: number; igst: number }>();
  for (const l of lines) {
    const r = by.get(l.gst_rate) ?? { taxable: 0, cgst: 0, sgst: 0, igst: 0 };
    r.taxable += toPaise(l.tax.taxable);
    r.cgst += toPaise(l.tax.cgst);
    r.sgst += toPaise(l.tax.sgst);
    r.igst += toPaise(l.tax.igst);
    by.set(l.gst_rate, r);
  }
  return [...by.entries()].sort((x, y) => x[0] - y[0]);
}

const STYLE = `body{font:14px system-ui,sans-serif;color:#18181b;max-width:900px;margin:24px auto;padding:0 16px}h1{font-size:22px;margin:0}table{width:100%;border-collapse:collapse;margin-top:16px}th,td{border:1px solid #d4d4d8;padding:6px 8px;text-align:left;vertical-align:top}th{background:#f4f4f5;font-size:12px}.n{text-align:right;white-space:nowrap}.grid{display:flex;gap:24px;justify-content:space-between;margin-top:16px}.muted{color:#52525b}.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch}.rates{width:auto;min-width:50%;margin-left:auto}.invoice+.invoice{margin-top:40px;border-top:2px dashed #d4d4d8;padding-top:24px}@media (max-width:640px){body{font-size:13px;margin:12px auto}.grid{flex-direction:column;gap:8px}th,td{padding:4px 6px}}@page{size:A4;margin:12mm}@media print{.noprint{display:none}body{margin:0;max-width:none}.invoice{break-after:page}.invoice:last-child{break-after:auto}.invoice+.invoice{margin-top:0;border:0;padding-top:0}}`;

const printable = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${esc(title)}</title><meta name="viewport" content="width=device-width,initial-scale=1">
<style>${STYLE}</style></head><body>
${body}
<button class="noprint" onclick="window.print()">Print or save as PDF</button></body></html>`;

/**
 * A GST tax invoice for an order, as a self-contained printable A4 page (the browser's print or
 * "save as PDF" makes the document): seller with address and GSTIN, invoice number (the order
 * number) and date, buyer and place of supply, each line with HSN, rate, taxable value and
 * CGST+SGST or IGST, the tax summed per rate, and the totals. The shopper's order page, the
 * staff's order screen and the till's A4 print all serve this one.
 */
export async function invoiceHtml(db: Db, o: OrderRow): Promise<string> {
  return printable(`Tax invoice ${o.ordernumber}`, await invoiceSection(db, o, await websiteProfile(db, o.websiteId)));
}

/** Many orders' invoices in one document, a page each (the staff's "Print invoices"). */
export async function invoicesHtml(db: Db, websiteId: number, list: OrderRow[]): Promise<string> {
  const site = await websiteProfile(db, websiteId);
  const sections: string[] = [];
  for (const o of list) sections.push(await invoiceSection(db, o, site));
  return printable(`Tax invoices (${list.length})`, sections.join('\n'));
}

async function invoiceSection(db: Db, o: OrderRow, site: Site): Promise<string> {
  const d = await orderDetail(db, o);
  const a = (site?.webAddress ?? {}) as Record<string, string>;
  const intra = d.tax.igst === 0;
  const taxHead = intra ? '<th class="n">CGST</th><th class="n">SGST</th>' : '<th class="n">IGST</th>';
  // A coupon is spread over the lines (in proportion to their amounts) and lowers their taxable value.
  const off = d.discount > 0;
  // the order's discount: its coupon's and its automatic cart promotion's (issue 40 §19)
  const offLabel = [d.coupon ? `Coupon ${d.coupon}` : null, d.promotion?.name ?? null].filter(Boolean).join(' + ');
  const less = (amount: number, discount: number) => toRupees(toPaise(amount) - toPaise(discount));
  // loose goods (issue 40): the quantity is grams and the rate per kg
  const packKinds = await counterPacks(db, o.websiteId, [...new Set(d.lines.map((l) => l.pack_id).filter((id) => id > 0))]);
  const weighed = (packId: number) => packKinds.get(packId)?.soldByWeight ?? false;
  const qty = (l: { pack_id: number; quantity: number; sold_by_weight?: boolean }) =>
    l.sold_by_weight || weighed(l.pack_id) ? `${(l.quantity / 1000).toFixed(3)} kg` : `${l.quantity}`;
  const rows = d.lines
    .map(
      (l, i) =>
        `<tr><td>${i + 1}</td><td>${esc(packLabel(l.name, l.pack))}${l.promotion ? `<br><span class="muted">${esc(l.promotion.name)}: − ${formatINR(l.promotion.discount)} (in the amount)</span>` : ''}</td><td>${esc(l.hsn_code)}</td><td class="n">${qty(l)}</td><td class="n">${formatINR(l.price)}${l.sold_by_weight || weighed(l.pack_id) ? '/kg' : ''}</td>${off ? `<td class="n">${l.discount > 0 ? `− ${formatINR(l.discount)}` : ''}</td>` : ''}<td class="n">${l.gst_rate}%</td><td class="n">${formatINR(l.tax.taxable)}</td>${intra ? `<td class="n">${formatINR(l.tax.cgst)}</td><td class="n">${formatINR(l.tax.sgst)}</td>` : `<td class="n">${formatINR(l.tax.igst)}</td>`}<td class="n">${formatINR(less(l.amount, l.discount))}</td></tr>`,
    )
    .join('');
  const cols = (intra ? 10 : 9) + (off ? 1 : 0);
  const rates = taxByRate(d.lines);
  return `<section class="invoice">
<div class="grid"><div><h1>Tax Invoice</h1><div class="muted">Invoice no. ${esc(d.ordernumber)} · ${esc(new Date(d.created_at).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: SHOP_TIME_ZONE }))}</div><div class="muted">Status: ${esc(ORDER_STATUS_LABELS[d.status])}</div></div>
<div style="text-align:right"><strong>${esc(site?.name)}</strong><br>${esc(a.line1)}<br>${esc(a.city)}${a.state ? `, ${esc(a.state)}` : ''} ${esc(a.pincode)}${a.gstin ? `<br>GSTIN: ${esc(a.gstin)}` : ''}</div></div>
<div class="grid"><div><strong>Bill / ship to</strong><br>${esc(d.address.name)}<br>${esc(d.address.line1)}, ${esc(d.address.line2)}${d.address.landmark ? `, ${esc(d.address.landmark)}` : ''}<br>${esc(d.address.city)}, ${esc(d.address.state)} ${esc(d.address.pincode)}<br>Mobile: ${esc(d.address.phone)}</div>
<div style="text-align:right"><strong>Place of supply</strong><br>${esc(d.address.state)}<br><span class="muted">${intra ? 'Intra-state: CGST + SGST' : 'Inter-state: IGST'}</span></div></div>
<div class="scroll"><table><thead><tr><th>#</th><th>Item</th><th>HSN</th><th class="n">Qty</th><th class="n">Rate (incl. GST)</th>${off ? `<th class="n">${esc(offLabel)}</th>` : ''}<th class="n">GST</th><th class="n">Taxable value</th>${taxHead}<th class="n">Amount</th></tr></thead><tbody>${rows}</tbody>
<tfoot><tr><td colspan="${cols - (intra ? 4 : 3)}" class="n">Totals</td><td class="n">${formatINR(d.tax.taxable)}</td>${intra ? `<td class="n">${formatINR(d.tax.cgst)}</td><td class="n">${formatINR(d.tax.sgst)}</td>` : `<td class="n">${formatINR(d.tax.igst)}</td>`}<td class="n">${formatINR(less(d.items_total, d.discount))}</td></tr>
${off ? `<tr><td colspan="${cols - 1}" class="n muted">Items ${formatINR(d.items_total)} less ${esc(offLabel.replace(/^Coupon /, 'coupon '))} ${formatINR(d.discount)} (spread over the lines above)</td><td></td></tr>` : ''}
<tr><td colspan="${cols - 1}" class="n">Delivery</td><td class="n">${formatINR(d.delivery_charge)}</td></tr>
${d.tip ? `<tr><td colspan="${cols - 1}" class="n">Tip for the delivery person (passed on in full; not a supply of ${esc(site?.name ?? 'the shop')}, no GST)</td><td class="n">${formatINR(d.tip)}</td></tr>` : ''}
<tr><th colspan="${cols - 1}" class="n">Total (incl. GST ${formatINR(d.tax.gst)})</th><th class="n">${formatINR(d.total)}</th></tr></tfoot></table></div>
<div class="scroll"><table class="rates"><caption class="muted" style="text-align:left">GST by rate</caption><thead><tr><th class="n">GST rate</th><th class="n">Taxable value</th>${intra ? '<th class="n">CGST</th><th class="n">SGST</th>' : '<th class="n">IGST</th>'}<th class="n">Total tax</th></tr></thead><tbody>${rates
    .map(
      ([rate, t]) =>
        `<tr><td class="n">${rate}%</td><td class="n">${formatINR(toRupees(t.taxable))}</td>${intra ? `<td class="n">${rate / 2}% ${formatINR(toRupees(t.cgst))}</td><td class="n">${rate / 2}% ${formatINR(toRupees(t.sgst))}</td>` : `<td class="n">${formatINR(toRupees(t.igst))}</td>`}<td class="n">${formatINR(toRupees(t.cgst + t.sgst + t.igst))}</td></tr>`,
    )
    .join('')}</tbody></table></div>
<p class="muted">Payment: ${esc(paymentMethodName(d.payment_method, d.payment.via))} (${esc(SHOPPER_PAYMENT_STATUS_LABELS[d.payment.status])}). Prices include GST.</p>
${moneyBack(d.refunds)}
${
  d.adjustments?.length
    ? `<p>${d.adjustments.every((a) => a.kind === 'refund') ? '<strong>Refunds by the shop</strong> (the lines and totals above are unchanged)' : '<strong>Changed after the order was placed</strong> (the lines and totals above are as delivered)'}:</p><ul>${d.adjustments.map((a) => (a.kind === 'refund' ? `<li>${esc(a.description)} (${esc(CHANGE_REASON_LABELS[a.reason])}): ${formatINR(a.amount)} ${a.refund_status === 'refunded' ? 'refunded' : 'refund pending'}</li>` : `<li>${esc(a.description)}: ${a.amount > 0 ? `${formatINR(a.amount)} ${a.refund_status === 'none' ? 'off the total' : 'refunded'}` : a.amount < 0 ? `${formatINR(-a.amount)} added` : 'no change'}</li>`)).join('')}</ul>`
    : ''
}
</section>`;
}
