/**
 * Scan to line (prints figures; not a test): the built shop in Chromium, a cashier's till open at
 * 1366×768; a scanner "types" an EAN-13 and Enter N times (distinct packs); measured in the
 * browser from the Enter keydown to the frame after the new cart line is in the page.
 *   npx tsx bench/pos-scan.ts [--scans 40]   (needs `npm run build`)
 */
import type { PosCounterPack } from '@grocer/shared/pos';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startShop } from '../e2e/harness';
import { signInHere } from '../e2e/journeys';

const { values } = parseArgs({ options: { scans: { type: 'string', default: '40' } } });
const scans = Number(values.scans);
const shop = await startShop();
try {
  const page = await shop.newPage({ width: 1366, height: 768 });
  await page.goto('/pos', { waitUntil: 'networkidle' });
  await page.waitForURL('**/auth/login');
  await signInHere(page, shop, 'admin@demo.shop');
  await page.waitForURL('**/pos');
  await page.getByLabel('Cash float (₹)').fill('1000');
  await page.getByRole('button', { name: 'Open shift' }).click();
  const search = page.getByLabel('Scan or search (name, SKU, barcode)');
  await search.waitFor();
  const { shift } = (await (await page.request.get('/s/api/pos/shift?till=Till%201')).json()) as { shift: { warehouse_id: number } };
  const packs = (
    (await (await page.request.get(`/s/api/pos/packs?warehouse_id=${shift.warehouse_id}&limit=5000`)).json()) as { data: PosCounterPack[] }
  ).data
    .filter((p) => p.barcode && !p.sold_by_weight)
    .slice(0, scans);
  await page.waitForTimeout(1000); // the till's catalogue copy is in IndexedDB
  await page.evaluate(() => {
    const w = window as unknown as { scanTimes: number[]; t0: number };
    w.scanTimes = [];
    document.addEventListener('keydown', (e) => e.key === 'Enter' && (w.t0 = performance.now()), true);
    let rows = 0;
    new MutationObserver(() => {
      const n = document.querySelectorAll('table[aria-label="Cart"] tbody tr').length;
      if (n > rows && w.t0) requestAnimationFrame(() => w.scanTimes.push(performance.now() - w.t0));
      rows = n;
    }).observe(document.body, { childList: true, subtree: true });
  });
  for (const [i, p] of packs.entries()) {
    await search.focus();
    await page.keyboard.type(p.barcode);
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => (window as unknown as { scanTimes: number[] }).scanTimes.length >= n, i + 1);
  }
  const times = (await page.evaluate(() => (window as unknown as { scanTimes: number[] }).scanTimes)).sort((a, b) => a - b);
  const q = (f: number) => Number(times[Math.min(times.length - 1, Math.floor(f * times.length))]!.toFixed(1));
  const result = { scans: times.length, medianMs: q(0.5), p95Ms: q(0.95), maxMs: q(1) };
  console.log(
    `\nscan to line (Chromium, ${result.scans} scans): median ${result.medianMs} ms, p95 ${result.p95Ms} ms, max ${result.maxMs} ms`,
  );
  mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
  writeFileSync(path.join(import.meta.dirname, 'results', 'pos-scan.json'), JSON.stringify(result, null, 2));
} finally {
  await shop.close();
}
