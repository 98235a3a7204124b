import { formatINR, toPaise, toRupees } from '@grocer/shared/money';
import type { Promotion } from '@grocer/shared/promotions';
import { allocateDiscount, gstIncluded } from '@grocer/shared/tax';
import { totals, unitPriceOf, type Cart } from './cart';
import type { Payment } from './components/pay-panel';
import { shopDateTime } from '@grocer/shared/shop-time';

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
}): string {
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
  const row = (k: string, v: number) => `<tr><td>${k}</td><td class="n">${formatINR(v)}</td></tr>`;
  const paid = [
    pay.cash
      ? row('Cash tendered', pay.cash_tendered || pay.cash) +
        row('Change', toRupees(toPaise(pay.cash_tendered || pay.cash) - toPaise(pay.cash)))
      : '',
    pay.upi ? row('UPI', pay.upi) : '',
    pay.card ? row(`Card ${esc(pay.card_ref ?? '')}`, pay.card) : '',
  ].join('');
  const when = shopDateTime(Date.now());
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Receipt ${esc(p.receipt)}</title>
<style>@page{size:80mm auto;margin:0}*{box-sizing:border-box}body{font:12px/1.35 ui-monospace,Menlo,Consolas,monospace;color:#000;width:80mm;margin:0 auto;padding:4mm}h1{font-size:15px;text-align:center;margin:0}p{margin:2px 0}.c{text-align:center}table{width:100%;border-collapse:collapse}td{padding:1px 0;vertical-align:top}.n{text-align:right;white-space:nowrap}hr{border:0;border-top:1px dashed #000;margin:4px 0}.big td{font-weight:700;font-size:14px}@media screen{body{background:#fff;box-shadow:0 0 0 1px #ddd;margin-top:8px}}</style></head><body>
<h1>${esc(p.shop)}</h1>${p.gstin ? `<p class="c">GSTIN: ${esc(p.gstin)}</p>` : ''}<p class="c">TAX INVOICE (cash memo)</p><hr>
<p>Receipt: <strong>${esc(p.receipt)}</strong></p><p>${esc(when)} · ${esc(p.till)}</p>${p.cart.customer ? `<p>Customer: ${esc(p.cart.customer.mobile)}</p>` : ''}<hr>
<table>${lines}</table><hr><table>${row('Items', toRupees(items))}${t.promotions.map((x) => `<tr><td>${esc(x.name)}</td><td class="n">− ${formatINR(toRupees(x.discountPaise))}</td></tr>`).join('')}${t.manual ? `<tr><td>Discount</td><td class="n">− ${formatINR(toRupees(t.manual))}</td></tr>` : ''}
<tr class="big"><td>TOTAL</td><td class="n">${formatINR(toRupees(total))}</td></tr>${paid}</table><hr>
<p>Prices include GST ${formatINR(toRupees(gst))}.</p><p>Rung up offline: the same number is kept when it syncs.</p><hr><p class="c">Thank you! Returns with this receipt.</p></body></html>`;
}
