import { slotLabel } from '@grocer/shared/delivery-promise';
import { ACTION_LABELS, type AdminOrder, type DeliveryNote, type OrderAction } from '@grocer/shared/admin-orders';
import { ApiError, field } from '@grocer/shared/api-client';
import { formatDateTime } from '@grocer/shared/format';
import { PAYMENT_PROVIDER_NAMES, PAYMENT_STATUS_LABELS } from '@grocer/shared/labels';
import { formatINR, toPaise, toRupees } from '@grocer/shared/money';
import { perKgLabel, quantityLabel, weighedLineText } from '@grocer/shared/weighed';
import { ORDER_STATUS_LABELS } from '@grocer/shared/order';
import { Fragment, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { useCashHandover } from '../api/cash-handover';
import { useMoveOrder, type MoveInput } from '../api/move-order';
import { DeliveryNoteFields, emptyNote } from './delivery-note';
import { ShopperAsks } from './shopper-asks';
import { ORDER_MOVE_NEEDS } from '@grocer/shared/staff-roles';
import { useCan } from '../../../lib/permissions';
import { Adjustments, LineChangeForm } from './line-changes';
import { OrderStatusBadge } from '../../../components/order-status-badge';
import { EditOrder } from './edit-order';
import { BalanceDue, BalanceRows } from './order-balance';
import { OrderTags } from './order-tags';
import { OrderTimeline } from './order-timeline';
import { DeliveryProof } from './delivery-proof';
import { RefundDialog } from './refund-dialog';
import { CancelOrder } from './cancel-order';
import { t } from '../../../lib/i18n';

const button = 'rounded-md px-4 py-2 text-sm font-medium disabled:opacity-50';
const primary = `${button} bg-brand text-white hover:opacity-90`;
const secondary = `${button} border bg-white hover:bg-gray-50`;

/** Per-field messages of a refused call (422), by the last part of the field's path. */
function fieldErrors(e: unknown): Record<string, string> {
  const errs = e instanceof ApiError ? field(e.data, 'errors') : undefined;
  if (!errs || typeof errs !== 'object') return {};
  return Object.fromEntries(
    Object.entries(errs as Record<string, string[]>).map(([k, v]) => [k.split('.').at(-1)!, Array.isArray(v) ? v[0]! : String(v)]),
  );
}

/** The buttons the lifecycle allows from the order's status, each with the form its move needs. */
function Actions({ order }: { order: AdminOrder }) {
  const move = useMoveOrder(order.id, (o) =>
    toast.success(
      t('Order {ordernumber} is {ORDER_STATUS_LABELS}', {
        ordernumber: o.ordernumber,
        ORDER_STATUS_LABELS: ORDER_STATUS_LABELS[o.status].toLowerCase(),
      }),
    ),
  );
  const [open, setOpen] = useState<OrderAction | null>(null);
  const [note, setNote] = useState<DeliveryNote>(order.delivery ?? emptyNote);
  const errors = move.error ? fieldErrors(move.error) : {};
  // only the moves the person's roles grant (a packer packs; the server refuses the rest anyway)
  const allowed = useCan();
  const actions = order.actions.filter((a) => allowed(ORDER_MOVE_NEEDS[a]));

  const submit = (input: MoveInput) =>
    move.mutate(input, {
      onSuccess: () => setOpen(null),
      onError: (e) => toast.error(errorMessage(e)),
    });

  if (actions.length === 0)
    return (
      <p className="text-sm text-gray-600">
        {t('No further moves: this order is')} {ORDER_STATUS_LABELS[order.status].toLowerCase()}.
      </p>
    );
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-3">
        {actions
          .filter((a) => a !== 'cancel')
          .map((a) =>
            a === 'confirm' || a === 'pack' ? (
              <button key={a} type="button" className={primary} disabled={move.isPending} onClick={() => submit({ action: a })}>
                {ACTION_LABELS[a]}
              </button>
            ) : (
              <button key={a} type="button" className={primary} aria-expanded={open === a} onClick={() => setOpen(open === a ? null : a)}>
                {ACTION_LABELS[a]}
              </button>
            ),
          )}
        {actions.includes('cancel') && (
          <CancelOrder
            order={order}
            open={open === 'cancel'}
            onOpenChange={(o) => setOpen(o ? 'cancel' : null)}
            busy={move.isPending}
            reasonError={errors.reason}
            onCancel={(body) => submit({ action: 'cancel', ...body })}
          />
        )}
      </div>
      {open === 'ship' && (
        <form
          aria-label={t('Delivery note')}
          className="flex flex-wrap items-end gap-3 rounded-md border bg-gray-50 p-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit({ action: 'ship', delivery: note });
          }}
        >
          <DeliveryNoteFields value={note} onChange={setNote} errors={errors} />
          <button type="submit" className={primary} disabled={move.isPending}>
            {t('Ship the order')}
          </button>
        </form>
      )}
      {open === 'deliver' && <DeliverForm order={order} errors={errors} pending={move.isPending} submit={submit} />}
    </div>
  );
}

