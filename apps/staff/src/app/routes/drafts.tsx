import { Link, NavLink, useParams } from 'react-router';
import { LoadingView } from '../../components/ui/loading';
import { useDraft } from '../../features/orders/api/drafts';
import { DraftList } from '../../features/orders/components/draft-list';
import { DraftNew } from '../../features/orders/components/draft-new';
import { DraftScreen } from '../../features/orders/components/draft-screen';
import { errorMessage } from '../../lib/error-message';
import { paths } from '../../lib/paths';
import { useCan } from '../../lib/permissions';
import { NotFound } from '../route-error';
import { t } from '../../lib/i18n';

const tab = ({ isActive }: { isActive: boolean }) =>
  `border-b-2 px-1 pb-2 text-sm font-medium ${isActive ? 'border-brand text-brand' : 'border-transparent text-gray-600 hover:text-gray-900'}`;

/** The orders screen's header: All orders | Drafts (the Draft filter), and "New order" for staff who manage orders. */
export function OrdersHeader() {
  const can = useCan()('orders.manage');
  return (
    <div className="mb-4 flex flex-wrap items-end gap-4">
      <h1 className="text-2xl font-semibold">{t('Orders')}</h1>
      <nav aria-label={t('Orders')} className="flex gap-4">
        <NavLink to={paths.orders()} end className={tab}>
          {t('All orders')}
        </NavLink>
        <NavLink to={paths.drafts()} end className={tab}>
          {t('Drafts')}
        </NavLink>
      </nav>
      {can && (
        <Link to={paths.draftNew()} className="ml-auto rounded-md bg-brand px-4 py-2 text-sm font-medium text-white hover:opacity-90">
          {t('New order')}
        </Link>
      )}
    </div>
  );
}

export function DraftsRoute() {
  return (
    <>
      <OrdersHeader />
      <DraftList />
    </>
  );
}

export function DraftNewRoute() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('New order')}</h1>
      <DraftNew />
    </>
  );
}

export function DraftRoute() {
  const id = useParams().id ?? '';
  const draft = useDraft(id);
  if (draft.error && 'status' in draft.error && (draft.error.status === 404 || draft.error.status === 422)) return <NotFound />;
  if (draft.error)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(draft.error)}
      </p>
    );
  if (!draft.data) return <LoadingView />;
  return <DraftScreen draft={draft.data} />;
}
