import { slotLabel } from '@grocer/shared/delivery-promise';
import { ACTION_LABELS, type AdminOrder, type DeliveryNote, type OrderAction } from '@grocer/shared/admin-orders';
import { ApiError, field } from '@grocer/shared/api-client';
import { formatDateTime } from '@grocer/shared/format';
import { PAYMENT_PROVIDER_NAMES } from '@grocer/shared/labels';
import { formatINR } from '@grocer/shared/money';
import { ORDER_STATUS_LABELS } from '@grocer/shared/order';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { Fragment, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { useMoveOrder, type MoveInput } from '../api/move-order';
import { DeliveryNoteFields, emptyNote } from './delivery-note';
import { Adjustments, LineChangeForm } from './line-changes';
import { PAYMENT_STATUS_LABELS } from './order-list';
import { OrderStatusBadge } from './status-badge';

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
  const move = useMoveOrder(order.id);
  const [open, setOpen] = useState<OrderAction | null>(null);
  const [note, setNote] = useState<DeliveryNote>(order.delivery ?? emptyNote);
  const [cash, setCash] = useState(String(order.total));
  const [reason, setReason] = useState('');
  const errors = move.error ? fieldErrors(move.error) : {};
  const cod = order.payment?.provider === 'cod';

  const submit = (input: MoveInput) =>
    move.mutate(input, {
      onSuccess: (o) => {
        toast.success(`Order ${o.ordernumber} is ${ORDER_STATUS_LABELS[o.status].toLowerCase()}`);
        setOpen(null);
      },
      onError: (e) => toast.error(errorMessage(e)),
    });

  if (order.actions.length === 0)
    return <p className="text-sm text-gray-600">No further moves: this order is {ORDER_STATUS_LABELS[order.status].toLowerCase()}.</p>;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-3">
        {order.actions
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
        {order.actions.includes('cancel') && (
          <AlertDialog.Root open={open === 'cancel'} onOpenChange={(o) => setOpen(o ? 'cancel' : null)}>
            <AlertDialog.Trigger className={`${button} border border-red-300 bg-white text-red-700 hover:bg-red-50`}>
              {ACTION_LABELS.cancel}
            </AlertDialog.Trigger>
            <AlertDialog.Portal>
              <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
              <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[480px] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
                <AlertDialog.Title className="text-lg font-semibold">Cancel order {order.ordernumber}?</AlertDialog.Title>
                <AlertDialog.Description className="mt-2 text-sm text-gray-600">
                  The stock, the delivery slot and any coupon use come back.
                  {order.payment && order.payment.status === 'paid'
                    ? ` ${formatINR(order.payment.amount)} is refunded through ${PAYMENT_PROVIDER_NAMES[order.payment.provider]}.`
                    : ''}{' '}
                  The customer is told by email.
                </AlertDialog.Description>
                <form
                  className="mt-4"
                  onSubmit={(e) => {
                    e.preventDefault();
                    submit({ action: 'cancel', reason });
                  }}
                >
                  <Field label="Reason" error={errors.reason}>
                    {(a) => <input {...a} required className={inputClass} value={reason} onChange={(e) => setReason(e.target.value)} />}
                  </Field>
                  <div className="mt-6 flex justify-end gap-3">
                    <AlertDialog.Cancel className={secondary}>Keep the order</AlertDialog.Cancel>
                    <button type="submit" disabled={move.isPending} className={`${button} bg-red-600 text-white hover:bg-red-700`}>
                      Cancel the order
                    </button>
                  </div>
                </form>
              </AlertDialog.Content>
            </AlertDialog.Portal>
          </AlertDialog.Root>
        )}
      </div>
      {open === 'ship' && (
        <form
          aria-label="Delivery note"
          className="flex flex-wrap items-end gap-3 rounded-md border bg-gray-50 p-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit({ action: 'ship', delivery: note });
          }}
        >
          <DeliveryNoteFields value={note} onChange={setNote} errors={errors} />
          <button type="submit" className={primary} disabled={move.isPending}>
            Ship the order
          </button>
        </form>
      )}
      {open === 'deliver' && (
        <form
          aria-label="Delivery"
          className="flex flex-wrap items-end gap-3 rounded-md border bg-gray-50 p-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit(cod ? { action: 'deliver', cash_collected: Number(cash) } : { action: 'deliver' });
          }}
        >
          {cod && (
            <Field label="Cash collected (₹)" error={errors.cash_collected} hint={`Order total ${formatINR(order.total)}`}>
              {(a) => (
                <input {...a} required inputMode="decimal" className={inputClass} value={cash} onChange={(e) => setCash(e.target.value)} />
              )}
            </Field>
          )}
          <button type="submit" className={primary} disabled={move.isPending}>
            Mark delivered
          </button>
        </form>
      )}
    </div>
  );
}

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="flex justify-between gap-4 py-1">
    <dt className="text-gray-600">{label}</dt>
    <dd className="text-right font-medium">{children}</dd>
  </div>
);