/**
 * Mark delivered: units the customer refused at the door (taken off the order, back to stock) and,
 * for cash on delivery, the cash brought back; less than the total to collect needs a reason.
 */
function DeliverForm({
  order,
  errors,
  pending,
  submit,
}: {
  order: AdminOrder;
  errors: Record<string, string>;
  pending: boolean;
  submit: (input: MoveInput) => void;
}) {
  const cod = order.payment?.provider === 'cod';
  const [refused, setRefused] = useState<Record<number, number>>({});
  const [cash, setCash] = useState<string | null>(null);
  const [shortReason, setShortReason] = useState('');
  // what the refused units take off: their amount less their share of the coupon (the server's figure is the one kept)
  const refusedPaise = order.lines.reduce((n, l) => n + toPaise(l.price) * (refused[l.line_id ?? 0] ?? 0), 0);
  const itemsPaise = toPaise(order.items_total);
  const couponShare = itemsPaise > 0 ? Math.round((toPaise(order.discount) * refusedPaise) / itemsPaise) : 0;
  const due = toRupees(Math.max(0, toPaise(order.total) - refusedPaise + couponShare));
  const cashValue = cash ?? String(due);
  const short = cod && cashValue !== '' && toPaise(Number(cashValue)) < toPaise(due);
  const refusedLines = order.lines
    .filter((l) => (refused[l.line_id ?? 0] ?? 0) > 0)
    .map((l) => ({ line_id: l.line_id!, quantity: refused[l.line_id!]! }));
  return (
    <form
      aria-label={t('Delivery')}
      className="space-y-4 rounded-md border bg-gray-50 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit({
          action: 'deliver',
          ...(cod ? { cash_collected: Number(cashValue) } : {}),
          ...(refusedLines.length ? { refused: refusedLines } : {}),
          ...(short ? { short_reason: shortReason } : {}),
        });
      }}
    >
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">{t('Items refused at the door')}</summary>
        <p className="mt-1 text-xs text-gray-600">{t('Refused units come off the order and go back to stock.')}</p>
        <ul className="mt-2 space-y-2">
          {order.lines.map((l) => (
            <li key={l.line_id} className="flex items-center justify-between gap-3">
              <span>
                {l.name} · {l.pack}{' '}
                <span className="text-gray-500">
                  ({l.sold_by_weight ? weighedLineText(l.quantity, l.price) : `${l.quantity} × ${formatINR(l.price)}`})
                </span>
              </span>
              <input
                type="number"
                min={0}
                max={l.quantity}
                aria-label={t('Units of {name} {pack} refused', { name: l.name, pack: l.pack })}
                className={`${inputClass} mt-0 w-20`}
                value={refused[l.line_id ?? 0] ?? 0}
                onChange={(e) =>
                  setRefused({ ...refused, [l.line_id ?? 0]: Math.max(0, Math.min(l.quantity, Math.floor(Number(e.target.value) || 0))) })
                }
              />
            </li>
          ))}
        </ul>
        {errors.line_id && <p className="mt-1 text-xs text-red-700">{errors.line_id}</p>}
        {errors.quantity && <p className="mt-1 text-xs text-red-700">{errors.quantity}</p>}
      </details>
      <div className="flex flex-wrap items-end gap-3">
        {cod && (
          <Field
            label={t('Cash collected (₹)')}
            error={errors.cash_collected}
            hint={
              refusedPaise > 0
                ? t('To collect {due} (order total {total})', { due: formatINR(due), total: formatINR(order.total) })
                : t('Order total {total}', { total: formatINR(order.total) })
            }
          >
            {(a) => (
              <input
                {...a}
                required
                inputMode="decimal"
                className={inputClass}
                value={cashValue}
                onChange={(e) => setCash(e.target.value)}
              />
            )}
          </Field>
        )}
        {short && (
          <Field
            label={t('Why is the cash short?')}
            error={errors.short_reason}
            hint={t('{toRupees} short: recorded as a shortfall', {
              toRupees: formatINR(toRupees(toPaise(due) - toPaise(Number(cashValue)))),
            })}
            className="min-w-64 flex-1"
          >
            {(a) => <input {...a} required className={inputClass} value={shortReason} onChange={(e) => setShortReason(e.target.value)} />}
          </Field>
        )}
        <button type="submit" className={primary} disabled={pending}>
          {t('Mark delivered')}
        </button>
      </div>
    </form>
  );
}

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="flex justify-between gap-4 py-1">
    <dt className="text-gray-600">{label}</dt>
    <dd className="text-right font-medium">{children}</dd>
  </div>
);

