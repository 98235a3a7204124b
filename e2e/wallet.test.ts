import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type Shop } from './harness';
import { ownerOnDashboard, staffCall } from './journeys';

// Issue 44 §2: the owner's "Wallet & khata" card on a customer's screen: open a khata with a
// limit, give goodwill credit with its reason, record a cash payment, read the statement.
let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

describe('wallet and khata on the customer screen (Chromium, 1280 and 390 px)', () => {
  it('the owner opens a khata, credits goodwill, records a payment and reads the statement', async () => {
    const { owner, ownerErrors } = await ownerOnDashboard(shop);
    await owner.setViewportSize({ width: 1280, height: 900 });
    await owner.goto('/bos/admin/customers', { waitUntil: 'networkidle' });
    await owner.getByRole('table', { name: 'Customers' }).getByRole('link', { name: 'Priya Shopper' }).click();
    await owner.getByRole('heading', { name: 'Priya Shopper' }).waitFor();
    const card = owner.getByRole('region', { name: 'Wallet & khata' });
    await card.getByText('Not opened').waitFor();

    const open = card.getByRole('form', { name: 'Open a khata' });
    await open.getByLabel('Credit limit (₹)').fill('2000');
    await open.getByRole('button', { name: 'Open khata' }).click();
    await card.getByText('Limit ₹2,000').waitFor();

    const goodwill = card.getByRole('form', { name: 'Goodwill credit' });
    await goodwill.getByLabel('Goodwill (₹)').fill('50');
    await goodwill.getByLabel('Reason').fill('Late delivery on Sunday');
    await goodwill.getByRole('button', { name: 'Credit wallet' }).click();
    await card.getByRole('table').filter({ hasText: 'Wallet entries' }).getByText('Late delivery on Sunday').waitFor();

    const pay = card.getByRole('form', { name: 'Record a payment' });
    await pay.getByLabel('Cash received (₹)').fill('500');
    await pay.getByRole('button', { name: 'Record payment' }).click();
    await card.getByRole('table').filter({ hasText: 'Khata entries' }).getByText('Khata payment').waitFor();

    await card.getByRole('button', { name: 'Khata statement' }).click();
    const statement = card.getByRole('table', { name: 'Statement by month' });
    await statement.getByRole('row').nth(1).waitFor();
    // the header, a row per month (3), and under this month its one entry: the payment
    expect(await statement.getByRole('row').count()).toBe(5);
    expect(await statement.getByTestId('statement-entry').allInnerTexts()).toEqual([expect.stringContaining('Khata payment')]);
    await shop.screenshot(owner, 'customer-wallet-khata-1280');

    await owner.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await shop.screenshot(owner, 'customer-wallet-khata-390');

    // what the screen shows is what the server holds
    const userId = Number(new URL(owner.url()).pathname.split('/').at(-1));
    const held = (await staffCall(owner, `/s/api/admin/wallets/customers/${userId}`)).json;
    expect(held).toMatchObject({ wallet: { balance_paise: 5_000 }, khata: { balance_paise: 50_000, credit_limit_paise: 200_000 } });
    expect(ownerErrors).toEqual([]);
  }, 180_000);
});
