import { counted } from '@grocer/shared/labels';
import { couponOffer, type AdminCoupon } from '@grocer/shared/admin-coupons';
import { formatINR, toRupees } from '@grocer/shared/money';
import { Link } from 'react-router';
import { ACTIVE_STATE, scheduleState, validity, type ScheduleState } from '../../../components/ui/schedule';
import { ScheduleList } from '../../../components/ui/schedule-list';
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
  return (
    <ScheduleList
      list={useCoupons()}
      setActive={useSetCouponActive()}
      label="Coupons"
      summary={(coupons) => (
        <>
          {counted(coupons.length, 'coupon')} ·{' '}
          {counted(
            coupons.reduce((s, c) => s + c.uses, 0),
            'use',
          )}{' '}
          · {inr(coupons.reduce((s, c) => s + c.discountGiven, 0))} discount given
        </>
      )}
      newTo={paths.couponNew()}
      newLabel="New coupon"
      empty="No coupons yet. Create one for shoppers to type at checkout."
      columns={[
        { label: 'Code' },
        { label: 'Offer' },
        { label: 'Minimum order' },
        { label: 'Valid' },
        { label: 'Uses', numeric: true },
        { label: 'Discount given', numeric: true },
      ]}
      name={(c) => c.code}
      state={(c) => couponState(c)}
      cells={(c) => (
        <>
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
        </>
      )}
    />
  );
}
