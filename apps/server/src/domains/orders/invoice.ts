import { packLabel, paymentMethodName } from '@grocer/shared/labels';
import { formatINR, toPaise, toRupees } from '@grocer/shared/money';
import type { RefundSummary } from '@grocer/shared/order';
import type { Db } from '../../db/client';
import { counterPacks } from '../catalogue';
import { websiteProfile } from '../website/service';
import { orderDetail, type OrderRow } from './service';
import { SHOP_TIME_ZONE, shopDayOf } from '@grocer/shared/shop-time';
import type { Language } from '@grocer/shared/languages';
import { messagesIn } from '@grocer/shared/messages/catalogue';
import { dayIn, type Messages } from '@grocer/shared/messages/types';
import { documentFont, documentLang, customerLanguage } from '../outbox';

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The order's refunds as the one refund summary says (nothing when nothing was given back or is on its way). */
function moneyBack(r: RefundSummary, m: InvoiceMoney): string {
  if (r.refunded === 0 && r.refund_pending === 0) return '';
  const parts = [
    r.refunded_lines > 0 ? m.forLines({ amount: formatINR(r.refunded_lines) }) : '',
    r.refunded_on_cancel > 0 ? m.onCancel({ amount: formatINR(r.refunded_on_cancel) }) : '',
    (r.refunded_other ?? 0) > 0 ? m.other({ amount: formatINR(r.refunded_other ?? 0) }) : '',
  ].filter(Boolean);
  const pending = r.refund_pending > 0 ? formatINR(r.refund_pending) : null;
  return `<p class="refunds">${esc(m.summary({ paid: formatINR(r.paid), refunded: formatINR(r.refunded), parts, pending, net: formatINR(r.net) }))}</p>`;
}
type InvoiceMoney = Messages['invoice']['money'];

type Site = Awaited<ReturnType<typeof websiteProfile>>;

/** The invoice's date: English as it always printed it ('Nov 29, 2026'), other languages with their month names. */
const invoiceDate = (language: Language, at: string) =>
  language === 'en'
    ? new Date(at).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: SHOP_TIME_ZONE })
    : dayIn(language, shopDayOf(new Date(at)), { year: true });

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

/** The page around the invoices: its `lang` and the scripts' fonts of the languages in it (issue 46 §5). */
const printable = (title: string, body: string, languages: Language[]) => {
  const fonts = [...new Set(languages)].map(documentFont).filter((f) => f.family);
  const one = new Set(languages).size === 1 ? languages[0]! : 'en';
  const family = fonts.length ? `body,button{font-family:${fonts.map((f) => f.family).join(',')},system-ui,sans-serif}` : '';
  return `<!doctype html><html lang="${documentLang(one)}"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${esc(title)}</title><meta name="viewport" content="width=device-width,initial-scale=1">
<style>${STYLE}${fonts.map((f) => f.css).join('')}${family}</style></head><body>
${body}
<button class="noprint" onclick="window.print()">${esc(messagesIn(one).invoice.print)}</button></body></html>`;
};

/** The invoice's language: its customer's (their account's, else the order's, else the website's default). */
const languageOf = (db: Db, o: OrderRow) => customerLanguage(db, o.websiteId, { userId: o.userId, orderLanguage: o.language });

/**
 * A GST tax invoice for an order, as a self-contained printable A4 page (the browser's print or
 * "save as PDF" makes the document): seller with address and GSTIN, invoice number (the order
 * number) and date, buyer and place of supply, each line with HSN, rate, taxable value and
 * CGST+SGST or IGST, the tax summed per rate, and the totals. The shopper's order page, the
 * staff's order screen and the till's A4 print all serve this one.
 */
export async function invoiceHtml(db: Db, o: OrderRow): Promise<string> {
  const language = await languageOf(db, o);
  const m = messagesIn(language).invoice;
  return printable(m.title({ order: o.ordernumber }), await invoiceSection(db, o, await websiteProfile(db, o.websiteId), language), [
    language,
  ]);
}

/** Many orders' invoices in one document, a page each (the staff's "Print invoices"). */
export async function invoicesHtml(db: Db, websiteId: number, list: OrderRow[]): Promise<string> {
  const site = await websiteProfile(db, websiteId);
  const sections: string[] = [];
  const languages: Language[] = [];
  for (const o of list) {
    const language = await languageOf(db, o);
    languages.push(language);
    sections.push(await invoiceSection(db, o, site, language));
  }
  return printable(`Tax invoices (${list.length})`, sections.join('\n'), languages.length ? languages : ['en']);
}

