import { formatINR } from '@grocer/shared/money';
import type { Db } from '../../db/client';
import { orderDetail, type OrderRow } from '../orders/service';
import { websiteProfile } from '../website/service';
import type { SaleDetail } from '@grocer/shared/pos';
import { messagesIn } from '@grocer/shared/messages/catalogue';
import { dateTimeIn } from '@grocer/shared/messages/types';
import { documentFont, documentLang } from '../outbox';
import { customerLanguage } from '../outbox';

export const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
export const qty = (q: number, byWeight: boolean) => (byWeight ? `${(q / 1000).toFixed(3)} kg` : `${q}`);

/** The 80 mm thermal page (receipts, credit notes, the Z report): no margins, monospace, dashed rules. */
export const THERMAL_CSS =
  '@page{size:80mm auto;margin:0}*{box-sizing:border-box}body{font:12px/1.35 ui-monospace,Menlo,Consolas,monospace;color:#000;width:80mm;margin:0 auto;padding:4mm}h1{font-size:15px;text-align:center;margin:0}p{margin:2px 0}.c{text-align:center}table{width:100%;border-collapse:collapse}td{padding:1px 0;vertical-align:top}.n{text-align:right;white-space:nowrap}.sub td{padding-left:0;color:#222}hr{border:0;border-top:1px dashed #000;margin:4px 0}.big td{font-weight:700;font-size:14px}@media screen{body{background:#fff;box-shadow:0 0 0 1px #ddd;margin-top:8px}}';

/**
 * An 80 mm thermal receipt for a counter sale, as a printable page (@page 80mm, no margins): the
 * shop with its GSTIN, the receipt number, each line, the bill's discount, the payment split with
 * change, and the GST split by HSN code (CGST + SGST at the counter's own state).
 */
