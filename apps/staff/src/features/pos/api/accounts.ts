import { apiChecked } from '@grocer/shared/api-client';
import type { PosAccountPaymentInput } from '@grocer/shared/wallet';

const schemas = () => import('@grocer/shared/wallet');

/** GET /s/api/pos/accounts: the customer's wallet and khata balances (issue 44 §7). */
export const getAccounts = (mobile: string) =>
  apiChecked(`/api/pos/accounts?mobile=${mobile}`, async () => (await schemas()).posAccountsSchema);

/** POST /s/api/pos/accounts/payments: cash or UPI for a khata or into a wallet; the key makes a retry post once. */
export const takeAccountPayment = (body: PosAccountPaymentInput) =>
  apiChecked('/api/pos/accounts/payments', async () => (await schemas()).posAccountReceiptSchema, { method: 'POST', body });
