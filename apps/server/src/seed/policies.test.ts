import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { seedDemo } from './demo';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ seed: (db) => seedDemo(db, { mediaDir: null }) });
});
afterAll(() => t?.close());

const POLICY_PATHS = ['/returns-and-refunds', '/cancellation-policy', '/terms', '/privacy-policy', '/grievance-officer'];

describe('policy pages of the demo shop (issue 19: as Indian e-commerce rules require)', () => {
  it('serves each policy as an editable content page, linked from the footer under Help', async () => {
    for (const url of POLICY_PATHS) {
      const res = await t.app.inject(`/s/api/page/data${url}`);
      expect(res.statusCode, url).toBe(200);
      const blocks = (res.json() as { data: Array<{ type: string; data: { html: string } }>; seo_title: string }).data;
      expect(blocks.map((b) => b.type)).toEqual(['rich-text']);
      expect(blocks[0]!.data.html).toMatch(/^<h1>/);
    }
    const init = (await t.app.inject('/s/api/init')).json() as {
      footers: Array<{ name: string; children: Array<{ link: string | null }> }>;
    };
    const help = init.footers.find((g) => g.name === 'Help');
    expect(help?.children.map((c) => c.link)).toEqual(POLICY_PATHS);
  });

  it('names a grievance officer with contact details and the response times, and the seller with GSTIN', async () => {
    const html = ((await t.app.inject('/s/api/page/data/grievance-officer')).json() as { data: Array<{ data: { html: string } }> }).data[0]!
      .data.html;
    for (const part of [
      'Asha Rao',
      'Grievance Officer',
      'grievance@demo.shop',
      '080-40000000',
      '48 hours',
      'one month',
      'GSTIN 29ABCDE1234F1Z5',
    ])
      expect(html).toContain(part);
  });
});
