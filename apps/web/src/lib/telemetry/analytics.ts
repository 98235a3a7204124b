import type { PostHog } from 'posthog-js/dist/module.slim';
import { doNotTrack, pageMeta, whenIdle } from './page-meta';

/**
 * Product analytics (spec §1) for the whole storefront through one small module: `track()` and
 * friends queue calls until posthog-js, loaded lazily once the page is idle, takes them; when
 * analytics is off (the website's setting, Do-Not-Track, or no consent) they do nothing.
 */
type Call = (ph: PostHog) => void;
const MAX_QUEUE = 200;
let queue: Call[] | null = [];
let client: PostHog | null = null;

function run(call: Call) {
  if (client) call(client);
  else if (queue && queue.length < MAX_QUEUE) queue.push(call);
}

/** A shop event (SHOP_EVENTS) with its properties. */
export function track(event: string, props: Record<string, string | number | boolean | null | undefined> = {}): void {
  run((ph) => ph.capture(event, props));
}

/** A page view: on the first page and every route change (automatic page views are off). */
export function trackPageview(): void {
  run((ph) => ph.capture('$pageview'));
}

/**
 * Sign-in: a stable id (the account's id, never the email), and only once the shopper allowed it
 * (`analyticsConsent`, DPDP Act 2023); until then they stay an anonymous visitor.
 */
export function identify(user: { id: number; analyticsConsent?: boolean }): void {
  if (!user.analyticsConsent) return;
  run((ph) => {
    if (ph.get_distinct_id() !== String(user.id)) ph.identify(String(user.id));
  });
}

/** Logout: a new anonymous person from here on (the website group is set again). */
export function resetAnalytics(website: { id: number; name: string } | null): void {
  run((ph) => {
    ph.reset();
    if (website) ph.group('website', String(website.id), { name: website.name });
  });
}

const stop = () => {
  queue = null;
};

/**
 * Starts analytics after the app has mounted, unless the website turned it off or the browser
 * asks not to be tracked; with 'consent' the lazily loaded banner asks first.
 */
export function startAnalytics(website: { id: number; name: string }): void {
  const meta = pageMeta('analytics');
  const mode = meta?.content ?? 'off';
  if (mode === 'off' || doNotTrack()) return stop();
  whenIdle(() => {
    void import('./analytics-client')
      .then((m) => m.loadPosthog({ key: meta?.dataset.key || 'first-party', website, askConsent: mode === 'consent' }))
      .then((ph) => {
        if (!ph) return stop();
        client = ph;
        for (const call of queue ?? []) call(ph);
        queue = null;
      })
      .catch((e: unknown) => {
        console.warn('Analytics could not start', e);
        stop();
      });
  });
}
