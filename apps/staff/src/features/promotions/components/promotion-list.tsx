import { counted } from '@grocer/shared/labels';
import type { AdminPromotion } from '@grocer/shared/promotions';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { LoadingView } from '../../../components/ui/loading';
import { ACTIVE_STATE, PauseButton, scheduleState, StateBadge, validity } from '../../../components/ui/schedule';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { usePromotions } from '../api/get-promotions';
import { useSetPromotionActive } from '../api/save-promotion';

const KIND_LABELS: Record<AdminPromotion['kind'], string> = { buy_x_get_y: 'Buy X get Y', combo: 'Combo', cart: 'Cart discount' };

/** Where a promotion stands for shoppers right now, in one word. */
const state = (p: AdminPromotion) => scheduleState(p, 'Ended') ?? ACTIVE_STATE;

/** Every automatic promotion of the shop (tens, not thousands: one page), what it gives, and pause/resume. */
export function PromotionList() {
  const list = usePromotions();
  const setActive = useSetPromotionActive();
  if (list.isPending) return <LoadingView />;
  if (list.error)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(list.error)}
      </p>
    );
  const promotions = list.data.data;
  const toggle = (p: AdminPromotion) =>
    setActive.mutate(
      { id: p.id, active: !p.active },
      {
        onSuccess: (s) => toast.success(`${s.name} ${s.active ? 'resumed' : 'paused'}`),
        onError: (e) => toast.error(errorMessage(e)),
      },
    );
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-4">
        <p className="text-sm text-gray-600">
          {counted(promotions.length, 'promotion')}. Applied in every cart without a code: the best one per item, then the best cart
          discount; a coupon adds to them.
        </p>
        <Link
          to={paths.promotionNew()}
          className="inline-flex items-center gap-1 rounded-md bg-gray-900 px-4 py-2 text-sm font-medium text-white hover:bg-gray-700"
        >
          <Plus className="size-4" aria-hidden /> New promotion
        </Link>
      </div>
      {promotions.length === 0 ? (
        <p className="rounded-lg border bg-white p-8 text-center text-gray-600">
          No promotions yet. Create one: shoppers get it without a code.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border bg-white">
          <table className="w-full text-sm" aria-label="Promotions">
            <thead className="border-b bg-gray-50 text-left text-xs uppercase tracking-wide text-gray-500">
              <tr>
                <th className="px-4 py-2 font-medium">Name</th>
                <th className="px-4 py-2 font-medium">Kind</th>
                <th className="px-4 py-2 font-medium">Offer</th>
                <th className="px-4 py-2 font-medium">Valid</th>
                <th className="px-4 py-2 font-medium">Status</th>
                <th className="px-4 py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {promotions.map((p) => {
                return (
                  <tr key={p.id} className="border-b last:border-0 hover:bg-gray-50">
                    <td className="min-w-44 px-4 py-3">
                      <Link to={paths.promotion(p.id)} className="font-semibold text-brand hover:underline">
                        {p.name}
                      </Link>
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap">{KIND_LABELS[p.kind]}</td>
                    <td className="px-4 py-3">
                      {p.summary}
                      {p.packs.length > 0 && (
                        <p className="max-w-72 truncate text-xs text-gray-500">{p.packs.map((k) => k.label).join(', ')}</p>
                      )}
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap">{validity(p)}</td>
                    <td className="px-4 py-3">
                      <StateBadge state={state(p)} />
                    </td>
                    <td className="px-4 py-3 text-right whitespace-nowrap">
                      <PauseButton active={p.active} name={p.name} onClick={() => toggle(p)} disabled={setActive.isPending} />
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