/** The order's refund summary (the server's one computation): paid, balance due, refunded by line and on cancel, pending, net. */
function RefundRows({ order }: { order: AdminOrder }) {
  const r = order.refunds;
  if (r.refunded === 0 && r.refund_pending === 0 && !order.balances?.length) return null;
  return (
    <>
      <BalanceRows order={order} />
      <Row label={t('Paid')}>{formatINR(r.paid)}</Row>
      {!!r.balance_due && <Row label={t('Balance due')}>{formatINR(r.balance_due)}</Row>}
      {r.refunded_lines > 0 && <Row label={t('Refunded for lines')}>{formatINR(r.refunded_lines)}</Row>}
      {r.refunded_on_cancel > 0 && <Row label={t('Refunded on cancel')}>{formatINR(r.refunded_on_cancel)}</Row>}
      {!!r.refunded_other && <Row label={t('Refunded (goodwill, other)')}>{formatINR(r.refunded_other)}</Row>}
      {r.refund_pending > 0 && <Row label={t('Refund pending')}>{formatINR(r.refund_pending)}</Row>}
      <Row label={t('Total refunded')}>{formatINR(r.refunded)}</Row>
      <Row label={t('Net')}>{formatINR(r.net)}</Row>
    </>
  );
}

/** Cash on delivery collected: the staff mark it handed over once it is in the shop's till. */
function HandOver({ order }: { order: AdminOrder }) {
  const handOver = useCashHandover(order.id);
  return (
    <button
      type="button"
      className={`${secondary} mt-3`}
      disabled={handOver.isPending}
      onClick={() =>
        handOver.mutate(undefined, {
          onSuccess: () => toast.success(t('Cash of order {ordernumber} handed over', { ordernumber: order.ordernumber })),
          onError: (e) => toast.error(errorMessage(e)),
        })
      }
    >
      {t('Mark cash handed over')}
    </button>
  );
}

