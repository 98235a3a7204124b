import type { CustomerDetail } from '@grocer/shared/admin-customers';
import { formatDateTime } from '@grocer/shared/format';
import { counted, PAYMENT_PROVIDER_NAMES } from '@grocer/shared/labels';
import { formatINR } from '@grocer/shared/money';
import { ORDER_STATUS_LABELS } from '@grocer/shared/order';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { OrderStatusBadge } from '../../../components/order-status-badge';
import { useSetBlocked } from '../api/customers';
import { BlockedBadge } from './customer-list';
import { CustomerNotes, CustomerTags } from './customer-notes';
import { CustomerWallet } from './customer-wallet';
import { t } from '../../../lib/i18n';

const button = 'rounded-md px-4 py-2 text-sm font-medium disabled:opacity-50';

const Stat = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="rounded-lg border bg-white p-4">
    <p className="text-xs font-medium text-gray-500 uppercase">{label}</p>
    <p className="mt-1 text-xl font-semibold">{children}</p>
  </div>
);

/** Orders still on their way: blocking does not stop them, so the owner is told which, to cancel them if she wants. */
function OpenOrders({ customer }: { customer: CustomerDetail }) {
  const open = customer.recent_orders.filter((o) => o.status !== 'delivered' && o.status !== 'cancelled');
  if (open.length === 0) return <p className="mt-2 text-sm text-gray-600">{t('They have no open orders.')}</p>;
  return (
    <div role="note" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <p className="font-medium">
        {t('{open} will still be delivered unless you cancel {count, plural, one {it} other {them}}:', {
          open: counted(open.length, 'open order'),
          count: open.length,
        })}
      </p>
      <ul className="mt-1 flex flex-wrap gap-x-3">
        {open.map((o) => (
          <li key={o.id}>
            <Link to={paths.order(o.id)} className="font-medium underline">
              {o.ordernumber}
            </Link>{' '}
            ({ORDER_STATUS_LABELS[o.status].toLowerCase()})
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Block (with the reason the customer is told) or unblock, on this website only. */
function BlockControl({ customer }: { customer: CustomerDetail }) {
  const set = useSetBlocked(customer.id);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  if (customer.blocked)
    return (
      <div className="space-y-3 text-sm">
        <p role="status" className="text-red-800">
          {t('Blocked on {at}: {reason}. They cannot sign in or order here and are told why.', {
            at: formatDateTime(customer.blocked.at),
            reason: customer.blocked.reason,
          })}
        </p>
        <button
          type="button"
          className={`${button} border bg-white hover:bg-gray-50`}
          disabled={set.isPending}
          onClick={() =>
            set.mutate(null, {
              onSuccess: () => toast.success(t('{name} is unblocked', { name: customer.name })),
              onError: (e) => toast.error(errorMessage(e)),
            })
          }
        >
          {t('Unblock')}
        </button>
      </div>
    );
  return (
    <>
      <p className="mb-3 text-sm text-gray-600">
        {t('A blocked customer cannot sign in or place an order on this shop; they are told the reason.')}
      </p>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        trigger={
          <button type="button" className={`${button} border border-red-300 bg-white text-red-700 hover:bg-red-50`}>
            {t('Block customer')}
          </button>
        }
        title={t('Block {name}?', { name: customer.name })}
        description={t('They are signed out of this shop and cannot sign in or order until unblocked. Other shops are not affected.')}
        form
        cancel={t('Keep')}
        confirm={t('Block')}
        busy={set.isPending}
        onConfirm={() =>
          set.mutate(reason, {
            onSuccess: () => {
              toast.success(t('{name} is blocked', { name: customer.name }));
              setOpen(false);
            },
            onError: (err) => toast.error(errorMessage(err)),
          })
        }
      >
        <OpenOrders customer={customer} />
        <Field label={t('Reason (the customer is told)')} className="mt-4">
          {(a) => (
            <input
              {...a}
              required
              minLength={3}
              maxLength={200}
              className={inputClass}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </Field>
      </ConfirmDialog>
    </>
  );
}

/** One customer: contacts, orders and what they spent, addresses, and block or unblock. */
export function CustomerScreen({ customer: c }: { customer: CustomerDetail }) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <Link to={paths.customers()} className="text-sm text-brand hover:underline">
          {t('← Customers')}
        </Link>
        <h1 className="text-2xl font-semibold">{c.name}</h1>
        {c.blocked && <BlockedBadge />}
        <span className="text-sm text-gray-500">{t('Joined {joined}', { joined: formatDateTime(c.joined) })}</span>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Stat label={t('Orders')}>{c.orders}</Stat>
        <Stat label={t('Total spent')}>
          {formatINR(c.spent)}
          <span className="block text-xs font-normal text-gray-500">{t('Delivered orders: goods net of refunds, without delivery')}</span>
        </Stat>
        <Stat label={t('Last order')}>{c.last_order ? formatDateTime(c.last_order) : t('None yet')}</Stat>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card title={t('Orders')}>
            {c.recent_orders.length === 0 ? (
              <p className="text-sm text-gray-600">{t('No orders yet.')}</p>
            ) : (
              <table className="w-full text-sm">
                <caption className="sr-only">{t('Orders of {name}', { name: c.name })}</caption>
                <thead className="border-b text-left text-xs text-gray-500 uppercase">
                  <tr>
                    <th scope="col" className="py-2">
                      {t('Order')}
                    </th>
                    <th scope="col">{t('Placed')}</th>
                    <th scope="col">{t('Status')}</th>
                    <th scope="col">{t('Payment')}</th>
                    <th scope="col" className="text-right">
                      {t('Total')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {c.recent_orders.map((o) => (
                    <tr key={o.id} className="border-b last:border-0">
                      <td className="py-2">
                        <Link to={paths.order(o.id)} className="font-medium text-brand hover:underline">
                          {o.ordernumber}
                        </Link>
                      </td>
                      <td className="whitespace-nowrap">{formatDateTime(o.created_at)}</td>
                      <td>
                        <OrderStatusBadge status={o.status} />
                      </td>
                      <td>{o.payment_method === 'cod' ? t('COD') : PAYMENT_PROVIDER_NAMES[o.payment_method]}</td>
                      <td className="text-right">{formatINR(o.total)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {c.orders > c.recent_orders.length && (
              <Link
                to={paths.orders(new URLSearchParams({ q: c.email ?? c.phone ?? c.name }).toString())}
                className="mt-3 inline-block text-sm text-brand hover:underline"
              >
                {t('All {orders}', { orders: counted(c.orders, 'order') })}
              </Link>
            )}
          </Card>
          <Card title={t('Wallet & khata')}>
            <CustomerWallet customerId={c.id} />
          </Card>
          <Card title={t('Notes')}>
            <CustomerNotes customer={c} />
          </Card>
        </div>
        <div className="space-y-6">
          <Card title={t('Tags')}>
            <CustomerTags customer={c} />
          </Card>
          <Card title={t('Contact')}>
            {c.email && <p className="text-sm">{c.email}</p>}
            {c.phone && <p className="text-sm">{c.phone}</p>}
          </Card>
          <Card title={t('Addresses')}>
            {c.addresses.length === 0 ? (
              <p className="text-sm text-gray-600">{t('No saved addresses.')}</p>
            ) : (
              <ul className="space-y-3 text-sm">
                {c.addresses.map((a) => (
                  <li key={a.id}>
                    <address className="not-italic">
                      {a.name} · {a.phone} {a.is_default && <span className="text-xs text-gray-500">{t('(default)')}</span>}
                      <br />
                      {a.line1}, {a.line2}
                      <br />
                      {a.city}, {a.state} {a.pincode}
                    </address>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card title={t('Access')}>
            <BlockControl customer={c} />
          </Card>
        </div>
      </div>
    </div>
  );
}
