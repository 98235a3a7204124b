import { apiChecked } from '@grocer/shared/api-client';
import { z } from 'zod';

export const addLooseGood = (body: { name: string; price_per_kg: number; hsn_code: string; gst_rate: number; grams: number }) =>
  apiChecked('/api/pos/loose-goods', async () => z.object({ pack_id: z.number() }), { method: 'POST', body });
