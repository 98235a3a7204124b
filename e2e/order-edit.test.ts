import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, startShop, type Shop } from './harness';
import { placeCodOrder, signInFrom } from './journeys';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

describe('changing an order until it is packed (Chromium, 390 px)', () => {
  it('the shopper adds an item to a cash on delivery order and moves its slot; the order page shows the new total', async () => {
    const page = await shop.newPage({ width: 390, height: 844 });
    const errors = collectErrors(page);
    await signInFrom(page, shop, 'shopper@demo.shop');
    await placeCodOrder(page);
    const totalRow = page.locator('dl').filter({ hasText: 'Items total' }).getByText('Total', { exact: true }).locator('..');
    const before = await totalRow.locator('dd').textContent();

    await page.getByRole('button', { name: 'Change order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change order' });
    const difference = dialog.getByTestId('edit-difference');
    await difference.getByText('No change to the total').waitFor();

    // add a pack found by the search
    await dialog.getByLabel('Search products to add').fill('dal');
    await dialog.getByRole('button', { name: 'Search' }).click();
    const add = dialog.getByRole('button', { name: /^Add / }).first();
    const added = (await add.getAttribute('aria-label'))!.slice('Add '.length);
    await add.click();
    await dialog.getByRole('button', { name: `More ${added}` }).waitFor();
    await difference.getByText(/^You pay ₹[\d,]+ more$/).waitFor();

    // another slot than the one booked
    const slot = dialog.getByLabel('Delivery slot');
    const current = await slot.inputValue();
    const other = await slot
      .locator('option:not([disabled])')
      .evaluateAll(
        (os, current) =>
          (os as HTMLOptionElement[]).map((o) => ({ value: o.value, label: o.textContent ?? '' })).find((o) => o.value !== current)!,
        current,
      );
    await slot.selectOption(other.value);
    await dialog.getByRole('button', { name: 'Confirm changes' }).and(page.locator(':enabled')).waitFor();
    const newTotal = await dialog.getByLabel('New total').getByText('New total').locator('..').locator('dd').textContent();
    expect(newTotal).not.toBe(before);
    await shop.screenshot(page, 'order-edit-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await shop.screenshot(page, 'order-edit-1440');
    await page.setViewportSize({ width: 390, height: 844 });

    await dialog.getByRole('button', { name: 'Confirm changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await totalRow.locator('dd').getByText(newTotal!, { exact: true }).waitFor();
    await page
      .getByRole('region', { name: /^Items/ })
      .getByText(added, { exact: true })
      .waitFor();
    await page.getByText(`Slot: ${other.label}`).waitFor();
    await page
      .getByRole('region', { name: 'Status' })
      .getByText(/Order changed: 1 × .* added, delivery moved to/)
      .waitFor();
    await shop.screenshot(page, 'order-edited-390');
    expect(errors).toEqual([]);
  });
});
