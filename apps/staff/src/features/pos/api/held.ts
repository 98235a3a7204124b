import { apiChecked } from '@grocer/shared/api-client';
import type { HeldCart } from '@grocer/shared/pos';
import { z } from 'zod';

const schemas = () => import('@grocer/shared/pos');

export const holdCart = (body: { till: string; label: string; cart: HeldCart }) =>
  apiChecked('/api/pos/held', async () => z.object({ id: z.number() }), { method: 'POST', body });

export const listHeld = (till: string) =>
  apiChecked(`/api/pos/held?till=${encodeURIComponent(till)}`, async () => (await schemas()).heldListSchema);

export const recallHeld = (id: number) =>
  apiChecked(`/api/pos/held/${id}/recall`, async () => (await schemas()).heldCartSchema, { method: 'POST' });
