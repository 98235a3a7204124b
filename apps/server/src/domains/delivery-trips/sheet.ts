import { FAIL_REASON_LABELS } from '@grocer/shared/delivery-trips';
import { formatINR, toRupees } from '@grocer/shared/money';
import type { Db } from '../../db/client';
import { Errors } from '../../http/errors';
import { tripOrders } from '../orders';
import { dispatchSlot } from './service';

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A trip's printable sheet (like the packing slips): the rider, the stops in route order with the
 * address, phone and cash to collect, and boxes to tick and sign. Printed for the store's copy;
 * the rider works from the app.
 */
export async function tripSheetHtml(db: Db, websiteId: number, trip: { id: number; slotId: number; slotDate: string }): Promise<string> {
  const view = await dispatchSlot(db, websiteId, trip.slotId, trip.slotDate);
  const t = view.trips.find((x) => x.id === trip.id);
  if (!t) throw Errors.notFound('No such trip');
  const orders = new Map(
    (
      await tripOrders(
        db,
        websiteId,
        t.stops.map((s) => s.order_id),
      )
    ).map((o) => [o.id, o]),
  );
  let cod = 0;
  const rows = t.stops
    .map((s) => {
      const o = orders.get(s.order_id);
      const collect = s.payment_method === 'cod' ? s.total : 0;
      cod += collect;
      const address = o ? [o.address.line1, o.address.line2, o.address.landmark, o.address.city, o.pincode].filter(Boolean).join(', ') : '';
      const outcome = s.outcome === 'failed' && s.fail_reason ? `Failed: ${FAIL_REASON_LABELS[s.fail_reason]}` : (s.outcome ?? '');
      return `<tr><td class="n">${s.sequence}</td><td>${esc(s.ordernumber)}${s.attempt > 1 ? ` <span class="muted">(attempt ${s.attempt})</span>` : ''}</td><td>${esc(s.name)}<br><span class="muted">${esc(o?.address.phone)}</span></td><td>${esc(address)}</td><td class="n">${collect ? formatINR(toRupees(collect)) : 'Paid'}</td><td>${esc(outcome)}</td><td class="box">☐</td></tr>`;
    })
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(t.label)}</title><style>
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#111}h1{font-size:20px;margin:0 0 4px}.muted{color:#555}
table{border-collapse:collapse;width:100%;margin-top:16px}th,td{border:1px solid #ccc;padding:6px 8px;text-align:left;vertical-align:top}
th{background:#f4f4f4}.n{text-align:right}.box{width:24px}.sign{margin-top:32px;display:flex;gap:48px}
@page{size:A4;margin:12mm}@media print{button{display:none}body{margin:0}}</style></head>
<body><button onclick="print()">Print</button>
<h1>${esc(t.label)}</h1>
<p class="muted">${esc(view.slot.zone)} · ${esc(view.slot.date)} ${esc(view.slot.start_time)}–${esc(view.slot.end_time)} · Rider: ${esc(t.rider?.name ?? 'not assigned')} · ${t.stops.length} ${t.stops.length === 1 ? 'stop' : 'stops'} · Cash to collect: ${formatINR(toRupees(cod))}</p>
<table><thead><tr><th class="n">#</th><th>Order</th><th>Customer</th><th>Address</th><th class="n">Collect</th><th>Outcome</th><th class="box" aria-label="Done"></th></tr></thead><tbody>${rows || '<tr><td colspan="7">No stops.</td></tr>'}</tbody></table>
<div class="sign"><p>Rider's signature: ____________________</p><p>Cash received by: ____________________</p></div>
</body></html>`;
}
