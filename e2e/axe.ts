import axe from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * The WCAG 2.1 A and AA rules: what the shop promises (issue 39, point 12). They include 2.5.3,
 * label in name (`label-content-name-mismatch`: a control's name contains its visible text).
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeViolation {
  id: string;
  impact: 'critical' | 'serious';
  help: string;
  /** CSS selectors of the first offending elements, with axe's reason for the first */
  targets: string[];
  summary: string;
}

/**
 * Runs axe-core in the page (or inside `within`, a selector: a dialog) and answers its critical
 * and serious violations. The source is evaluated through the debugging protocol, so the shop's
 * Content-Security-Policy (no inline scripts) neither blocks it nor reports it.
 */
export async function axeViolations(page: Page, within?: string): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    async ([tags, within]) => {
      // what the last action started (a drawer sliding in, a modal fading in) ends before colours are
      // measured; endless ones (a spinner, a pulse) are left running
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const ending = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
      await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
      await document.fonts.ready;
      const w = window as unknown as { axe: typeof axe };
      const result = await w.axe.run(within ? { include: [within] } : document, {
        runOnly: { type: 'tag', values: tags as string[] },
        resultTypes: ['violations'],
      });
      return result.violations
        .filter((v) => v.impact === 'critical' || v.impact === 'serious')
        .map((v) => ({
          id: v.id,
          impact: v.impact as 'critical' | 'serious',
          help: v.help,
          targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
          summary: v.nodes[0]?.failureSummary?.replace(/\s+/g, ' ').slice(0, 300) ?? '',
        }));
    },
    [AXE_TAGS, within ?? null] as const,
  );
}

/** One line per violation, for a failure message or a measurement. */
export const describeViolations = (where: string, list: AxeViolation[]) =>
  list.map((v) => `${where}: [${v.impact}] ${v.id} (${v.help}) at ${v.targets.join(', ')}: ${v.summary}`);

/** Storefront pages: not the staff apps, nor the server's pages under /s (the payment simulator's). */
export const isStorefrontPath = (pathname: string) => !/^\/(bos|page-builder|pos|rider|s|media)(\/|$)/.test(pathname);

/** The staff app's pages (issue 40.14): Administration, Website Settings, the POS, the rider's, choosing a website. */
export const isStaffPath = (pathname: string) => /^\/(bos|page-builder|pos|rider|auth\/bos)(\/|$)/.test(pathname);

/** What a journey's `page.goto` checks: every page a person reads, not the server's own (/s, /media). */
export const isCheckedPath = (pathname: string) => isStorefrontPath(pathname) || isStaffPath(pathname);
