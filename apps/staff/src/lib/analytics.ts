type StaffRouter = { subscribe(fn: (state: { location: { pathname: string; search: string } }) => void): unknown };

/**
 * The staff apps are measured only when the owner turned staff analytics on (the shell's
 * `<meta name="analytics" content="on">`), never under Do-Not-Track: posthog-js (slim) loaded
 * after the app has mounted, with the storefront's options, the website group, the staff
 * member's id, and a page view for every screen.
 */
export function startStaffAnalytics(router: StaffRouter, website: { id: number; name: string }): void {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="analytics"]');
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (meta?.content !== 'on' || nav.doNotTrack === '1' || nav.globalPrivacyControl === true) return;
  setTimeout(() => {
    void import('posthog-js/dist/module.slim')
      .then(({ default: posthog }) => {
        posthog.init(meta.dataset.key || 'first-party', {
          api_host: '/brgest',
          person_profiles: 'identified_only',
          capture_pageview: false,
          respect_dnt: true,
          disable_session_recording: true,
          disable_surveys: true,
          autocapture: false,
        });
        posthog.register({ app: 'staff' });
        posthog.group('website', String(website.id), { name: website.name });
        if (meta.dataset.user) posthog.identify(meta.dataset.user);
        let last = location.pathname + location.search;
        posthog.capture('$pageview');
        router.subscribe((state) => {
          const at = state.location.pathname + state.location.search;
          if (at === last) return;
          last = at;
          posthog.capture('$pageview');
        });
      })
      .catch((e: unknown) => console.warn('Analytics could not start', e));
  }, 1_000);
}
