import { beforeAll, describe, expect, it, vi } from 'vitest';

const ph = { identify: vi.fn(), get_distinct_id: vi.fn(() => 'anon-1'), capture: vi.fn(), reset: vi.fn(), group: vi.fn() };
vi.mock('./analytics-client', () => ({ loadPosthog: async () => ph }));
vi.mock('./page-meta', () => ({
  pageMeta: () => ({ content: 'on', dataset: {} }),
  doNotTrack: () => false,
  whenIdle: (load: () => void) => load(),
}));

const { identify, startAnalytics, trackPageview } = await import('./analytics');

describe('identify (DPDP consent)', () => {
  beforeAll(async () => {
    startAnalytics({ id: 1, name: 'Test Grocery' });
    await vi.waitFor(() => {
      trackPageview();
      expect(ph.capture).toHaveBeenCalledWith('$pageview');
    });
  });

  it('keeps a signed-in shopper anonymous until they consent', () => {
    identify({ id: 7, analyticsConsent: false });
    identify({ id: 7 });
    expect(ph.identify).not.toHaveBeenCalled();
    // anonymous page views go on as before
    trackPageview();
    expect(ph.capture).toHaveBeenLastCalledWith('$pageview');
  });

  it('identifies them by their id once they allowed it', () => {
    identify({ id: 7, analyticsConsent: true });
    expect(ph.identify).toHaveBeenCalledWith('7');
  });
});
