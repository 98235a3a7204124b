import { t } from '../i18n';

const KEY = 'analytics.consent';
export type Consent = 'granted' | 'denied';

export function storedConsent(): Consent | null {
  try {
    const v = localStorage.getItem(KEY);
    return v === 'granted' || v === 'denied' ? v : null;
  } catch {
    return null;
  }
}

/**
 * The small consent banner (website setting 'consent'): plain DOM, loaded with the analytics
 * code, never part of the first load. Resolves with the shopper's choice, which is remembered.
 */
export function askConsent(): Promise<Consent> {
  return new Promise((resolve) => {
    const bar = document.createElement('div');
    bar.setAttribute('role', 'region');
    bar.setAttribute('aria-label', t('Analytics consent'));
    bar.className =
      'fixed inset-x-2 bottom-2 z-50 mx-auto flex max-w-xl flex-wrap items-center gap-3 rounded-lg border bg-white p-3 text-sm text-gray-700 shadow-lg';
    const text = document.createElement('p');
    text.className = 'flex-1';
    text.textContent = t('We count visits to improve the shop. May we?');
    const choose = (c: Consent) => {
      try {
        localStorage.setItem(KEY, c);
      } catch {
        // private mode: asked again next visit
      }
      bar.remove();
      resolve(c);
    };
    const button = (label: string, c: Consent, primary: boolean) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = label;
      b.className = primary ? 'rounded-md bg-[var(--color-primary)] px-3 py-1.5 font-medium text-white' : 'rounded-md border px-3 py-1.5';
      b.addEventListener('click', () => choose(c));
      return b;
    };
    bar.append(text, button(t('No thanks'), 'denied', false), button(t('Allow'), 'granted', true));
    document.body.append(bar);
  });
}