async function invoiceSection(db: Db, o: OrderRow, site: Site, language: Language): Promise<string> {
  const m = messagesIn(language).invoice;
  const d = await orderDetail(db, o);
  const a = (site?.webAddress ?? {}) as Record<string, string>;
  const intra = d.tax.igst === 0;
  const taxHead = intra ? '<th class="n">CGST</th><th class="n">SGST</th>' : '<th class="n">IGST</th>';
  const h = m.head;
  // A coupon is spread over the lines (in proportion to their amounts) and lowers their taxable value.
  const off = d.discount > 0;
  // the order's discount: its coupon's and its automatic cart promotion's (issue 40 §19)
  const offLabel = [d.coupon ? m.coupon({ code: d.coupon }) : null, d.promotion?.name ?? null].filter(Boolean).join(' + ');
  const less = (amount: number, discount: number) => toRupees(toPaise(amount) - toPaise(discount));
  // loose goods (issue 40): the quantity is grams and the rate per kg
  const packKinds = await counterPacks(db, o.websiteId, [...new Set(d.lines.map((l) => l.pack_id).filter((id) => id > 0))]);
  const weighed = (packId: number) => packKinds.get(packId)?.soldByWeight ?? false;
  const qty = (l: { pack_id: number; quantity: number; sold_by_weight?: boolean }) =>
    l.sold_by_weight || weighed(l.pack_id) ? `${(l.quantity / 1000).toFixed(3)} kg` : `${l.quantity}`;
  const rows = d.lines
    .map(
      (l, i) =>
        `<tr><td>${i + 1}</td><td>${esc(packLabel(l.name, l.pack))}${l.promotion ? `<br><span class="muted">${esc(l.promotion.name)}: − ${formatINR(l.promotion.discount)} (${esc(m.inTheAmount)})</span>` : ''}</td><td>${esc(l.hsn_code)}</td><td class="n">${qty(l)}</td><td class="n">${formatINR(l.price)}${l.sold_by_weight || weighed(l.pack_id) ? '/kg' : ''}</td>${off ? `<td class="n">${l.discount > 0 ? `− ${formatINR(l.discount)}` : ''}</td>` : ''}<td class="n">${l.gst_rate}%</td><td class="n">${formatINR(l.tax.taxable)}</td>${intra ? `<td class="n">${formatINR(l.tax.cgst)}</td><td class="n">${formatINR(l.tax.sgst)}</td>` : `<td class="n">${formatINR(l.tax.igst)}</td>`}<td class="n">${formatINR(less(l.amount, l.discount))}</td></tr>`,
    )
    .join('');
  const cols = (intra ? 10 : 9) + (off ? 1 : 0);
  const rates = taxByRate(d.lines);
  return `<section class="invoice"${language === 'en' ? '' : ` lang="${documentLang(language)}"`}>
<div class="grid"><div><h1>${esc(m.heading)}</h1><div class="muted">${esc(m.number({ order: d.ordernumber, date: invoiceDate(language, d.created_at) }))}</div><div class="muted">${esc(m.status({ status: messagesIn(language).order.status[d.status] }))}</div></div>
<div style="text-align:right"><strong>${esc(site?.name)}</strong><br>${esc(a.line1)}<br>${esc(a.city)}${a.state ? `, ${esc(a.state)}` : ''} ${esc(a.pincode)}${a.gstin ? `<br>GSTIN: ${esc(a.gstin)}` : ''}</div></div>
<div class="grid"><div><strong>${esc(m.billTo)}</strong><br>${esc(d.address.name)}<br>${esc(d.address.line1)}, ${esc(d.address.line2)}${d.address.landmark ? `, ${esc(d.address.landmark)}` : ''}<br>${esc(d.address.city)}, ${esc(d.address.state)} ${esc(d.address.pincode)}<br>${esc(m.mobile)}: ${esc(d.address.phone)}</div>
<div style="text-align:right"><strong>${esc(m.placeOfSupply)}</strong><br>${esc(d.address.state)}<br><span class="muted">${esc(intra ? m.intra : m.inter)}</span></div></div>
<div class="scroll"><table><thead><tr><th>#</th><th>${esc(h.item)}</th><th>${esc(h.hsn)}</th><th class="n">${esc(h.qty)}</th><th class="n">${esc(h.rate)}</th>${off ? `<th class="n">${esc(offLabel)}</th>` : ''}<th class="n">${esc(h.gst)}</th><th class="n">${esc(h.taxable)}</th>${taxHead}<th class="n">${esc(h.amount)}</th></tr></thead><tbody>${rows}</tbody>
<tfoot><tr><td colspan="${cols - (intra ? 4 : 3)}" class="n">${esc(m.totals)}</td><td class="n">${formatINR(d.tax.taxable)}</td>${intra ? `<td class="n">${formatINR(d.tax.cgst)}</td><td class="n">${formatINR(d.tax.sgst)}</td>` : `<td class="n">${formatINR(d.tax.igst)}</td>`}<td class="n">${formatINR(less(d.items_total, d.discount))}</td></tr>
${off ? `<tr><td colspan="${cols - 1}" class="n muted">${esc(m.lessDiscount({ items: formatINR(d.items_total), what: language === 'en' ? offLabel.replace(/^Coupon /, 'coupon ') : offLabel, discount: formatINR(d.discount) }))}</td><td></td></tr>` : ''}
<tr><td colspan="${cols - 1}" class="n">${esc(m.delivery)}</td><td class="n">${formatINR(d.delivery_charge)}</td></tr>
${d.tip ? `<tr><td colspan="${cols - 1}" class="n">${esc(m.tip({ shop: site?.name ?? 'the shop' }))}</td><td class="n">${formatINR(d.tip)}</td></tr>` : ''}
<tr><th colspan="${cols - 1}" class="n">${esc(m.total({ gst: formatINR(d.tax.gst) }))}</th><th class="n">${formatINR(d.total)}</th></tr></tfoot></table></div>
<div class="scroll"><table class="rates"><caption class="muted" style="text-align:left">${esc(m.byRate)}</caption><thead><tr><th class="n">${esc(m.gstRate)}</th><th class="n">${esc(h.taxable)}</th>${intra ? '<th class="n">CGST</th><th class="n">SGST</th>' : '<th class="n">IGST</th>'}<th class="n">${esc(m.totalTax)}</th></tr></thead><tbody>${rates
    .map(
      ([rate, t]) =>
        `<tr><td class="n">${rate}%</td><td class="n">${formatINR(toRupees(t.taxable))}</td>${intra ? `<td class="n">${rate / 2}% ${formatINR(toRupees(t.cgst))}</td><td class="n">${rate / 2}% ${formatINR(toRupees(t.sgst))}</td>` : `<td class="n">${formatINR(toRupees(t.igst))}</td>`}<td class="n">${formatINR(toRupees(t.cgst + t.sgst + t.igst))}</td></tr>`,
    )
    .join('')}</tbody></table></div>
<p class="muted">${esc(m.payment({ method: m.method(paymentMethodName(d.payment_method, d.payment.via)), status: m.paymentStatus[d.payment.status] }))}</p>
${d.payment_method !== 'wallet' && d.wallet_paid ? `<p class="muted">${esc(m.walletPart({ wallet: formatINR(d.wallet_paid), rest: formatINR(less(d.total, d.wallet_paid)), method: m.method(paymentMethodName(d.payment_method, d.payment.via)) }))}</p>` : ''}
${moneyBack(d.refunds, m.money)}
${
  d.adjustments?.length
    ? `<p>${d.adjustments.every((a) => a.kind === 'refund') ? m.money.refundsHead : m.money.changedHead}:</p><ul>${d.adjustments.map((a) => (a.kind === 'refund' ? `<li>${esc(m.money.refundLine({ description: a.description, reason: m.money.reason[a.reason], amount: formatINR(a.amount), done: a.refund_status === 'refunded' }))}</li>` : `<li>${esc(m.money.changeLine({ description: a.description, amount: formatINR(Math.abs(a.amount)), kind: a.amount > 0 ? (a.refund_status === 'none' ? 'off' : 'refunded') : a.amount < 0 ? 'added' : 'none' }))}</li>`)).join('')}</ul>`
    : ''
}
</section>`;
}
