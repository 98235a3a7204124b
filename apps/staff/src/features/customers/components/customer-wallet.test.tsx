import { ApiError } from '@grocer/shared/api-client';
import type { AccountWithEntries } from '@grocer/shared/wallet';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorAt, field, type } from '../../../test/fields';
import { apiChecked, toast, resetFormApi } from '../../../test/form-api';

// A customer's "Wallet & khata" card: goodwill credit, opening a khata, its limit, a cash payment
// and the shop's khata terms, each typed in rupees (days), checked by the shared contract
// (goodwillSchema, khataOpenSchema, khataLimitSchema, khataPaymentSchema, khataSettingsSchema) at
// its fields before sending, sent in paise; a money call's key kept for its retry.

const { CustomerWallet } = await import('./customer-wallet');

const account = (id: number, kind: 'wallet' | 'khata', patch: Partial<AccountWithEntries> = {}): AccountWithEntries => ({
  id,
  kind,
  balance_paise: 0,
  credit_limit_paise: 0,
  status: 'open',
  opened_by: 'Asha Owner',
  created_at: '2026-11-01T06:00:00.000Z',
  entries: [],
  ...patch,
});
const wallet = account(11, 'wallet', { balance_paise: 5_000 });
const khata = account(12, 'khata', { balance_paise: -25_000, credit_limit_paise: 200_000 });

// the server: the customer's accounts (with or without a khata), the terms, and a money call answered or refused
let accounts: { wallet: AccountWithEntries | null; khata: AccountWithEntries | null };
let write: (path: string, body: Record<string, unknown>) => Promise<unknown>;
beforeEach(() => {
  resetFormApi();
  accounts = { wallet, khata: null };
  write = async (path, body) =>
    path.endsWith('/settings') ? body : { account: khata, entry: { amount_paise: body.amount_paise ?? body.credit_limit_paise } };
  apiChecked.mockImplementation(async (path: string, method: string, body: Record<string, unknown>) => {
    if (method !== 'GET') return write(path, body);
    if (path === '/api/admin/wallets/settings') return { due_days: 7 };
    return { user_id: 7, ...accounts };
  });
});
const sent = () => apiChecked.mock.calls.filter(([, method]) => method !== 'GET');

async function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CustomerWallet customerId={7} />
    </QueryClientProvider>,
  );
  await screen.findByRole('form', { name: 'Goodwill credit' });
}
const form = (name: string) => within(screen.getByRole('form', { name }));
const refusal = (errors: Record<string, string[]>) =>
  Promise.reject(new ApiError(422, { code: 'VALIDATION_FAILED', message: 'Some fields are not valid', errors }));

