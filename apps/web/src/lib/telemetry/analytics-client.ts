// The slim build: the capture core without the bundled extensions (surveys, session recording,
// toolbar), which this shop turns off anyway: half the bytes of the full module.
import posthog, { type PostHog } from 'posthog-js/dist/module.slim';
import { askConsent, storedConsent } from './consent-banner';

/**
 * posthog-js with exactly spec §1's options: events to the same-origin /brgest, person profiles
 * only for identified users, automatic page views off (the router captures them); the website
 * group from the store data. Loaded only by analytics.ts, after the page is idle.
 */
export async function loadPosthog(opts: {
  key: string;
  website: { id: number; name: string };
  askConsent: boolean;
}): Promise<PostHog | null> {
  if (opts.askConsent) {
    const choice = storedConsent() ?? (await askConsent());
    if (choice !== 'granted') return null;
  }
  const firstParty = opts.key === 'first-party';
  posthog.init(opts.key, {
    api_host: '/brgest',
    person_profiles: 'identified_only',
    capture_pageview: false,
    respect_dnt: true,
    // Session replay is the error reporter's (Sentry); a shop without PostHog keeps only its own events.
    disable_session_recording: true,
    disable_surveys: true,
    autocapture: !firstParty,
    capture_pageleave: !firstParty,
  });
  posthog.group('website', String(opts.website.id), { name: opts.website.name });
  return posthog;
}
