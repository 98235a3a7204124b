/**
 * First-load JavaScript per storefront page (prints figures; not a test): loads each page of the
 * built shop in Chromium and adds up the gzip size of every script it fetched until the network
 * went idle. Then it taps the page: the error and analytics SDKs load at the first interaction
 * (issue 18), never in the first load, and their bytes are printed in a column of their own. Usage: npx tsx bench/bundle.ts [--files] [--lang hi|kn] (starts the built shop on a temp embedded database).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { startShop } from '../e2e/harness';
import { BENCH_PAGES } from './pages';

// issue 20: ≤ 90 KB gzip on each page (DESIGN §9 allows 120)
const BUDGET_KB = 90;
const shop = await startShop();
const rows: { page: string; scripts: number; gzipKB: number; laterKB: number; files: [string, number][] }[] = [];
// --files: every first-load script of each page with its gzip size, largest first
const listFiles = process.argv.includes('--files');
// --lang hi|kn: the same pages in that language (`?lang=`, issue 46), written to results/bundle-<lang>.json
const lang = process.argv.includes('--lang') ? process.argv[process.argv.indexOf('--lang') + 1] : undefined;
const kb = (sizes: number[]) => Math.round(sizes.reduce((a, b) => a + b, 0) / 102.4) / 10;
try {
  for (const [name, url] of BENCH_PAGES) {
    const page = await shop.newPage({ width: 375, height: 800 });
    const scripts: Promise<number>[] = [];
    const names: string[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      names.push(new URL(res.url()).pathname);
      // a script still arriving as the page closes (after the counts) must not end the run
      scripts.push(
        res.body().then(
          (b) => gzipSync(b, { level: 9 }).length,
          () => 0,
        ),
      );
    });
    await page.goto(lang ? `${url}${url.includes('?') ? '&' : '?'}lang=${lang}` : url, { waitUntil: 'networkidle' });
    const sizes = await Promise.all(scripts);
    const files = sizes.map((size, i): [string, number] => [names[i]!, size]).sort((a, b) => b[1] - a[1]);
    const first = scripts.length;
    await page.mouse.wheel(0, 200);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1_000);
    const later = await Promise.all(scripts.slice(first));
    rows.push({ page: name, scripts: sizes.length, gzipKB: kb(sizes), laterKB: kb(later), files });
    await page.close();
  }
} finally {
  await shop.close();
}
console.log(`\nFirst-load JavaScript (gzip), budget ${BUDGET_KB} KB\n`);
for (const r of rows)
  console.log(
    r.page.padEnd(16),
    `${r.gzipKB} KB`.padStart(10),
    `${r.scripts} files`.padStart(10),
    r.gzipKB <= BUDGET_KB ? 'within budget' : 'OVER budget',
    `  + ${r.laterKB} KB at the first interaction (errors, analytics)`,
  );
if (listFiles)
  for (const r of rows) {
    console.log(`\n${r.page}`);
    for (const [file, size] of r.files) console.log(`  ${(size / 1024).toFixed(1).padStart(6)} KB  ${file}`);
  }
mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
writeFileSync(path.join(import.meta.dirname, 'results', lang ? `bundle-${lang}.json` : 'bundle.json'), JSON.stringify(rows, null, 2));
