import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type Shop } from './harness';
import { ownerOnDashboard, staffCall } from './journeys';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

describe('dispatch settings (Chromium)', () => {
  it('the owner sets the delivery code mode and the tracking settings on the Dispatch screen; they stay after a reload', async () => {
    const { owner, ownerErrors } = await ownerOnDashboard(shop);
    await owner.setViewportSize({ width: 1280, height: 900 });
    await owner.goto('/bos/admin/dispatch');
    const form = owner.getByRole('form', { name: 'Dispatch settings' });
    await form.getByLabel('Delivery code').waitFor();
    await form.getByLabel('Delivery code').selectOption({ label: 'Required for cash on delivery orders' });
    await form.getByLabel('Number customers call').fill('+91 80 4123 4567');
    await form.getByLabel(/Riders share their position/).check();
    await form.getByRole('button', { name: 'Save dispatch settings' }).click();
    await form.getByText('Saved.').waitFor();
    expect((await staffCall(owner, '/s/api/admin/dispatch/settings')).json).toEqual({ code_mode: 'cod' });
    expect((await staffCall(owner, '/s/api/admin/dispatch/tracking')).json).toEqual({
      share_position: true,
      call_number: '+91 80 4123 4567',
    });
    await owner.reload();
    await expect.poll(() => form.getByLabel('Delivery code').inputValue()).toBe('cod');
    expect(await form.getByLabel('Number customers call').inputValue()).toBe('+91 80 4123 4567');
    await form.scrollIntoViewIfNeeded();
    await shop.screenshot(owner, 'dispatch-settings-1280');
    await owner.setViewportSize({ width: 390, height: 844 });
    await form.scrollIntoViewIfNeeded();
    await shop.screenshot(owner, 'dispatch-settings-390');
    expect(ownerErrors).toEqual([]);
  });
});