/** One order for the shop: what was bought, for whom, where and when, how it was paid, what happened. */
export function OrderScreen({ order }: { order: AdminOrder }) {
  const o = order;
  const [changing, setChanging] = useState<number | null>(null);
  const canChange = useCan()('orders.manage') && (o.changes.remove || o.changes.substitute);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <Link to={paths.orders()} className="text-sm text-brand hover:underline">
          {t('← Orders')}
        </Link>
        <h1 className="text-2xl font-semibold">{t('Order {ordernumber}', { ordernumber: o.ordernumber })}</h1>
        <OrderStatusBadge status={o.status} />
        <span className="text-sm text-gray-500">{t('Placed {created}', { created: formatDateTime(o.created_at) })}</span>
        <span className="ml-auto flex gap-4">
          {o.status !== 'pending_payment' && o.status !== 'payment_failed' && (
            <a href={paths.invoice(o.id)} target="_blank" rel="noreferrer" className="text-sm text-brand hover:underline">
              {t('Tax invoice')}
            </a>
          )}
          <a href={paths.packingSlip(o.id)} target="_blank" rel="noreferrer" className="text-sm text-brand hover:underline">
            {t('Packing slip')}
          </a>
        </span>
      </div>
      <OrderTags order={o} />
      <ShopperAsks order={o} />
      <BalanceDue order={o} />
      <Card title={t('Actions')}>
        <Actions key={o.status} order={o} />
      </Card>
      <EditOrder order={o} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card title={t('Items')}>
            <table className="w-full text-sm">
              <caption className="sr-only">{t('Items of order {ordernumber}', { ordernumber: o.ordernumber })}</caption>
              <thead className="border-b text-left text-xs text-gray-500 uppercase">
                <tr>
                  <th scope="col" className="py-2">
                    {t('Item')}
                  </th>
                  <th scope="col">{t('HSN')}</th>
                  <th scope="col" className="text-right">
                    {t('Price')}
                  </th>
                  <th scope="col" className="text-right">
                    {t('Qty')}
                  </th>
                  <th scope="col" className="text-right">
                    {t('Amount')}
                  </th>
                  {canChange && (
                    <th scope="col">
                      <span className="sr-only">{t('Change')}</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {o.lines.map((l, i) => (
                  <Fragment key={l.line_id ?? i}>
                    <tr className="border-b last:border-0">
                      <td className="py-2">
                        {l.name} <span className="text-gray-500">· {l.pack}</span>
                      </td>
                      <td className="text-gray-600">{l.hsn_code}</td>
                      <td className="text-right">{l.sold_by_weight ? perKgLabel(l.price) : formatINR(l.price)}</td>
                      <td className="text-right">{quantityLabel(l.quantity, l.sold_by_weight ?? false)}</td>
                      <td className="text-right">{formatINR(l.amount)}</td>
                      {canChange && (
                        <td className="pl-3 text-right">
                          <button
                            type="button"
                            aria-expanded={changing === l.line_id}
                            className="rounded-md border bg-white px-2 py-1 text-xs font-medium hover:bg-gray-50"
                            onClick={() => setChanging(changing === l.line_id ? null : (l.line_id ?? null))}
                          >
                            {o.changes.substitute ? t('Remove / substitute') : t('Remove')}
                            <span className="sr-only">
                              {' '}
                              {l.name} {l.pack}
                            </span>
                          </button>
                        </td>
                      )}
                    </tr>
                    {changing !== null && changing === l.line_id && (
                      <tr>
                        <td colSpan={6} className="py-2">
                          <LineChangeForm order={o} line={l} onDone={() => setChanging(null)} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                ))}
              </tbody>
            </table>
            <dl className="mt-4 ml-auto max-w-xs text-sm">
              <Row label={t('Items')}>{formatINR(o.items_total)}</Row>
              {o.discount > 0 && <Row label={t('Coupon {value}', { value: o.coupon ?? '' })}>−{formatINR(o.discount)}</Row>}
              <Row label={t('Delivery')}>{o.delivery_charge > 0 ? formatINR(o.delivery_charge) : t('Free')}</Row>
              {!!o.tip && <Row label={t('Tip (delivery person)')}>{formatINR(o.tip)}</Row>}
              <Row label={t('Total')}>{formatINR(o.total)}</Row>
            </dl>
            <Adjustments order={o} />
          </Card>
          <Card title={t('Timeline')}>
            <DeliveryProof orderId={o.id} />
            <OrderTimeline order={o} />
          </Card>
          <Card title={t('Payment')}>
            {o.payment ? (
              <>
                <dl className="text-sm">
                  <Row label={t('Method')}>{PAYMENT_PROVIDER_NAMES[o.payment.provider]}</Row>
                  <Row label={t('Status')}>{PAYMENT_STATUS_LABELS[o.payment.status]}</Row>
                  {o.payment.status === 'cod' ? (
                    <Row label={t('To collect')}>{formatINR(o.total)}</Row>
                  ) : (
                    <Row label={t('Amount')}>{formatINR(o.payment.amount)}</Row>
                  )}
                  {/* paid from the customer's wallet at checkout (issue 44): the whole order, or a part with `Amount` the gateway's rest */}
                  {!!o.wallet_paid && <Row label={t('Wallet')}>{formatINR(o.wallet_paid)}</Row>}
                  {!!o.wallet_returned && <Row label={t('Returned to the wallet')}>{formatINR(o.wallet_returned)}</Row>}
                  {o.payment.provider_order_id && <Row label={t('Provider order')}>{o.payment.provider_order_id}</Row>}
                  {o.payment.provider_payment_id && <Row label={t('Provider payment')}>{o.payment.provider_payment_id}</Row>}
                  {o.payment.refund_id && <Row label={t('Refund')}>{o.payment.refund_id}</Row>}
                  {o.cash_collected !== null && <Row label={t('Cash collected')}>{formatINR(o.cash_collected)}</Row>}
                  {o.payment.shortfall > 0 && (
                    <Row label={t('Short')}>
                      {formatINR(o.payment.shortfall)}
                      {o.payment.shortfall_reason && (
                        <span className="block text-xs font-normal text-gray-600">{o.payment.shortfall_reason}</span>
                      )}
                    </Row>
                  )}
                  {o.payment.handed_over_at && <Row label={t('Handed over')}>{formatDateTime(o.payment.handed_over_at)}</Row>}
                  <RefundRows order={o} />
                </dl>
                {o.payment.status === 'collected' && <HandOver order={o} />}
                <RefundDialog order={o} />
                {o.payment.review && (
                  <p role="alert" className="mt-2 text-sm text-amber-800">
                    {o.payment.review}
                  </p>
                )}
                {o.payment.events.length > 0 && (
                  <details className="mt-3 text-sm">
                    <summary className="cursor-pointer font-medium">
                      {t('Provider events ({events})', { events: o.payment.events.length })}
                    </summary>
                    <ul className="mt-2 space-y-2">
                      {o.payment.events.map((e) => (
                        <li key={e.event_id}>
                          <span className="font-medium">{e.kind}</span>{' '}
                          <span className="text-xs text-gray-500">
                            {formatDateTime(e.at)} · {e.event_id}
                          </span>
                          <pre className="mt-1 max-h-40 overflow-auto rounded bg-gray-50 p-2 text-xs">
                            {JSON.stringify(e.payload, null, 2)}
                          </pre>
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
              </>
            ) : (
              <p className="text-sm text-gray-600">{t('No payment recorded.')}</p>
            )}
          </Card>
        </div>
        <div className="space-y-6">
          <Card title={t('Customer')}>
            <p className="text-sm font-medium">{o.customer.name}</p>
            {o.customer.email && <p className="text-sm text-gray-600">{o.customer.email}</p>}
            {o.customer.phone && <p className="text-sm text-gray-600">{o.customer.phone}</p>}
          </Card>
          <Card title={t('Delivery')}>
            <address className="text-sm not-italic">
              {o.address.name} · {o.address.phone}
              <br />
              {o.address.line1}, {o.address.line2}
              {o.address.landmark ? `, ${o.address.landmark}` : ''}
              <br />
              {o.address.city}, {o.address.state} {o.address.pincode}
            </address>
            <p className="mt-2 text-sm">{o.slot ? t('Slot: {slot}', { slot: slotLabel(o.slot) }) : t('No delivery slot')}</p>
            {o.delivery && (
              <p className="mt-2 text-sm">
                {t('With {person}', { person: o.delivery.person })}
                {o.delivery.phone && ` (${o.delivery.phone})`}
                {o.delivery.vehicle && t(', vehicle {vehicle}', { vehicle: o.delivery.vehicle })}
                {o.delivery.tracking && t(', tracking {tracking}', { tracking: o.delivery.tracking })}
              </p>
            )}
          </Card>
          <Card title={t('Notes')}>
            <p className="text-sm text-gray-700">{o.notes || t('No notes from the customer.')}</p>
          </Card>
        </div>
      </div>
    </div>
  );
}