describe('goodwill credit', () => {
  it('a bad amount or too short a reason is shown at its field and nothing is sent', async () => {
    await show();
    const f = form('Goodwill credit');
    type('Goodwill (₹)', '50.555', f);
    type('Reason', ' ok ', f);
    fireEvent.click(f.getByRole('button', { name: 'Credit wallet' }));
    await waitFor(() => expect(errorAt('Goodwill (₹)', f)).toBe('Enter the amount in rupees, e.g. 50'));
    expect(errorAt('Reason', f)).toBe('Say why the credit is given (at least 3 letters)');
    type('Goodwill (₹)', '20000000', f);
    await waitFor(() => expect(errorAt('Goodwill (₹)', f)).toBe('The amount must be at most 100000000 paise'));
    expect(sent()).toEqual([]);
  });

  it('rupees typed, paise sent with a key; a failed call keeps its key, the next credit gets a new one', async () => {
    write = () => Promise.reject(new Error('Network error'));
    await show();
    const f = form('Goodwill credit');
    type('Goodwill (₹)', '50.50', f);
    type('Reason', 'Late delivery on Sunday', f);
    fireEvent.click(f.getByRole('button', { name: 'Credit wallet' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Network error'));

    write = async (_path, body) => ({ account: wallet, entry: { amount_paise: body.amount_paise } });
    fireEvent.click(f.getByRole('button', { name: 'Credit wallet' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('₹50.50 credited to the wallet'));
    await waitFor(() => expect(field('Goodwill (₹)', f).value).toBe(''));
    expect(field('Reason', f).value).toBe('');
    type('Goodwill (₹)', '10', f);
    type('Reason', 'Trial of the morning milk', f);
    fireEvent.click(f.getByRole('button', { name: 'Credit wallet' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('₹10 credited to the wallet'));

    const calls = sent();
    expect(calls.map(([path, method, body]) => [path, method, { ...body, idempotency_key: expect.any(String) }])).toEqual([
      [
        '/api/admin/wallets/customers/7/goodwill',
        'POST',
        { amount_paise: 5_050, reason: 'Late delivery on Sunday', idempotency_key: expect.any(String) },
      ],
      [
        '/api/admin/wallets/customers/7/goodwill',
        'POST',
        { amount_paise: 5_050, reason: 'Late delivery on Sunday', idempotency_key: expect.any(String) },
      ],
      [
        '/api/admin/wallets/customers/7/goodwill',
        'POST',
        { amount_paise: 1_000, reason: 'Trial of the morning milk', idempotency_key: expect.any(String) },
      ],
    ]);
    const keys = calls.map(([, , body]) => body.idempotency_key as string);
    expect(keys[0]).toMatch(/^staff-[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('the server’s 422 lands at its field, with the toast', async () => {
    write = () => refusal({ reason: ['Say why in your own words'] });
    await show();
    const f = form('Goodwill credit');
    type('Goodwill (₹)', '50', f);
    type('Reason', 'xxx', f);
    fireEvent.click(f.getByRole('button', { name: 'Credit wallet' }));
    await waitFor(() => expect(errorAt('Reason', f)).toBe('Say why in your own words'));
    expect(errorAt('Goodwill (₹)', f)).toBeNull();
    expect(toast.error).toHaveBeenCalledWith('Some fields are not valid');
    expect(sent()).toHaveLength(1);
  });
});

describe('the khata', () => {
  it('opened with a limit above zero, sent in paise', async () => {
    await show();
    const f = form('Open a khata');
    type('Credit limit (₹)', '0', f);
    fireEvent.click(f.getByRole('button', { name: 'Open khata' }));
    await waitFor(() => expect(errorAt('Credit limit (₹)', f)).toBe('Enter the credit limit in rupees, e.g. 2000'));
    expect(sent()).toEqual([]);
    type('Credit limit (₹)', '2000', f);
    fireEvent.click(f.getByRole('button', { name: 'Open khata' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Khata opened'));
    expect(sent()).toEqual([['/api/admin/wallets/customers/7/khata', 'POST', { credit_limit_paise: 200_000 }]]);
  });

  it('its limit shown in rupees, changed (to zero too); a server refusal at the field', async () => {
    accounts = { wallet, khata };
    await show();
    const f = form('Khata limit');
    expect(field('Credit limit (₹)', f).value).toBe('2000');
    type('Credit limit (₹)', 'lots', f);
    fireEvent.click(f.getByRole('button', { name: 'Save limit' }));
    await waitFor(() => expect(errorAt('Credit limit (₹)', f)).toBe('Enter the credit limit in rupees, e.g. 2000'));
    expect(sent()).toEqual([]);
    type('Credit limit (₹)', '0', f);
    fireEvent.click(f.getByRole('button', { name: 'Save limit' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Limit changed'));
    expect(sent()).toEqual([['/api/admin/wallets/accounts/12/limit', 'PUT', { credit_limit_paise: 0 }]]);

    write = () => refusal({ credit_limit_paise: ['The customer owes more than this'] });
    type('Credit limit (₹)', '100', f);
    fireEvent.click(f.getByRole('button', { name: 'Save limit' }));
    await waitFor(() => expect(errorAt('Credit limit (₹)', f)).toBe('The customer owes more than this'));
  });

  it('a cash payment: rupees typed, paise sent as Cash with a key; then the field is empty', async () => {
    accounts = { wallet, khata };
    await show();
    const f = form('Record a payment');
    type('Cash received (₹)', '-5', f);
    fireEvent.click(f.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(errorAt('Cash received (₹)', f)).toBe('Enter the amount paid in rupees, e.g. 500'));
    expect(sent()).toEqual([]);
    type('Cash received (₹)', '500', f);
    fireEvent.click(f.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Payment of ₹500 recorded'));
    expect(sent()).toEqual([
      [
        '/api/admin/wallets/accounts/12/payments',
        'POST',
        { amount_paise: 50_000, note: 'Cash', idempotency_key: expect.stringMatching(/^staff-/) },
      ],
    ]);
    await waitFor(() => expect(field('Cash received (₹)', f).value).toBe(''));
  });

  it('the terms: days to pay, checked by the contract', async () => {
    accounts = { wallet, khata };
    await show();
    const f = within(await screen.findByRole('form', { name: 'Khata terms' }));
    expect(field('Days to pay after a statement', f).value).toBe('7');
    type('Days to pay after a statement', '30', f);
    fireEvent.click(f.getByRole('button', { name: 'Save terms' }));
    await waitFor(() => expect(errorAt('Days to pay after a statement', f)).toBe('At most 28 days to pay'));
    type('Days to pay after a statement', 'a week', f);
    await waitFor(() => expect(errorAt('Days to pay after a statement', f)).toBe('Enter a whole number of days'));
    expect(sent()).toEqual([]);
    type('Days to pay after a statement', '10', f);
    fireEvent.click(f.getByRole('button', { name: 'Save terms' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Khata terms saved'));
    expect(sent()).toEqual([['/api/admin/wallets/settings', 'PUT', { due_days: 10 }]]);
  });
});
