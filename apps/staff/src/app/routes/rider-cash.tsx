import { Link } from 'react-router';
import { useHandovers } from '../../features/dispatch/api/handovers';
import { BankDeposit } from '../../features/dispatch/components/bank-deposit';
import { CodRidersReport } from '../../features/dispatch/components/cod-riders-report';
import { HandoverScreen } from '../../features/dispatch/components/handover-screen';
import { paths } from '../../lib/paths';
import { useCan } from '../../lib/permissions';
import { t } from '../../lib/i18n';

/** Administration → Rider cash (issue 45 item 4): the trips' cash to count, the counted cash taken to the bank, and the COD report by day and rider. */
export function RiderCashRoute() {
  const can = useCan();
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('Rider cash')}</h1>
      <div className="space-y-6">
        <HandoverScreen base="/admin/dispatch/handovers" canCount={can('orders.deliver')} />
        <Deposits canDeposit={can('orders.manage')} />
        <CodRidersReport />
      </div>
    </>
  );
}

/** The counted cash still to take to the bank, once the handovers have loaded (the same query as the screen above). */
function Deposits({ canDeposit }: { canDeposit: boolean }) {
  const list = useHandovers('/admin/dispatch/handovers');
  return list.data ? <BankDeposit done={list.data.done} canDeposit={canDeposit} /> : null;
}

/** The till's Rider cash (`/pos/handovers`): a cashier counts the cash a rider brings back. */
export function PosHandoversRoute() {
  return (
    <main className="mx-auto max-w-5xl p-4">
      <div className="mb-4 flex items-center gap-4">
        <Link to={paths.pos()} className="rounded-md border px-3 py-2 text-sm font-medium hover:bg-gray-50">
          {t('‹ Back to the till')}
        </Link>
        <h1 className="text-2xl font-semibold">{t('Rider cash')}</h1>
      </div>
      <p className="mb-4 text-sm text-gray-600">
        {t(
          "Count the cash a rider brings back from a trip. It goes in the cash bag, not the till drawer: the shift's count stays its own sales.",
        )}
      </p>
      <HandoverScreen base="/pos/handovers" canCount />
    </main>
  );
}
