/**
 * Lighthouse mobile scores (performance, accessibility, best practices, SEO) for home, /products
 * and a product page of the built shop, with the npm `lighthouse` package driving Debian's
 * Chromium. Prints figures; not a test. Usage: npx tsx bench/lighthouse.ts
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM, CHROMIUM_ARGS, startShop } from '../e2e/harness';
import { BENCH_PAGES } from './pages';

const shop = await startShop();
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS });
const rows: Record<string, number | string>[] = [];
try {
  for (const [name, url] of BENCH_PAGES) {
    // A run Lighthouse could not complete (runtimeError, e.g. a protocol timeout on this small
    // machine) scores 0 without measuring anything: it is run again, up to three times.
    let result: Awaited<ReturnType<typeof lighthouse>>;
    for (let attempt = 1; ; attempt++) {
      result = await lighthouse(shop.url + url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'], formFactor: 'mobile' });
      const err = result?.lhr.runtimeError;
      if (!err || attempt === 3) break;
      console.log(`${name}: Lighthouse could not finish (${err.code}); running it again`);
    }
    const c = result!.lhr.categories;
    mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
    writeFileSync(path.join(import.meta.dirname, 'results', `lighthouse-${name.replace(/\W+/g, '-')}.json`), JSON.stringify(result!.lhr));
    const score = (k: string) => Math.round((c[k]?.score ?? 0) * 100);
    rows.push({ page: name, performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), seo: score('seo'), lcpMs: Math.round(Number(result!.lhr.audits['largest-contentful-paint']?.numericValue ?? 0)), fcpMs: Math.round(Number(result!.lhr.audits['first-contentful-paint']?.numericValue ?? 0)), tbtMs: Math.round(Number(result!.lhr.audits['total-blocking-time']?.numericValue ?? 0)), cls: Number(Number(result!.lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)) });
  }
} finally {
  await chrome.kill();
  await shop.close();
}
console.log('\nLighthouse (mobile)\n');
console.log('page'.padEnd(16), 'perf'.padStart(6), 'a11y'.padStart(6), 'best'.padStart(6), 'seo'.padStart(6), 'FCP'.padStart(8), 'LCP'.padStart(8), 'TBT'.padStart(8), 'CLS'.padStart(7));
for (const r of rows) console.log(String(r.page).padEnd(16), String(r.performance).padStart(6), String(r.accessibility).padStart(6), String(r.bestPractices).padStart(6), String(r.seo).padStart(6), `${r.fcpMs}ms`.padStart(8), `${r.lcpMs}ms`.padStart(8), `${r.tbtMs}ms`.padStart(8), String(r.cls).padStart(7));
mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
writeFileSync(path.join(import.meta.dirname, 'results', 'lighthouse.json'), JSON.stringify(rows, null, 2));
