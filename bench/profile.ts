/**
 * Where the storefront's main-thread time goes on first load: for home, /products and a product
 * page, loads the built shop in Chromium with the CPU slowed 4× (as Lighthouse's mobile run does),
 * records a JavaScript CPU profile from navigation to 4 s after load, and prints the functions with
 * the most self time and the long tasks. Prints figures; not a test.
 * Usage: npx tsx bench/profile.ts [path ...]
 */
import { startShop } from '../e2e/harness';
import { BENCH_PAGES } from './pages';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const paths = process.argv.slice(2);
const pages = paths.length ? paths.map((p) => [p, p] as const) : BENCH_PAGES;
const shop = await startShop();
try {
  for (const [, url] of pages) await fetch(shop.url + url); // a warm server, as in production
  for (const [name, url] of pages) {
    const page = await shop.newPage({ width: 412, height: 823 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.evaluate(() => undefined).catch(() => undefined);
    await page.addInitScript(() => {
      const w = window as unknown as { __long: Array<[number, number]> };
      w.__long = [];
      new PerformanceObserver((l) =>
        l.getEntries().forEach((e) => w.__long.push([Math.round(e.startTime), Math.round(e.duration)])),
      ).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(shop.url + url, { waitUntil: 'load' });
    await page.waitForTimeout(4000);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    const timing = await page.evaluate(() => {
      const paint = performance.getEntriesByType('paint').map((e) => `${e.name} ${Math.round(e.startTime)}`);
      return { paint, long: (window as unknown as { __long: Array<[number, number]> }).__long };
    });
    const self = new Map<number, number>();
    profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
    const byFn = new Map<string, number>();
    for (const n of profile.nodes) {
      const f = n.callFrame;
      if (!self.get(n.id) || ['(idle)', '(program)', '(garbage collector)'].includes(f.functionName)) continue;
      const key = `${f.functionName || '(anonymous)'} ${f.url.replace(shop.url, '')}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
      byFn.set(key, (byFn.get(key) ?? 0) + self.get(n.id)!);
    }
    const byUrl = new Map<string, number>();
    for (const n of profile.nodes) {
      const u = n.callFrame.url.replace(shop.url, '') || n.callFrame.functionName;
      byUrl.set(u, (byUrl.get(u) ?? 0) + (self.get(n.id) ?? 0));
    }
    console.log(`\n== ${name}  (${timing.paint.join(', ')})`);
    console.log('long tasks [start ms, duration ms]:', JSON.stringify(timing.long));
    console.log('self time by script (ms):');
    for (const [u, t] of [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log('  ', (t / 1000).toFixed(0).padStart(6), u);
    console.log('top functions by self time (ms):');
    for (const [k, t] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log('  ', (t / 1000).toFixed(1).padStart(6), k);
    await page.close();
  }
} finally {
  await shop.close();
}
