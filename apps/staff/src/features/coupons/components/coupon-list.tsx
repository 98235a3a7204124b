import { counted } from '@grocer/shared/labels';
import { couponOffer, type AdminCoupon } from '@grocer/shared/admin-coupons';
import { formatINR, toRupees } from '@grocer/shared/money';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { LoadingView } from '../../../components/ui/loading';
import { ACTIVE_STATE, PauseButton, scheduleState, StateBadge, validity, type ScheduleState } from '../../../components/ui/schedule';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { useCoupons } from '../api/get-coupons';
import { useSetCouponActive } from '../api/set-coupon-active';

const inr = (paise: number) => formatINR(toRupees(paise));

/** Where a coupon stands for shoppers right now, in one word. */
export function couponState(c: AdminCoupon, now = Date.now()): ScheduleState {
  const scheduled = scheduleState(c, 'Expired', now);
  if (scheduled) return scheduled;
  if (c.usageLimit !== null && c.uses >= c.usageLimit) return { label: 'Used up', tone: 'bg-amber-50 text-amber-800' };
  return ACTIVE_STATE;
}

/**
 * Every coupon of the shop on one page (a shop has tens, not thousands: no paging or server
 * search needed): what it gives, its rules, how often it was used and the discount given, and a
 * pause/resume toggle.
 */
export function CouponList() {
  const list = useCoupons();
  const setActive = useSetCouponActive();
  if (list.isPending) return <LoadingView />;
  if (list.error)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(list.error)}
      </p>
    );
  const coupons = list.data.data;
  const toggle = (c: AdminCoupon) =>
    setActive.mutate(
      { id: c.id, active: !c.active },
      {
        onSuccess: (s) => toast.success(`${s.code} ${s.active ? 'resumed' : 'paused'}`),
        onError: (e) => toast.error(errorMessage(e)),
      },
    );
  return (
    <div>
      <div className="mb-4 flex items-center justify-between gap-4">
        <p className="text-sm text-gray-600">
          {counted(coupons.length, 'coupon')} ·{' '}
          {counted(
            coupons.reduce((s, c) => s + c.uses, 0),
            'use',
          )}{' '}
          · {inr(coupons.reduce((s, c) => s + c.discountGiven, 0))} discount given
        </p>
        <Link
          to={paths.couponNew()}
          className="inline-flex items-center gap-1 rounded-md bg-gray-900 px-4 py-2 text-sm font-medium text-white hover:bg-gray-700"
        >
          <Plus className="size-4" aria-hidden /> New coupon
        </Link>
      </div>
      {coupons.length === 0 ? (
        <p className="rounded-lg border bg-white p-8 text-center text-gray-600">
          No coupons yet. Create one for shoppers to type at checkout.
        </p>
      ) : (
        <div tabIndex={0} role="region" aria-label="Coupons" className="overflow-x-auto rounded-lg border bg-white">
          <table className="w-full text-sm" aria-label="Coupons">
            <thead className="border-b bg-gray-50 text-left text-xs uppercase tracking-wide text-gray-500">
              <tr>
                <th className="px-4 py-2 font-medium">Code</th>
                <th className="px-4 py-2 font-medium">Offer</th>
                <th className="px-4 py-2 font-medium">Minimum order</th>
                <th className="px-4 py-2 font-medium">Valid</th>
                <th className="px-4 py-2 text-right font-medium">Uses</th>
                <th className="px-4 py-2 text-right font-medium">Discount given</th>
                <th className="px-4 py-2 font-medium">Status</th>
                <th className="px-4 py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {coupons.map((c) => {
                return (
                  <tr key={c.id} className="border-b last:border-0 hover:bg-gray-50">
                    <td className="px-4 py-3">
                      <Link to={paths.coupon(c.id)} className="font-mono font-semibold text-brand hover:underline">
                        {c.code}
                      </Link>
                      {c.description && <p className="max-w-56 truncate text-xs text-gray-500">{c.description}</p>}
                    </td>
                    <td className="px-4 py-3">
                      {couponOffer(c, inr)}
                      {c.firstOrderOnly && <p className="text-xs text-gray-500">First order only</p>}
                    </td>
                    <td className="px-4 py-3">{c.minOrder > 0 ? inr(c.minOrder) : '—'}</td>
                    <td className="px-4 py-3 whitespace-nowrap">{validity(c)}</td>
                    <td className="px-4 py-3 text-right tabular-nums">
                      {c.uses}
                      {c.usageLimit !== null && <span className="text-gray-500"> / {c.usageLimit}</span>}
                      {c.perCustomerLimit !== null && <p className="text-xs text-gray-500">{c.perCustomerLimit} per customer</p>}
                    </td>
                    <td className="px-4 py-3 text-right tabular-nums">{inr(c.discountGiven)}</td>
                    <td className="px-4 py-3">
                      <StateBadge state={couponState(c)} />
                    </td>
                    <td className="px-4 py-3 text-right whitespace-nowrap">
                      <PauseButton active={c.active} name={c.code} onClick={() => toggle(c)} disabled={setActive.isPending} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
