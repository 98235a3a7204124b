import { PURCHASE_ORDER_STATUS_LABELS, type PurchaseOrder } from '@grocer/shared/admin-purchasing';
import { formatINR, toRupees } from '@grocer/shared/money';

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const inr = (paise: number) => formatINR(toRupees(paise));

/** The printable purchase order sent to the supplier: who, where to deliver, by when, lines at cost. */
export function purchaseOrderHtml(po: PurchaseOrder, shop: string): string {
  const rows = po.lines
    .map(
      (l, i) =>
        `<tr><td class="n">${i + 1}</td><td>${esc(l.product)}</td><td>${esc(l.pack)}</td><td>${esc(l.sku)}</td><td class="n">${l.quantity}</td><td class="n">${inr(l.unit_cost)}</td><td class="n">${inr(l.quantity * l.unit_cost)}</td><td class="n">${l.received}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Purchase order ${esc(po.number)}</title><style>
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#111}h1{font-size:20px;margin:0 0 4px}.muted{color:#555}
.cols{display:flex;gap:48px;flex-wrap:wrap;margin-top:12px}
table{border-collapse:collapse;width:100%;margin-top:16px}th,td{border:1px solid #ccc;padding:6px 8px;text-align:left}
th{background:#f4f4f4}.n{text-align:right}tfoot td{font-weight:600}@media print{button{display:none}}</style></head>
<body><button onclick="print()">Print</button>
<h1>Purchase order · ${esc(po.number)}</h1>
<p class="muted">${esc(shop)} · ${esc(PURCHASE_ORDER_STATUS_LABELS[po.status])} · written ${esc(po.created_at.slice(0, 10))}</p>
<div class="cols">
<div><strong>Supplier</strong><br>${esc(po.supplier.name)}${po.supplier.phone ? `<br>${esc(po.supplier.phone)}` : ''}${po.supplier.gstin ? `<br>GSTIN ${esc(po.supplier.gstin)}` : ''}</div>
<div><strong>Deliver to</strong><br>${esc(po.warehouse.name)}</div>
<div><strong>Expected</strong><br>${po.expected_on ? esc(po.expected_on) : 'Not set'}</div>
</div>
${po.note ? `<p>Note: ${esc(po.note)}</p>` : ''}
<table><thead><tr><th class="n">#</th><th>Item</th><th>Pack</th><th>SKU</th><th class="n">Qty</th><th class="n">Unit cost</th><th class="n">Amount</th><th class="n">Received</th></tr></thead>
<tbody>${rows}</tbody><tfoot><tr><td colspan="6">Total</td><td class="n">${inr(po.total)}</td><td></td></tr></tfoot></table>
</body></html>`;
}
