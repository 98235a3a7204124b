import type { PosCounterPack } from '@grocer/shared/pos';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type Shop } from './harness';
import { ownerOnDashboard, staffCall } from './journeys';

// Issue 44 §2, §7: the owner opens a khata of ₹2,000 for a regular; the cashier sells at the POS on
// khata; Administration's statement shows that sale; cash taken at the POS settles it to ₹0.

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

const PRIYA = '9000000003';

async function openCustomerCard(owner: Page) {
  await owner.goto('/bos/admin/customers', { waitUntil: 'networkidle' });
  await owner.getByRole('table', { name: 'Customers' }).getByRole('link', { name: 'Priya Shopper' }).click();
  await owner.getByRole('heading', { name: 'Priya Shopper' }).waitFor();
  return owner.getByRole('region', { name: 'Wallet & khata' });
}

describe('khata at the counter (Chromium, 1440 and 390 px)', () => {
  it('a ₹2,000 khata: a POS sale on khata, the statement shows it, cash at the POS settles it to ₹0', async () => {
    const { owner, ownerErrors } = await ownerOnDashboard(shop);

    // the owner opens the khata
    let card = await openCustomerCard(owner);
    const open = card.getByRole('form', { name: 'Open a khata' });
    await open.getByLabel('Credit limit (₹)').fill('2000');
    await open.getByRole('button', { name: 'Open khata' }).click();
    await card.getByText('Limit ₹2,000').waitFor();
    const userId = Number(new URL(owner.url()).pathname.split('/').at(-1));

    // the till: a shift, one item, Priya's mobile, all on khata
    await owner.goto('/pos', { waitUntil: 'networkidle' });
    await owner.getByLabel('Till').fill('Khata till');
    await owner.getByLabel('Cash float (₹)').fill('500');
    await owner.getByRole('button', { name: 'Open shift' }).click();
    await owner.getByLabel('Scan or search (name, SKU, barcode)').waitFor();
    const { shift } = (await staffCall(owner, '/s/api/pos/shift?till=Khata%20till')).json as { shift: { warehouse_id: number } };
    const packs = (await staffCall(owner, `/s/api/pos/packs?warehouse_id=${shift.warehouse_id}&limit=5000`)).json as {
      data: PosCounterPack[];
    };
    const item = packs.data.find((p) => p.barcode && !p.sold_by_weight && p.available >= 2 && p.price < 500)!;
    await owner.getByLabel('Scan or search (name, SKU, barcode)').fill(item.barcode);
    await owner.keyboard.press('Enter');
    await owner.getByRole('table', { name: 'Cart' }).getByText(`${item.product} - ${item.pack}`).waitFor();
    await owner.getByLabel('Customer mobile').fill(PRIYA);
    await owner.getByLabel('Customer name').waitFor();
    await owner.getByRole('button', { name: 'Pay (F4)' }).click();
    await owner.getByRole('button', { name: 'All khata' }).click();
    await owner.getByTestId('pay-khata-left').getByText('₹2,000 of credit left').waitFor();
    await shop.screenshot(owner, 'khata-pos-pay-1440');
    await owner.getByRole('button', { name: 'Complete sale (Enter)' }).click();
    await owner.waitForURL('**/pos/receipt/**');
    const receipt = decodeURIComponent(owner.url().split('/').at(-1)!);
    const paper = owner.frameLocator(`iframe[title="Receipt ${receipt}"]`);
    await paper.getByText('On khata').waitFor();
    await paper.getByText(/^Owes ₹/).waitFor();
    await shop.screenshot(owner, 'khata-pos-receipt-1440');
    const owed = -(await staffCall(owner, `/s/api/admin/wallets/customers/${userId}`)).json.khata.balance_paise;
    expect(owed).toBe(Math.round(item.price * 100));

    // Administration: the statement shows the sale
    card = await openCustomerCard(owner);
    await card.getByRole('button', { name: 'Khata statement' }).click();
    const statement = card.getByRole('table', { name: 'Statement by month' });
    const entry = statement.getByTestId('statement-entry').filter({ hasText: `Counter sale ${receipt}` });
    await entry.getByText('Bought on khata').waitFor();
    await statement.scrollIntoViewIfNeeded();
    await shop.screenshot(owner, 'khata-admin-statement-1440');

    // the till on a phone: Customer account, cash against the khata
    await owner.setViewportSize({ width: 390, height: 844 });
    await owner.goto('/pos', { waitUntil: 'networkidle' });
    await owner.getByRole('button', { name: 'Customer account' }).click();
    const panel = owner.getByRole('region', { name: 'Customer account' });
    await panel.getByLabel('Customer mobile').fill(PRIYA);
    await panel
      .getByTestId('account-khata')
      .getByText(/^Owes ₹/)
      .waitFor();
    await panel.getByLabel('Cash').check();
    expect(await panel.getByLabel('Amount (₹)').inputValue()).toBe(String(owed / 100));
    await shop.screenshot(owner, 'khata-pos-account-390');
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await panel.getByRole('button', { name: 'Take payment' }).click();
    const paid = owner.getByRole('region', { name: 'Account receipt' });
    await paid.getByTestId('account-receipt-balance').getByText('Nothing owed').waitFor();
    await shop.screenshot(owner, 'khata-pos-account-receipt-390');

    const held = (await staffCall(owner, `/s/api/admin/wallets/customers/${userId}`)).json;
    expect(held.khata).toMatchObject({ balance_paise: 0, credit_limit_paise: 200_000 });
    expect(held.khata.entries.map((e: { reason: string }) => e.reason)).toEqual(['khata_payment', 'khata_sale']);
    expect(ownerErrors).toEqual([]);
  }, 240_000);
});