export async function receiptHtml(db: Db, o: OrderRow, sale: SaleDetail): Promise<string> {
  const d = await orderDetail(db, o);
  const site = await websiteProfile(db, o.websiteId);
  // in the customer's language (issue 46 §5); a walk-in sale, the website's default
  const language = await customerLanguage(db, o.websiteId, { userId: sale.customer ? o.userId : null, orderLanguage: o.language });
  const m = messagesIn(language).receipt;
  const a = (site?.webAddress ?? {}) as Record<string, string>;
  const r2 = (n: number) => Math.round(n * 100) / 100;
  const byHsn = new Map<string, { rate: number; taxable: number; cgst: number; sgst: number; igst: number }>();
  for (const l of d.lines) {
    const k = `${l.hsn_code}|${l.gst_rate}`;
    const h = byHsn.get(k) ?? { rate: l.gst_rate, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
    h.taxable += l.tax.taxable;
    h.cgst += l.tax.cgst;
    h.sgst += l.tax.sgst;
    h.igst += l.tax.igst;
    byHsn.set(k, h);
  }
  const lines = d.lines
    .map((l, i) => {
      const s = sale.lines[i];
      const byWeight = s?.sold_by_weight ?? false;
      // an automatic promotion's share of the line: the line at its price, the promotion under it
      const promo = l.promotion && l.promotion.discount > 0 ? l.promotion : null;
      const gross = r2(l.amount + (promo?.discount ?? 0));
      return `<tr><td colspan="2">${esc(l.name)} ${esc(l.pack)}</td></tr><tr class="sub"><td>${qty(l.quantity, byWeight)} × ${formatINR(l.price)}${byWeight ? '/kg' : ''}</td><td class="n">${formatINR(gross)}</td></tr>${promo ? `<tr class="sub"><td>${esc(promo.name)}</td><td class="n">− ${formatINR(promo.discount)}</td></tr>` : ''}${s?.returned ? `<tr class="sub"><td>${esc(m.returned)} ${qty(s.returned, byWeight)}</td><td></td></tr>` : ''}`;
    })
    .join('');
  const hsn = [...byHsn.entries()]
    .map(
      ([k, h]) =>
        `<tr class="sub"><td>${esc(k.split('|')[0] || '—')} @${h.rate}%</td><td class="n">${formatINR(r2(h.taxable))}</td><td class="n">${formatINR(r2(h.cgst + h.igst))}</td><td class="n">${formatINR(r2(h.sgst))}</td></tr>`,
    )
    .join('');
  // the bill: items at their prices, each automatic promotion, the cashier's discount, the total
  const linePromos = r2(d.lines.reduce((n, l) => n + (l.promotion?.discount ?? 0), 0));
  const cartPromo = d.promotion?.discount ?? 0;
  const manual = r2(d.discount - cartPromo);
  const promos = (sale.promotions ?? [])
    .map((x) => `<tr><td>${esc(x.name)}</td><td class="n">− ${formatINR(x.discount)}</td></tr>`)
    .join('');
  const p = sale.payment;
  const change = Math.round((p.cash_tendered - p.cash) * 100) / 100;
  const pay = [
    p.cash
      ? `<tr><td>${esc(m.cashTendered)}</td><td class="n">${formatINR(p.cash_tendered)}</td></tr><tr><td>${esc(m.change)}</td><td class="n">${formatINR(change)}</td></tr>`
      : '',
    p.upi ? `<tr><td>${esc(m.upi)}</td><td class="n">${formatINR(p.upi)}</td></tr>` : '',
    p.card ? `<tr><td>${esc(m.card)} ${esc(p.card_ref)}</td><td class="n">${formatINR(p.card)}</td></tr>` : '',
    // the part on the customer's khata, and what their khata stands at after this sale
    p.khata
      ? `<tr><td>${esc(m.onKhata)}</td><td class="n">${formatINR(p.khata)}</td></tr>${
          sale.khata_balance_after_paise != null
            ? `<tr><td>${esc(m.khataBalanceLabel)}</td><td class="n">${esc(m.khataBalance(sale.khata_balance_after_paise, formatINR))}</td></tr>`
            : ''
        }`
      : '',
  ].join('');
  const when = dateTimeIn(language, d.created_at);
  const font = documentFont(language);
  return `<!doctype html><html lang="${documentLang(language)}"><head><meta charset="utf-8"><title>${esc(m.title({ receipt: d.ordernumber }))}</title>
<style>${THERMAL_CSS}${font.css}${font.family ? `body{font-family:${font.family},ui-monospace,Menlo,Consolas,monospace}` : ''}</style></head><body>
<h1>${esc(site?.name)}</h1><p class="c">${esc(a.line1)}${a.city ? `, ${esc(a.city)}` : ''}</p>${a.gstin ? `<p class="c">GSTIN: ${esc(a.gstin)}</p>` : ''}
<p class="c">${esc(m.taxInvoice)}</p><hr><p>${esc(m.receipt)}: <strong>${esc(d.ordernumber)}</strong></p><p>${esc(when)}</p>${sale.customer ? `<p>${esc(m.customer)}: ${esc(sale.customer)}</p>` : ''}<hr>
<table>${lines}</table><hr><table>
<tr><td>${esc(m.items)}</td><td class="n">${formatINR(r2(d.items_total + linePromos))}</td></tr>${promos}${manual > 0 ? `<tr><td>${esc(m.discount)}</td><td class="n">− ${formatINR(manual)}</td></tr>` : ''}
<tr class="big"><td>${esc(m.total)}</td><td class="n">${formatINR(d.total)}</td></tr>${pay}</table><hr>
<table><tr class="sub"><td>${esc(m.hsnHead)}</td><td class="n">${esc(m.taxable)}</td><td class="n">${d.tax.igst ? 'IGST' : 'CGST'}</td><td class="n">SGST</td></tr>${hsn}</table>
<p>${esc(m.pricesIncludeGst({ gst: formatINR(d.tax.gst) }))}</p><hr><p class="c">${esc(m.thanks)}</p></body></html>`;
}
