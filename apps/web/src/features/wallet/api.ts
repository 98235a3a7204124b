import type { KhataPayStart, TopupStart } from '@grocer/shared/wallet';
import { queryOptions } from '@tanstack/react-query';
import { apiChecked } from '../../lib/api';

// The shopper's wallet (issue 44): answers parsed with the shared contracts, loaded with the call.
const contracts = () => import('@grocer/shared/wallet');

/** GET /s/api/account/wallet: balance, latest entries, the top-up's limits. */
export const walletQuery = queryOptions({
  queryKey: ['wallet'],
  queryFn: ({ signal }) => apiChecked('/api/account/wallet', async () => (await contracts()).myWalletSchema, { signal }),
});

/** The wallet's statement by month (the last three months of the shop's calendar). */
export const walletStatementQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: ['wallet', 'statement'],
    enabled,
    queryFn: ({ signal }) =>
      apiChecked('/api/account/wallet/statement?kind=wallet', async () => (await contracts()).statementSchema, { signal }),
  });

export const walletApi = {
  startTopup: (body: TopupStart) =>
    apiChecked('/api/account/wallet/topups', async () => (await contracts()).topupStartedSchema, { method: 'POST', body }),
  /** pay what is owed on the khata (or a part) through the shop's gateway (issue 44 §4) */
  payKhata: (body: KhataPayStart) =>
    apiChecked('/api/account/khata/payments', async () => (await contracts()).topupStartedSchema, { method: 'POST', body }),
  /** the return page: the server asks the provider when no webhook came, and credits once */
  topup: (id: number) => apiChecked(`/api/account/wallet/topups/${id}`, async () => (await contracts()).topupSchema),
  verifyTopup: (id: number, body: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }) =>
    apiChecked(`/api/account/wallet/topups/${id}/verify`, async () => (await contracts()).topupSchema, { method: 'POST', body }),
};
