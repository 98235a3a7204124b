import { apiChecked } from '@grocer/shared/api-client';
import type { SaleInput } from '@grocer/shared/pos';

const schemas = () => import('@grocer/shared/pos');

export const createSale = (body: SaleInput) =>
  apiChecked('/api/pos/sales', async () => (await schemas()).saleSchema, { method: 'POST', body });

export const getSale = (receipt: string) =>
  apiChecked(`/api/pos/sales/${encodeURIComponent(receipt)}`, async () => (await schemas()).saleDetailSchema);

export const returnSale = (receipt: string, body: { till: string; lines: Array<{ line_id: number; quantity: number }> }) =>
  apiChecked(`/api/pos/sales/${encodeURIComponent(receipt)}/return`, async () => (await schemas()).returnResultSchema, {
    method: 'POST',
    body,
  });

export const sendReceipt = (receipt: string, to: string) =>
  apiChecked(`/api/pos/sales/${encodeURIComponent(receipt)}/send`, async () => (await import('@grocer/shared/storefront')).okSchema, {
    method: 'POST',
    body: { to },
  });
