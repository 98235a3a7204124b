import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, startShop, type Shop } from './harness';
import { deliverByNumber, ownerOnDashboard, placeCodOrder, signInFrom, staffCall } from './journeys';

// Issue 39 §15: the facts on the product page, its image zoom, and a review by a shopper who
// received the product, approved by the owner in Administration → Reviews.
let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

describe('product facts and reviews (Chromium)', () => {
  it('a shopper with a delivered order reviews the product, the owner approves it, the product page shows it', async () => {
    const page = await shop.newPage({ width: 390, height: 844 });
    const errors = collectErrors(page);
    await signInFrom(page, shop, 'shopper@demo.shop');
    const ordernumber = await placeCodOrder(page);

    const { owner, ownerErrors } = await ownerOnDashboard(shop);
    const delivered = await deliverByNumber(owner, ordernumber);
    const order = (await staffCall(owner, `/s/api/admin/orders/${delivered.id}`)).json as { lines: Array<{ slug: string; name: string }> };
    const { slug, name } = order.lines[0]!;

    // the product page: the veg mark by its name, the pack's facts, and the shopper's review form
    await page.goto(`/products/${slug}`, { waitUntil: 'networkidle' });
    // the mark sits beside the heading, not in it (the heading's name is the product's)
    await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
    await page
      .getByRole('img', { name: /^(Vegetarian|Contains egg)$/ })
      .first()
      .waitFor();
    const details = page.getByRole('region', { name: 'Product details' });
    await details.getByRole('table', { name: 'Nutrition information' }).getByRole('rowheader', { name: 'Energy' }).waitFor();
    await details.getByText('FSSAI Lic. No.', { exact: true }).waitFor();
    expect(await details.getByText(/^\d{14}$/).count()).toBe(1);

    // the image opens full screen and zooms
    await page.getByRole('button', { name: `Zoom into the image of ${name}` }).click();
    const viewer = page.getByRole('dialog', { name: /, zoomed$/ });
    await viewer.getByText('100%').waitFor();
    await viewer.getByRole('button', { name: 'Zoom in' }).click();
    await viewer.getByText('150%').waitFor();
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    const form = page.getByRole('form', { name: 'Your review' });
    await form.getByRole('radio', { name: '4 stars' }).check({ force: true });
    await form.getByLabel('Your review (optional)').fill('Fresh and well packed. Will buy again.');
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/reviews') && r.request().method() === 'POST'),
      form.getByRole('button', { name: 'Submit review' }).click(),
    ]);
    await form.getByText('Your review is waiting for the shop to check it.').waitFor();
    // not shown before the shop approves it
    expect(await page.getByText('Fresh and well packed. Will buy again.', { exact: true }).count()).toBe(0);

    // Administration → Reviews: the waiting review, approved
    await owner.getByRole('link', { name: 'Reviews' }).click();
    await owner.getByRole('heading', { name: 'Reviews' }).waitFor();
    const table = owner.getByRole('table', { name: 'Reviews' });
    await table.getByText('Fresh and well packed. Will buy again.').waitFor();
    await shop.screenshot(owner, 'reviews-staff-1440');
    await table
      .getByRole('button', { name: `Approve the review of ${name} by Priya Shopper` })
      .or(table.getByRole('button', { name: /^Approve the review of / }))
      .first()
      .click();
    await owner.getByText('No reviews waiting. Shoppers review products they received.').waitFor();
    await owner.getByRole('button', { name: 'Approved' }).click();
    await table.getByText('Fresh and well packed. Will buy again.').waitFor();

    // the product page: the review, the average and the count
    await page.goto(`/products/${slug}`, { waitUntil: 'networkidle' });
    const reviews = page.getByRole('region', { name: 'Ratings & reviews' });
    await reviews.getByText('Fresh and well packed. Will buy again.').waitFor();
    await reviews.getByText('4.0', { exact: true }).waitFor();
    await reviews.getByText('1 review', { exact: true }).waitFor();
    await page.getByRole('link', { name: /4\.0 \(1 review\)/ }).waitFor();
    const ld = await page.locator('script[type="application/ld+json"]').first().textContent();
    expect(JSON.parse(ld!).aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shop.screenshot(page, 'product-facts-390');
    await details.scrollIntoViewIfNeeded();
    await shop.screenshot(page, 'product-details-390');
    await reviews.scrollIntoViewIfNeeded();
    await shop.screenshot(page, 'product-reviews-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shop.screenshot(page, 'product-facts-1280');
    await reviews.scrollIntoViewIfNeeded();
    await shop.screenshot(page, 'product-reviews-1280');

    // the veg mark on the product cards
    await page.goto('/products?q=rice', { waitUntil: 'networkidle' });
    await page.getByTestId('product-card').first().getByRole('img', { name: 'Vegetarian' }).waitFor();
    await shop.screenshot(page, 'product-cards-veg-1280');

    expect(errors).toEqual([]);
    expect(ownerErrors).toEqual([]);
  });
});
