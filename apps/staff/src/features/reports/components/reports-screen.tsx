import { counted } from '@grocer/shared/labels';
import { formatDate, formatDateTime } from '@grocer/shared/format';
import type { CodReport, GstReport } from '@grocer/shared/reports';
import { Fragment, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { useBulkCashHandover } from '../api/cash-handover';
import { codReport, gstReport, reportCsvUrl, salesReport, type Range } from '../api/get-reports';
import { RangePicker, useRange } from '../../../components/range-picker';
import { inr } from './sales-format';
import { t } from '../../../lib/i18n';

const th = 'px-3 py-2 font-medium';
const num = 'px-3 py-2 text-right tabular-nums';

function Section({ id, title, note, csv, children }: { id: string; title: string; note: string; csv: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={id} className="text-lg font-semibold">
            {title}
          </h2>
          <p className="text-sm text-gray-600">{note}</p>
        </div>
        <div className="flex gap-2">{csv}</div>
      </div>
      {/* focusable, so a keyboard can scroll a table wider than a phone */}
      <div tabIndex={0} role="region" aria-labelledby={id} className="mt-3 overflow-x-auto rounded-lg border bg-white">
        {children}
      </div>
    </section>
  );
}

const Csv = ({ href, label = 'Download CSV' }: { href: string; label?: string }) => (
  <a href={href} download className="rounded-md border bg-white px-3 py-2 text-sm font-medium hover:bg-gray-50">
    {label}
  </a>
);

function State({
  q,
  empty,
  none = 'No sales in this range.',
  children,
}: {
  q: { error: unknown; data?: unknown };
  empty: boolean;
  none?: string;
  children: ReactNode;
}) {
  if (q.error)
    return (
      <p role="alert" className="p-3 text-red-700">
        {errorMessage(q.error)}
      </p>
    );
  if (!q.data) return <p className="p-3 text-gray-600">{t('Loading…')}</p>;
  if (empty) return <p className="p-3 text-gray-600">{none}</p>;
  return children;
}

/** One table of GST figures by HSN and rate, with its total row. */
function GstTable({ label, part, totalLabel = 'Total' }: { label: string; part: Pick<GstReport, 'rows' | 'totals'>; totalLabel?: string }) {
  return (
    <table className="w-full table-fixed text-sm" aria-label={label}>
      <thead className="bg-gray-50 text-left">
        <tr>
          <th className={th}>{t('HSN')}</th>
          <th className={`${th} text-right`}>{t('Rate')}</th>
          <th className={`${th} text-right`}>{t('Quantity')}</th>
          <th className={`${th} text-right`}>{t('Taxable value')}</th>
          <th className={`${th} text-right`}>{t('CGST')}</th>
          <th className={`${th} text-right`}>{t('SGST')}</th>
          <th className={`${th} text-right`}>{t('IGST')}</th>
          <th className={`${th} text-right`}>{t('Total')}</th>
        </tr>
      </thead>
      <tbody className="divide-y">
        {part.rows.map((x) => (
          <tr key={`${x.hsn_code}|${x.rate}`}>
            <td className="px-3 py-2">{x.hsn_code}</td>
            <td className={num}>{x.rate}%</td>
            <td className={num}>{x.quantity}</td>
            <td className={num}>{inr.format(x.taxable)}</td>
            <td className={num}>{inr.format(x.cgst)}</td>
            <td className={num}>{inr.format(x.sgst)}</td>
            <td className={num}>{inr.format(x.igst)}</td>
            <td className={num}>{inr.format(x.total)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot className="border-t font-semibold">
        <tr>
          <td className="px-3 py-2">{totalLabel}</td>
          <td />
          <td className={num}>{part.totals.quantity}</td>
          <td className={num}>{inr.format(part.totals.taxable)}</td>
          <td className={num}>{inr.format(part.totals.cgst)}</td>
          <td className={num}>{inr.format(part.totals.sgst)}</td>
          <td className={num}>{inr.format(part.totals.igst)}</td>
          <td className={num}>{inr.format(part.totals.total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

function GstSection({ range }: { range: Range }) {
  const q = gstReport.use(range);
  const r = q.data;
  const returns = r?.credit_notes.count ?? 0;
  return (
    <Section
      id="gst"
      title={t('GST by HSN and rate')}
      note={t(
        'The tax invoices of the range ({value} placed and not cancelled, lines as they stand after refunds), summed as GSTR-1’s HSN summary asks.',
        { value: r ? counted(r.invoices, 'order') : t('… orders') },
      )}
      csv={<Csv href={reportCsvUrl('gst', range)} label={t('Download GST CSV')} />}
    >
      <State q={q} empty={!!r && r.rows.length === 0 && returns === 0}>
        {r && <GstTable label={t('GST by HSN and rate')} part={r} />}
        {r && returns > 0 && (
          <>
            <h3 className="border-t bg-gray-50 px-3 pt-4 pb-1 font-semibold">{t('Credit notes')}</h3>
            <p className="bg-gray-50 px-3 pb-3 text-sm text-gray-600">
              {returns === 1 ? t('1 counter return') : t('{returns} counter returns', { returns })}{' '}
              {t('in the range: each returned line’s refund, split as its invoice line was.')}
            </p>
            <GstTable label={t('Credit notes by HSN and rate')} part={r.credit_notes} totalLabel={t('Total credit notes')} />
            <h3 className="border-t bg-gray-50 px-3 py-3 font-semibold">{t('Net of credit notes (tax owed)')}</h3>
            <GstTable label={t('Net GST by HSN and rate')} part={r.net} totalLabel={t('Net total')} />
          </>
        )}
      </State>
    </Section>
  );
}

function SalesSections({ range }: { range: Range }) {
  const q = salesReport.use(range);
  const r = q.data;
  const empty = !!r && r.by_product.length === 0;
  return (
    <>
      <Section
        id="by-category"
        title={t('Sales by category')}
        note={t('Units and net revenue (after coupons, GST included, delivery excluded) of the orders delivered in the range.')}
        csv={<Csv href={reportCsvUrl('sales', range, '&by=category')} />}
      >
        <State q={q} empty={empty}>
          <table className="w-full text-sm" aria-label={t('Sales by category')}>
            <thead className="bg-gray-50 text-left">
              <tr>
                <th className={th}>{t('Category')}</th>
                <th className={`${th} text-right`}>{t('Products')}</th>
                <th className={`${th} text-right`}>{t('Quantity')}</th>
                <th className={`${th} text-right`}>{t('Net revenue')}</th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {r?.by_category.map((c) => (
                <tr key={c.category}>
                  <td className="px-3 py-2">{c.category}</td>
                  <td className={num}>{c.products}</td>
                  <td className={num}>{c.quantity}</td>
                  <td className={num}>{inr.format(c.net_revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </State>
      </Section>
      <Section
        id="by-product"
        title={t('Sales by product')}
        note={
          r && r.products > r.by_product.length
            ? t('The 50 best of {byProduct} products; the CSV has them all.', { byProduct: r.products })
            : t('Best sellers first.')
        }
        csv={<Csv href={reportCsvUrl('sales', range, '&by=product')} />}
      >
        <State q={q} empty={empty}>
          <table className="w-full text-sm" aria-label={t('Sales by product')}>
            <thead className="bg-gray-50 text-left">
              <tr>
                <th className={th}>{t('Product')}</th>
                <th className={th}>{t('Category')}</th>
                <th className={`${th} text-right`}>{t('Quantity')}</th>
                <th className={`${th} text-right`}>{t('Net revenue')}</th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {r?.by_product.map((p) => (
                <tr key={`${p.product_id ?? ''}|${p.name}`}>
                  <td className="px-3 py-2">{p.name}</td>
                  <td className="px-3 py-2 text-gray-600">{p.category}</td>
                  <td className={num}>{p.quantity}</td>
                  <td className={num}>{inr.format(p.net_revenue)}</td>
                </tr>
              ))}
            </tbody>
            {r && (
              <tfoot className="border-t font-semibold">
                <tr>
                  <td className="px-3 py-2">{t('Total')}</td>
                  <td />
                  <td className={num}>{r.total.quantity}</td>
                  <td className={num}>{inr.format(r.total.net_revenue)}</td>
                </tr>
              </tfoot>
            )}
          </table>
        </State>
      </Section>
    </>
  );
}

const COD_COLUMNS = [
  ['to_deliver', 'To deliver'],
  ['out_for_delivery', 'Out for delivery'],
  ['to_collect', 'To collect'],
  ['collected', 'Collected'],
  ['handed_over', 'Handed over'],
  ['to_hand_over', 'To hand over'],
  ['short', 'Short'],
] as const;

function CodSection({ range }: { range: Range }) {
  const q = codReport.use(range);
  const r = q.data;
  const cell = (m: { orders: number; amount: number }) => (
    <td className={num}>
      {inr.format(m.amount)} <span className="text-xs text-gray-500">({m.orders})</span>
    </td>
  );
  return (
    <>
      <Section
        id="cod"
        title={t('Cash on delivery to collect')}
        note={t(
          'By delivery date (the slot’s, else the day placed): orders still to deliver, out for delivery, the cash collected (handed over to the till or still to hand over) and shortfalls at the door.',
        )}
        csv={<Csv href={reportCsvUrl('cod', range)} />}
      >
        <State q={q} empty={!!r && r.rows.length === 0} none={t('No cash-on-delivery orders for these delivery dates.')}>
          <table className="w-full text-sm" aria-label={t('Cash on delivery to collect')}>
            <thead className="bg-gray-50 text-left">
              <tr>
                <th className={th}>{t('Delivery date')}</th>
                {COD_COLUMNS.map(([k, label]) => (
                  <th key={k} className={`${th} text-right`}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y">
              {r?.rows.map((x) => (
                <tr key={x.date}>
                  <td className="px-3 py-2">{formatDate(x.date)}</td>
                  {COD_COLUMNS.map(([k]) => (
                    <Fragment key={k}>{cell(x[k])}</Fragment>
                  ))}
                </tr>
              ))}
            </tbody>
            {r && (
              <tfoot className="border-t font-semibold">
                <tr>
                  <td className="px-3 py-2">{t('Total')}</td>
                  {COD_COLUMNS.map(([k]) => (
                    <Fragment key={k}>{cell(r.totals[k])}</Fragment>
                  ))}
                </tr>
              </tfoot>
            )}
          </table>
        </State>
      </Section>
      {r && <CashToHandOver report={r} />}
    </>
  );
}

/** Every order whose collected cash is still with the delivery people (whatever the range): ticked ones marked handed over at once. */
function CashToHandOver({ report }: { report: CodReport }) {
  const handOver = useBulkCashHandover();
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const list = report.awaiting_handover;
  const all = list.length > 0 && list.every((o) => picked.has(o.id));
  const toggle = (id: string) => {
    const next = new Set(picked);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setPicked(next);
  };
  const total = list.filter((o) => picked.has(o.id)).reduce((n, o) => n + o.amount, 0);
  return (
    <Section
      id="cod-handover"
      title={t('Cash to hand over')}
      note={t('Cash collected at the door and not yet in the shop’s till, oldest first. Tick what has been handed over.')}
      csv={
        <button
          type="button"
          className="rounded-md bg-brand px-3 py-2 text-sm font-medium text-white hover:opacity-90 disabled:opacity-50"
          disabled={picked.size === 0 || handOver.isPending}
          onClick={() =>
            handOver.mutate([...picked], {
              onSuccess: (res) => {
                toast.success(
                  t('Cash handed over: {handedOver} {handedOver, plural, one {order} other {orders}}{value}', {
                    handedOver: res.handed_over.length,
                    value: res.skipped.length ? t(', {skipped} skipped', { skipped: res.skipped.length }) : '',
                  }),
                );
                setPicked(new Set());
              },
              onError: (e) => toast.error(errorMessage(e)),
            })
          }
        >
          {t('Mark cash handed over')}
          {picked.size ? ` (${inr.format(total)})` : ''}
        </button>
      }
    >
      {list.length === 0 ? (
        <p className="p-3 text-gray-600">{t('No cash waiting to be handed over.')}</p>
      ) : (
        <table className="w-full text-sm" aria-label={t('Cash to hand over')}>
          <thead className="bg-gray-50 text-left">
            <tr>
              <th className={th}>
                <input
                  type="checkbox"
                  aria-label={t('Select all')}
                  checked={all}
                  onChange={() => setPicked(all ? new Set() : new Set(list.map((o) => o.id)))}
                />
              </th>
              <th className={th}>{t('Order')}</th>
              <th className={th}>{t('Customer')}</th>
              <th className={th}>{t('Delivered')}</th>
              <th className={`${th} text-right`}>{t('Cash')}</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {list.map((o) => (
              <tr key={o.id}>
                <td className="px-3 py-2">
                  <input
                    type="checkbox"
                    aria-label={t('Select order {ordernumber}', { ordernumber: o.ordernumber })}
                    checked={picked.has(o.id)}
                    onChange={() => toggle(o.id)}
                  />
                </td>
                <td className="px-3 py-2">
                  <Link to={paths.order(o.id)} className="text-brand hover:underline">
                    {o.ordernumber}
                  </Link>
                </td>
                <td className="px-3 py-2">{o.customer}</td>
                <td className="px-3 py-2">{o.delivered_at ? formatDateTime(o.delivered_at) : '—'}</td>
                <td className={num}>{inr.format(o.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

/** Administration → Reports: GST, sales by category and product, cash on delivery, for one chosen range. */
export function ReportsScreen() {
  const state = useRange('30d');
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t('Reports')}</h1>
          <p className="mt-1 text-gray-600">
            {t('{from} to {to} (India’s calendar days)', { from: formatDate(state.range.from), to: formatDate(state.range.to) })}
          </p>
        </div>
        <RangePicker state={state} />
      </div>
      <GstSection range={state.range} />
      <SalesSections range={state.range} />
      <CodSection range={state.range} />
    </>
  );
}
