import type { AgentDashboard, AgentOrder, SalesFigures } from '@grocer/shared/agents';
import { formatDate, formatDateTime } from '@grocer/shared/format';
import { PAYMENT_PROVIDER_NAMES } from '@grocer/shared/labels';
import { ORDER_STATUS_LABELS } from '@grocer/shared/order';
import { formatINR } from '@grocer/shared/money';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, ShoppingBag } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { LoadingOverlay } from '../../../components/ui/loading';
import { setActingFor } from '../../../lib/acting-for';
import { readError } from '../../../lib/errors';
import { language, t } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { agentDashboardQuery } from '../api/account';
import { SalesChart } from './sales-chart';

/**
 * /account/dashboard (agents only): the agent's own sales today, this month and for a chosen range
 * (the URL's ?from&to), a chart by day, top products, their customers (with "Shop for", which
 * checkout then orders for, and their daily-essentials "Subscriptions" to manage), orders waiting for the customer's payment, and recent orders.
 */
export function SalesDashboard() {
  const [params] = useSearchParams();
  const range = { from: params.get('from') ?? undefined, to: params.get('to') ?? undefined };
  const { data, error, isPending } = useQuery(agentDashboardQuery(range));
  const placed = (useLocation().state as { placed?: { ordernumber: string; customer: string; link_sent_to: string[] } } | null)?.placed;
  if (isPending) return <LoadingOverlay />;
  if (error)
    return (
      <div>
        <h1 className="text-2xl font-bold">{t('Sales dashboard')}</h1>
        <p role="alert" className="mt-3 text-red-600">
          {readError(error)}
        </p>
        <RangeForm from={range.from ?? ''} to={range.to ?? ''} />
      </div>
    );
  return (
    <div className="space-y-5">
      <header>
        <h1 className="text-2xl font-bold">{t('Sales dashboard')}</h1>
        <p className="mt-1 text-sm text-gray-600">
          {data.agent} · {data.website} · {t('commission {rate}%', { rate: data.commission_rate })}
        </p>
      </header>
      {placed && (
        <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          {t('Order {ordernumber} placed for {customer}.', { ordernumber: placed.ordernumber, customer: placed.customer })}
          {placed.link_sent_to.length > 0 && ` ${t('Payment link sent to {to}.', { to: placed.link_sent_to.join(` ${t('and')} `) })}`}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <Period title={t('Today')} f={data.today} />
        <Period title={t('This month')} f={data.month} />
      </div>

      <section aria-labelledby="range-h" className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="range-h" className="font-semibold">
            {formatDate(data.from, language())} – {formatDate(data.to, language())}
          </h2>
          <RangeForm key={`${data.from}|${data.to}`} from={data.from} to={data.to} />
        </div>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
          <Figure label={t('Sales')} value={formatINR(data.range.sales)} />
          <Figure label={t('Orders')} value={String(data.range.orders)} />
          <Figure label={t('Customers')} value={String(data.range.customers)} />
          <Figure label={t('Average order value')} value={formatINR(data.range.average)} />
          <Figure label={t('Commission ({rate}%)', { rate: data.commission_rate })} value={formatINR(data.range.commission)} />
        </dl>
        <SalesChart days={data.by_day} />
      </section>

      <div className="grid gap-5 lg:grid-cols-2">
        <Card title={t('Top products')}>
          {data.top_products.length === 0 ? (
            <Empty>{t('No sales in this range.')}</Empty>
          ) : (
            <table className="w-full text-sm">
              <thead className="text-left text-xs text-gray-500">
                <tr>
                  <th className="py-1 font-medium">{t('Product')}</th>
                  <th className="py-1 pl-3 text-right font-medium">{t('Qty')}</th>
                  <th className="py-1 pl-3 text-right font-medium">{t('Sales')}</th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {data.top_products.map((p) => (
                  <tr key={`${p.name}|${p.pack}`}>
                    <td className="py-1.5 pr-2">
                      {p.name} <span className="text-gray-500">· {p.pack}</span>
                    </td>
                    <td className="py-1.5 pl-3 text-right tabular-nums">{p.quantity}</td>
                    <td className="py-1.5 pl-3 text-right tabular-nums">{formatINR(p.sales)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Card>
        <Card title={t('Waiting for payment')}>
          <Orders orders={data.awaiting_payment} empty={t('No orders are waiting for a customer’s payment.')} />
        </Card>
      </div>

      <Customers customers={data.customers} />

      <Card title={t('Recent orders')}>
        <Orders orders={data.recent} empty={t('You have not placed an order for a customer yet.')} />
      </Card>
    </div>
  );
}

function RangeForm({ from, to }: { from: string; to: string }) {
  const navigate = useNavigate();
  const [f, setF] = useState(from);
  const [until, setUntil] = useState(to);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    navigate(paths.salesDashboard({ from: f, to: until }));
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2 text-sm" aria-label={t('Date range')}>
      <label className="flex flex-col">
        <span className="text-xs text-gray-600">{t('From')}</span>
        <input type="date" value={f} onChange={(e) => setF(e.target.value)} required className="rounded-lg border px-2 py-1.5" />
      </label>
      <label className="flex flex-col">
        <span className="text-xs text-gray-600">{t('To')}</span>
        <input type="date" value={until} onChange={(e) => setUntil(e.target.value)} required className="rounded-lg border px-2 py-1.5" />
      </label>
      <button type="submit" className="rounded-lg bg-[var(--color-primary)] px-3 py-1.5 font-semibold text-white">
        {t('Show')}
      </button>
    </form>
  );
}

function Period({ title, f }: { title: string; f: SalesFigures }) {
  return (
    <section className="rounded-xl border bg-white p-4" aria-label={title}>
      <h2 className="text-sm text-gray-600">{title}</h2>
      <p className="text-2xl font-bold tabular-nums">{formatINR(f.sales)}</p>
      <p className="text-sm text-gray-600">
        {t('{count, plural, one {# order} other {# orders}}', { count: f.orders })} ·{' '}
        {t('commission {amount}', { amount: formatINR(f.commission) })}
      </p>
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border bg-white p-3">
      <dt className="text-xs text-gray-600">{label}</dt>
      <dd className="text-lg font-bold tabular-nums">{value}</dd>
    </div>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-xl border bg-white p-4">
      <h2 id={id} className="mb-2 font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <p className="text-sm text-gray-600">{children}</p>;

function Orders({ orders, empty }: { orders: AgentOrder[]; empty: string }) {
  if (orders.length === 0) return <Empty>{empty}</Empty>;
  return (
    <ul className="divide-y text-sm">
      {orders.map((o) => (
        <li key={o.id} className="flex items-center justify-between gap-2 py-1.5">
          <span className="min-w-0">
            <span className="font-medium">{o.ordernumber}</span> · {o.customer}
            <span className="block text-xs text-gray-500">
              {formatDateTime(o.created_at, language())} · {t(PAYMENT_PROVIDER_NAMES[o.payment_method])} ·{' '}
              {t(ORDER_STATUS_LABELS[o.status])}
            </span>
          </span>
          <span className="shrink-0 tabular-nums">{formatINR(o.total)}</span>
        </li>
      ))}
    </ul>
  );
}

function Customers({ customers }: { customers: AgentDashboard['customers'] }) {
  const navigate = useNavigate();
  const shopFor = (c: { id: number; name: string }) => {
    setActingFor({ id: c.id, name: c.name });
    navigate(paths.products());
  };
  return (
    <Card title={t('Your customers ({count})', { count: customers.length })}>
      {customers.length === 0 ? (
        <Empty>{t('No customers are assigned to you yet. The shop assigns them in Administration.')}</Empty>
      ) : (
        <ul className="divide-y text-sm">
          {customers.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0">
                <span className="font-medium">{c.name}</span>
                <span className="block text-xs break-all text-gray-500">{[c.phone, c.email].filter(Boolean).join(' · ')}</span>
              </span>
              <span className="ml-auto text-right text-xs text-gray-600">
                <span className="block text-sm font-medium text-gray-900 tabular-nums">{formatINR(c.total)}</span>
                {t('{count, plural, one {# order} other {# orders}}', { count: c.orders })}
                {c.last_order_at ? ` · ${t('last {date}', { date: formatDate(c.last_order_at, language()) })}` : ''}
              </span>
              <button
                type="button"
                onClick={() => shopFor(c)}
                className="flex items-center gap-1 rounded-lg border border-[var(--color-primary)] px-2.5 py-1 text-xs font-semibold text-[var(--color-primary)]"
              >
                <ShoppingBag size={14} aria-hidden="true" /> {t('Shop for {name}', { name: c.name.split(' ')[0] })}
              </button>
              <Link
                to={paths.customerSubscriptions(c.id)}
                aria-label={t('Subscriptions of {name}', { name: c.name })}
                className="flex items-center gap-1 rounded-lg border border-[var(--color-primary)] px-2.5 py-1 text-xs font-semibold text-[var(--color-primary)]"
              >
                <CalendarClock size={14} aria-hidden="true" /> {t('Subscriptions')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
