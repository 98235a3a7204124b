import { apiChecked } from '@grocer/shared/api-client';
import { z } from 'zod';

/** The counter's whole catalogue with stock at the warehouse (the till's offline copy). */
export async function fetchCounterCatalogue(warehouseId: number) {
  const { posCounterPackSchema } = await import('@grocer/shared/pos');
  const r = await apiChecked(`/api/pos/packs?warehouse_id=${warehouseId}&limit=5000`, async () =>
    z.object({ data: z.array(posCounterPackSchema) }),
  );
  return r.data;
}
