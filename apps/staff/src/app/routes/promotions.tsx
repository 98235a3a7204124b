import { useParams } from 'react-router';
import { LoadingView } from '../../components/ui/loading';
import { usePromotion } from '../../features/promotions/api/get-promotions';
import { PromotionEditor } from '../../features/promotions/components/promotion-editor';
import { PromotionList } from '../../features/promotions/components/promotion-list';
import { errorMessage } from '../../lib/error-message';
import { NotFound } from '../route-error';
import { t } from '../../lib/i18n';

export function PromotionsRoute() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('Promotions')}</h1>
      <PromotionList />
    </>
  );
}

export function NewPromotionRoute() {
  return <PromotionEditor promotion={null} />;
}

export function PromotionRoute() {
  const id = Number(useParams().id);
  const promotion = usePromotion(id);
  if (!Number.isInteger(id) || id <= 0 || (promotion.error && 'status' in promotion.error && promotion.error.status === 404))
    return <NotFound />;
  if (promotion.error)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(promotion.error)}
      </p>
    );
  if (!promotion.data) return <LoadingView />;
  return <PromotionEditor key={promotion.data.id} promotion={promotion.data} />;
}
