import { apiChecked } from '@grocer/shared/api-client';
import { useQuery } from '@tanstack/react-query';

const schemas = () => import('@grocer/shared/delivery-trips');

/** An order's delivery by a rider (time, code, photo) for its timeline; null when no rider carried it. */
export const useStopProof = (orderId: string) =>
  useQuery({
    queryKey: ['admin', 'stop-proof', orderId],
    queryFn: ({ signal }) =>
      apiChecked(
        `/api/admin/dispatch/orders/${encodeURIComponent(orderId)}/proof`,
        async () => (await schemas()).stopProofSchema.nullable(),
        {
          signal,
        },
      ).catch((e: unknown) => {
        if ((e as { status?: number }).status === 404) return null;
        throw e;
      }),
    retry: false,
  });
