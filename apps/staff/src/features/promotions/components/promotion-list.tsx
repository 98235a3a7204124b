import { counted } from '@grocer/shared/labels';
import type { AdminPromotion } from '@grocer/shared/promotions';
import { Link } from 'react-router';
import { ACTIVE_STATE, scheduleState, validity } from '../../../components/ui/schedule';
import { ScheduleList } from '../../../components/ui/schedule-list';
import { paths } from '../../../lib/paths';
import { usePromotions } from '../api/get-promotions';
import { useSetPromotionActive } from '../api/save-promotion';
import { t } from '../../../lib/i18n';

const KIND_LABELS: Record<AdminPromotion['kind'], string> = { buy_x_get_y: 'Buy X get Y', combo: 'Combo', cart: 'Cart discount' };

/** Where a promotion stands for shoppers right now, in one word. */
const state = (p: AdminPromotion) => scheduleState(p, 'Ended') ?? ACTIVE_STATE;

/** Every automatic promotion of the shop (tens, not thousands: one page), what it gives, and pause/resume. */
export function PromotionList() {
  return (
    <ScheduleList
      list={usePromotions()}
      setActive={useSetPromotionActive()}
      label={t('Promotions')}
      summary={(promotions) => (
        <>
          {t(
            '{promotions}. Applied in every cart without a code: the best one per item, then the best cart discount; a coupon adds to them.',
            { promotions: counted(promotions.length, 'promotion') },
          )}
        </>
      )}
      newTo={paths.promotionNew()}
      newLabel={t('New promotion')}
      empty={t('No promotions yet. Create one: shoppers get it without a code.')}
      columns={[{ label: t('Name') }, { label: t('Kind') }, { label: t('Offer') }, { label: t('Valid') }]}
      name={(p) => p.name}
      state={state}
      cells={(p) => (
        <>
          <td className="min-w-44 px-4 py-3">
            <Link to={paths.promotion(p.id)} className="font-semibold text-brand hover:underline">
              {p.name}
            </Link>
          </td>
          <td className="px-4 py-3 whitespace-nowrap">{KIND_LABELS[p.kind]}</td>
          <td className="px-4 py-3">
            {p.summary}
            {p.packs.length > 0 && <p className="max-w-72 truncate text-xs text-gray-500">{p.packs.map((k) => k.label).join(', ')}</p>}
          </td>
          <td className="px-4 py-3 whitespace-nowrap">{validity(p)}</td>
        </>
      )}
    />
  );
}