/** One order for the shop: what was bought, for whom, where and when, how it was paid, what happened. */
export function OrderScreen({ order }: { order: AdminOrder }) {
  const o = order;
  const [changing, setChanging] = useState<number | null>(null);
  const canChange = o.changes.remove || o.changes.substitute;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <Link to={paths.orders()} className="text-sm text-brand hover:underline">
          ← Orders
        </Link>
        <h1 className="text-2xl font-semibold">Order {o.ordernumber}</h1>
        <OrderStatusBadge status={o.status} />
        <span className="text-sm text-gray-500">Placed {formatDateTime(o.created_at)}</span>
        <a href={paths.packingSlip(o.id)} target="_blank" rel="noreferrer" className="ml-auto text-sm text-brand hover:underline">
          Packing slip
        </a>
      </div>
      <Card title="Actions">
        <Actions key={o.status} order={o} />
      </Card>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card title="Items">
            <table className="w-full text-sm">
              <caption className="sr-only">Items of order {o.ordernumber}</caption>
              <thead className="border-b text-left text-xs text-gray-500 uppercase">
                <tr>
                  <th scope="col" className="py-2">
                    Item
                  </th>
                  <th scope="col">HSN</th>
                  <th scope="col" className="text-right">
                    Price
                  </th>
                  <th scope="col" className="text-right">
                    Qty
                  </th>
                  <th scope="col" className="text-right">
                    Amount
                  </th>
                  {canChange && (
                    <th scope="col">
                      <span className="sr-only">Change</span>
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
                      <td className="text-right">{formatINR(l.price)}</td>
                      <td className="text-right">{l.quantity}</td>
                      <td className="text-right">{formatINR(l.amount)}</td>
                      {canChange && (
                        <td className="pl-3 text-right">
                          <button
                            type="button"
                            aria-expanded={changing === l.line_id}
                            aria-label={`Remove or substitute ${l.name} ${l.pack}`}
                            className="rounded-md border bg-white px-2 py-1 text-xs font-medium hover:bg-gray-50"
                            onClick={() => setChanging(changing === l.line_id ? null : (l.line_id ?? null))}
                          >
                            {o.changes.substitute ? 'Remove / substitute' : 'Remove'}
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
              <Row label="Items">{formatINR(o.items_total)}</Row>
              {o.discount > 0 && <Row label={`Coupon ${o.coupon ?? ''}`}>−{formatINR(o.discount)}</Row>}
              <Row label="Delivery">{o.delivery_charge > 0 ? formatINR(o.delivery_charge) : 'Free'}</Row>
              <Row label="Total">{formatINR(o.total)}</Row>
            </dl>
            <Adjustments order={o} />
          </Card>
          <Card title="Timeline">
            <ol className="space-y-3 border-l-2 border-gray-200 pl-4 text-sm">
              {o.timeline.map((e, i) => (
                <li key={i}>
                  <p className="font-medium">{ORDER_STATUS_LABELS[e.status]}</p>
                  <p className="text-xs text-gray-600">
                    {formatDateTime(e.at)} · by {e.by}
                    {e.note ? ` · ${e.note}` : ''}
                  </p>
                </li>
              ))}
            </ol>
          </Card>
          <Card title="Payment">
            {o.payment ? (
              <>
                <dl className="text-sm">
                  <Row label="Method">{PAYMENT_PROVIDER_NAMES[o.payment.provider]}</Row>
                  <Row label="Status">{PAYMENT_STATUS_LABELS[o.payment.status]}</Row>
                  <Row label="Amount">{formatINR(o.payment.amount)}</Row>
                  {o.payment.provider_order_id && <Row label="Provider order">{o.payment.provider_order_id}</Row>}
                  {o.payment.provider_payment_id && <Row label="Provider payment">{o.payment.provider_payment_id}</Row>}
                  {o.payment.refund_id && <Row label="Refund">{o.payment.refund_id}</Row>}
                  {o.payment.refunded > 0 && <Row label="Refunded for lines">{formatINR(o.payment.refunded)}</Row>}
                  {o.cash_collected !== null && <Row label="Cash collected">{formatINR(o.cash_collected)}</Row>}
                </dl>
                {o.payment.review && (
                  <p role="alert" className="mt-2 text-sm text-amber-800">
                    {o.payment.review}
                  </p>
                )}
                {o.payment.events.length > 0 && (
                  <details className="mt-3 text-sm">
                    <summary className="cursor-pointer font-medium">Provider events ({o.payment.events.length})</summary>
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
              <p className="text-sm text-gray-600">No payment recorded.</p>
            )}
          </Card>
        </div>
        <div className="space-y-6">
          <Card title="Customer">
            <p className="text-sm font-medium">{o.customer.name}</p>
            {o.customer.email && <p className="text-sm text-gray-600">{o.customer.email}</p>}
            {o.customer.phone && <p className="text-sm text-gray-600">{o.customer.phone}</p>}
          </Card>
          <Card title="Delivery">
            <address className="text-sm not-italic">
              {o.address.name} · {o.address.phone}
              <br />
              {o.address.line1}, {o.address.line2}
              {o.address.landmark ? `, ${o.address.landmark}` : ''}
              <br />
              {o.address.city}, {o.address.state} {o.address.pincode}
            </address>
            <p className="mt-2 text-sm">{o.slot ? `Slot: ${slotLabel(o.slot)}` : 'No delivery slot'}</p>
            {o.delivery && (
              <p className="mt-2 text-sm">
                With {o.delivery.person} ({o.delivery.phone}){o.delivery.vehicle && `, vehicle ${o.delivery.vehicle}`}
                {o.delivery.tracking && `, tracking ${o.delivery.tracking}`}
              </p>
            )}
          </Card>
          <Card title="Notes">
            <p className="text-sm text-gray-700">{o.notes || 'No notes from the customer.'}</p>
          </Card>
        </div>
      </div>
    </div>
  );
}
