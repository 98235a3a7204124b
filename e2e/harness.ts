import { chromium, type Browser, type BrowserContextOptions, type ConsoleMessage, type Page } from 'playwright-core';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './server';
import { axeViolations, describeViolations, isCheckedPath, isStaffPath } from './axe';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SCREENSHOTS = path.join(root, 'e2e/screenshots');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface Shop {
  url: string;
  browser: Browser;
  /**
   * A page in a fresh browser context. The shop's service worker is blocked unless asked for: a
   * worker answering requests would hide them from `page.route` and from the journeys' timing.
   */
  newPage(
    viewport?: { width: number; height: number },
    opts?: { serviceWorker?: boolean; axe?: boolean; storageState?: BrowserContextOptions['storageState'] },
  ): Promise<Page>;
  screenshot(page: Page, name: string): Promise<void>;
  close(): Promise<void>;
}

async function shopTemplate(): Promise<string | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return (inject as (key: string) => string | undefined)('shopTemplate');
}

/**
 * The built shop as a user gets it: the real server (apps/server/src/main.ts, or its build) on an
 * embedded database in a temp DATA_DIR: a copy of the seeded template under vitest, else empty and
 * seeded with the demo shop on first start, and Chromium. `extraEnv` adds settings that may need
 * the port the server gets (e.g. a CDN_URL on it).
 */
export async function startShop(extraEnv: (port: number) => Record<string, string> = () => ({})): Promise<Shop> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'grocer-e2e-'));
  const template = await shopTemplate();
  if (template) cpSync(template, dataDir, { recursive: true });
  const { url, stop } = await startServer(dataDir, extraEnv);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const cspViolations: string[] = [];
  const a11yViolations: string[] = [];
  const checkedPages = new Set<string>();
  mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    url,
    browser,
    async newPage(viewport = { width: 1440, height: 900 }, opts = {}) {
      const page = await browser.newPage({
        viewport,
        baseURL: url,
        serviceWorkers: opts.serviceWorker ? 'allow' : 'block',
        storageState: opts.storageState,
      });
      // every journey runs under the shop's Content-Security-Policy: a blocked script fails the file
      page.on('console', (m) => /Content Security Policy/i.test(m.text()) && cspViolations.push(`${page.url()}: ${m.text()}`));
      openPages.add(page);
      page.on('close', () => openPages.delete(page));
      if (opts.axe !== false) checkEveryPage(page, a11yViolations, checkedPages);
      return page;
    },
    async screenshot(page, name) {
      await settled(page);
      // pictures are for people looking at a screen; CI only keeps the failed ones (below)
      if (process.env.CI !== 'true') await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
    },
    async close() {
      await browser.close();
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
      if (cspViolations.length) throw new Error(`Content-Security-Policy violations:\n${cspViolations.join('\n')}`);
      if (a11yViolations.length) throw new Error(`critical or serious accessibility violations (axe-core):\n${a11yViolations.join('\n')}`);
    },
  };
}

/**
 * Every page a journey opens with `page.goto` (waiting for load or network idle) is checked with
 * axe-core: storefront pages (issue 39) and the staff app's (issue 40.14: Administration, Website
 * Settings, the POS). Its critical and serious violations fail the file when the shop closes, as a
 * CSP violation does. A staff page draws from its calls after loading, so it is checked once the
 * network is quiet (or after 5 s). A page that moves on while it is checked (a client-side
 * redirect) is not judged half-drawn. `newPage(…, { axe: false })` leaves a page unchecked.
 * Each screen is checked once per shop and width (ids in its path and the values of its query
 * taken as the same screen): axe over every visit was the journeys' largest cost.
 */
function checkEveryPage(page: Page, into: string[], checked: Set<string>) {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    const settled = options?.waitUntil === undefined || options.waitUntil === 'load' || options.waitUntil === 'networkidle';
    const where = new URL(page.url());
    if (settled && isCheckedPath(where.pathname)) {
      if (isStaffPath(where.pathname)) await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
      const screen = `${where.pathname.replace(/\/[^/]*\d[^/]*/g, '/:id')}?${[...where.searchParams.keys()].sort().join('&')}@${page.viewportSize()?.width}`;
      if (checked.has(screen)) return response;
      checked.add(screen);
      const found = await axeViolations(page).catch((e: unknown) => {
        if (/context was destroyed|navigat|Target .*closed/i.test(String(e))) return [];
        throw e;
      });
      into.push(...describeViolations(`${where.pathname}${where.search} @${page.viewportSize()?.width}`, found));
    }
    return response;
  };
}

/**
 * Waits until the page shows what the last action did, in the page and its frames (the page
 * editor's preview): a frame drawn for it, the animations it started ended (a drawer sliding in, a
 * modal fading in, a toast; endless and paused ones, a spinner or a pulse, are left alone), the
 * images on screen loaded and the fonts ready. `shop.screenshot` does this first, so a journey never
 * sleeps before a picture.
 */
export async function settled(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    await frame
      .evaluate(async () => {
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const ending = document
          .getAnimations()
          .filter((a) => a.playState !== 'paused' && a.effect?.getComputedTiming().endTime !== Infinity);
        const onScreen = (el: Element) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
        };
        const loading = [...document.images].filter((img) => !img.complete && onScreen(img));
        await Promise.all([
          ...ending.map((a) => a.finished.catch(() => undefined)),
          ...loading.map((img) => new Promise((r) => (img.addEventListener('load', r), img.addEventListener('error', r)))),
          document.fonts.ready,
        ]);
      })
      .catch((e: unknown) => {
        // a frame that went away meanwhile shows nothing to wait for
        if (!/detached|context was destroyed|Target .*closed/i.test(String(e))) throw e;
      });
  }
}

/**
 * When a journey fails, what its open pages showed: a screenshot each (e2e/screenshots/failed-*)
 * and, for a CI log that outlives the machine, each page's address and visible text.
 */
const openPages = new Set<Page>();
if (process.env.VITEST) {
  const { afterEach } = await import('vitest');
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    let i = 0;
    for (const page of openPages) {
      const name = `failed-${task.name.replace(/\W+/g, '-').slice(0, 60)}-${++i}`;
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) }).catch(() => undefined);
      const text = await page.evaluate(() => document.body.innerText).catch((e: unknown) => String(e));
      console.log(`[${name}] ${page.url()}\n${text.slice(0, 3000)}`);
    }
  });
}

/**
 * Collects console errors and uncaught exceptions of a page. One refusal is not an error: the
 * 429 "please wait" of a new sign-in code asked for within 30 s of the last one (a file's earlier
 * journey signed the same person in moments ago), which `signInHere` waits out as a person would.
 */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  const waitForCode = (m: ConsoleMessage) => /status of 429/.test(m.text()) && /\/s\/api\/auth\/login$/.test(m.location().url);
  page.on('console', (m) => m.type() === 'error' && !waitForCode(m) && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}
