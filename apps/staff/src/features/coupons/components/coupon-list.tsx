import { counted } from '@grocer/shared/labels';
import { couponOffer, type AdminCoupon } from '@grocer/shared/admin-coupons';
import { formatINR, toRupees } from '@grocer/shared/money';
import { Link } from 'react-router';
import { ACTIVE_STATE, scheduleState, validity, type ScheduleState } from '../../../components/ui/schedule';
import { ScheduleList } from '../../../components/ui/schedule-list';
import { paths } from '../../../lib/paths';
import { useCoupons } from '../api/get-coupons';
import { useSetCouponActive } from '../api/set-coupon-active';
import { t } from '../../../lib/i18n';

const inr = (paise: number) => formatINR(toRupees(paise));

/** Where a coupon stands for shoppers right now, in one word. */
export function couponState(c: AdminCoupon, now = Date.now()): ScheduleState {
  const scheduled = scheduleState(c, 'Expired', now);
  if (scheduled) return scheduled;
  if (c.usageLimit !== null && c.uses >= c.usageLimit) return { label: t('Used up'), tone: 'bg-amber-50 text-amber-800' };
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
      label={t('Coupons')}
      summary={(coupons) => (
        <>
          {t('{coupons} · {coupons2} · {coupons3} discount given', {
            coupons: counted(coupons.length, 'coupon'),
            coupons2: counted(
              coupons.reduce((s, c) => s + c.uses, 0),
              'use',
            ),
            coupons3: inr(coupons.reduce((s, c) => s + c.discountGiven, 0)),
          })}
        </>
      )}
      newTo={paths.couponNew()}
      newLabel={t('New coupon')}
      empty={t('No coupons yet. Create one for shoppers to type at checkout.')}
      columns={[
        { label: t('Code') },
        { label: t('Offer') },
        { label: t('Minimum order') },
        { label: t('Valid') },
        { label: t('Uses'), numeric: true },
        { label: t('Discount given'), numeric: true },
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
            {c.firstOrderOnly && <p className="text-xs text-gray-500">{t('First order only')}</p>}
          </td>
          <td className="px-4 py-3">{c.minOrder > 0 ? inr(c.minOrder) : '—'}</td>
          <td className="px-4 py-3 whitespace-nowrap">{validity(c)}</td>
          <td className="px-4 py-3 text-right tabular-nums">
            {c.uses}
            {c.usageLimit !== null && <span className="text-gray-500"> / {c.usageLimit}</span>}
            {c.perCustomerLimit !== null && (
              <p className="text-xs text-gray-500">{t('{perCustomerLimit} per customer', { perCustomerLimit: c.perCustomerLimit })}</p>
            )}
          </td>
          <td className="px-4 py-3 text-right tabular-nums">{inr(c.discountGiven)}</td>
        </>
      )}
    />
  );
}
