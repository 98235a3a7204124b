import { useQuery } from '@tanstack/react-query';
import { LoadingOverlay } from '../../../components/ui/loading';
import { readError } from '../../../lib/errors';
import { agentDashboardQuery } from '../api/account';

/** /account/dashboard (agents only): the agent's shop and its shoppers, from the agent area. */
export function SalesDashboard() {
  const { data, error, isPending } = useQuery(agentDashboardQuery);
  if (isPending) return <LoadingOverlay />;
  if (error) return <p className="text-red-600">{readError(error)}</p>;
  const website = data.website;
  return (
    <div>
      <h1 className="text-2xl font-bold">Sales dashboard</h1>
      <p className="mt-1 text-sm text-gray-600">
        {data.agent} · {website}
      </p>
      <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <div className="rounded-xl border bg-white p-4">
          <dt className="text-sm text-gray-600">Shoppers</dt>
          <dd className="text-2xl font-bold tabular-nums">{data.shoppers}</dd>
        </div>
      </dl>
    </div>
  );
}
