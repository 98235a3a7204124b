import { useParams } from 'react-router';
import { LoadingView } from '../../components/ui/loading';
import { useCoupon } from '../../features/coupons/api/get-coupons';
import { CouponEditor } from '../../features/coupons/components/coupon-editor';
import { CouponList } from '../../features/coupons/components/coupon-list';
import { errorMessage } from '../../lib/error-message';
import { NotFound } from '../route-error';
import { t } from '../../lib/i18n';

export function CouponsRoute() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('Coupons')}</h1>
      <CouponList />
    </>
  );
}

export function NewCouponRoute() {
  return <CouponEditor coupon={null} />;
}

export function CouponRoute() {
  const id = Number(useParams().id);
  const coupon = useCoupon(id);
  if (!Number.isInteger(id) || id <= 0 || (coupon.error && 'status' in coupon.error && coupon.error.status === 404)) return <NotFound />;
  if (coupon.error)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(coupon.error)}
      </p>
    );
  if (!coupon.data) return <LoadingView />;
  return <CouponEditor key={coupon.data.id} coupon={coupon.data} />;
}
