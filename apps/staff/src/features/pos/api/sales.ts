import { apiChecked } from '@grocer/shared/api-client';
import type { ReturnInput, SaleInput } from '@grocer/shared/pos';

const schemas = () => import('@grocer/shared/pos');

export const createSale = (body: SaleInput) =>
  apiChecked('/api/pos/sales', async () => (await schemas()).saleSchema, { method: 'POST', body });

export const getSale = (receipt: string) =>
  apiChecked(`/api/pos/sales/${encodeURIComponent(receipt)}`, async () => (await schemas()).saleDetailSchema);

export const returnSale = (receipt: string, body: ReturnInput) =>
  apiChecked(`/api/pos/sales/${encodeURIComponent(receipt)}/return`, async () => (await schemas()).returnResultSchema, {
    method: 'POST',
    body,
  });

export const sendReceipt = (receipt: string, to: string) =>
  apiChecked(`/api/pos/sales/${encodeURIComponent(receipt)}/send`, async () => (await import('@grocer/shared/storefront')).okSchema, {
    method: 'POST',
    body: { to },
  });

/** A series of receipt numbers for the sales this device rings up offline (asked once, while online). */
export const getOfflineSeries = (till: string) =>
  apiChecked('/api/pos/offline-series', async () => (await schemas()).offlineSeriesSchema, { method: 'POST', body: { till } });
