import { formatINR, toPaise, toRupees } from '@grocer/shared/money';
import type { Promotion } from '@grocer/shared/promotions';
import { allocateDiscount, gstIncluded } from '@grocer/shared/tax';
import { totals, unitPriceOf, type Cart } from './cart';
import type { Payment } from './components/pay-panel';
import { LANGUAGE_TAGS, type Language } from '@grocer/shared/languages';
import { messagesIn } from '@grocer/shared/messages/catalogue';
import { dateTimeIn } from '@grocer/shared/messages/types';
import { receiptFont } from './receipt-fonts';

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The 80 mm receipt of a sale rung up offline, made at the till from its own data (the cart, the
 * payment and the cached catalogue's GST rates) under the number the till's offline series gave it:
 * printable at once; the server keeps the same number when the sale syncs. Laid out as the server's
 * receipt (`apps/server/src/domains/pos/receipt.ts`).
 */
export function offlineReceiptHtml(p: {
  shop: string;
  gstin: string;
  receipt: string;
  till: string;
  cart: Cart;
  payment: Payment;
  gstRates: Map<number, number>;
  /** the promotions the till priced the bill with */
  promotions: Promotion[];
  /** the customer's language (the till's customer lookup); English when unknown (issue 46 §5) */
  language?: Language;
}): string {
  const language = p.language ?? 'en';
  const m = messagesIn(language).receipt;
  const font = receiptFont(language);
  const t = totals(p.cart, p.promotions);
  const amounts = t.lines.map((l) => l.amountPaise);
  const { items, total } = t;
  const shares = allocateDiscount(amounts, t.discount);
  const gst = amounts.reduce(
    (n, a, i) => n + gstIncluded(a - shares[i]!, Math.round((p.gstRates.get(p.cart.lines[i]!.pack_id) ?? 0) * 100)),
    0,
  );
  const lines = p.cart.lines
    .map(
      (l, i) =>
        `<tr><td colspan="2">${esc(l.label)}</td></tr><tr class="sub"><td>${l.sold_by_weight ? `${(l.quantity / 1000).toFixed(3)} kg` : l.quantity} × ${formatINR(unitPriceOf(p.cart, l))}${l.sold_by_weight ? '/kg' : ''}</td><td class="n">${formatINR(toRupees(t.lines[i]!.grossPaise))}</td></tr>${t.lines[i]!.promotion ? `<tr class="sub"><td>${esc(t.lines[i]!.promotion!.name)}</td><td class="n">− ${formatINR(toRupees(t.lines[i]!.promotionPaise))}</td></tr>` : ''}`,
    )
    .join('');
  const pay = p.payment;
  const row = (k: string, v: number) => `<tr><td>${esc(k)}</td><td class="n">${formatINR(v)}</td></tr>`;
  const paid = [
    pay.cash
      ? row(m.cashTendered, pay.cash_tendered || pay.cash) +
        row(m.change, toRupees(toPaise(pay.cash_tendered || pay.cash) - toPaise(pay.cash)))
      : '',
    pay.upi ? row(m.upi, pay.upi) : '',
    pay.card ? row(`${m.card} ${pay.card_ref ?? ''}`, pay.card) : '',
  ].join('');
  const when = dateTimeIn(language, Date.now());
  return `<!doctype html><html lang="${language === 'en' ? 'en' : LANGUAGE_TAGS[language]}"><head><meta charset="utf-8"><title>${esc(m.title({ receipt: p.receipt }))}</title>
<style>@page{size:80mm auto;margin:0}*{box-sizing:border-box}body{font:12px/1.35 ui-monospace,Menlo,Consolas,monospace;color:#000;width:80mm;margin:0 auto;padding:4mm}h1{font-size:15px;text-align:center;margin:0}p{margin:2px 0}.c{text-align:center}table{width:100%;border-collapse:collapse}td{padding:1px 0;vertical-align:top}.n{text-align:right;white-space:nowrap}hr{border:0;border-top:1px dashed #000;margin:4px 0}.big td{font-weight:700;font-size:14px}@media screen{body{background:#fff;box-shadow:0 0 0 1px #ddd;margin-top:8px}}${font.css}${font.family ? `body{font-family:${font.family},ui-monospace,Menlo,Consolas,monospace}` : ''}</style></head><body>
<h1>${esc(p.shop)}</h1>${p.gstin ? `<p class="c">GSTIN: ${esc(p.gstin)}</p>` : ''}<p class="c">${esc(m.taxInvoice)}</p><hr>
<p>${esc(m.receipt)}: <strong>${esc(p.receipt)}</strong></p><p>${esc(when)} · ${esc(p.till)}</p>${p.cart.customer ? `<p>${esc(m.customer)}: ${esc(p.cart.customer.mobile)}</p>` : ''}<hr>
<table>${lines}</table><hr><table>${row(m.items, toRupees(items))}${t.promotions.map((x) => `<tr><td>${esc(x.name)}</td><td class="n">− ${formatINR(toRupees(x.discountPaise))}</td></tr>`).join('')}${t.manual ? `<tr><td>${esc(m.discount)}</td><td class="n">− ${formatINR(toRupees(t.manual))}</td></tr>` : ''}
<tr class="big"><td>${esc(m.total)}</td><td class="n">${formatINR(toRupees(total))}</td></tr>${paid}</table><hr>
<p>${esc(m.pricesIncludeGst({ gst: formatINR(toRupees(gst)) }))}</p><p>${esc(m.offline)}</p><hr><p class="c">${esc(m.thanks)}</p></body></html>`;
}
