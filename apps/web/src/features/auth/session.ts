import type { CodeSent, RegisterBody } from '@grocer/shared/account';
import type { Cart } from '@grocer/shared/cart';
import type { Init, User } from '@grocer/shared/storefront';
import type { QueryClient } from '@tanstack/react-query';
import { api, apiChecked } from '../../lib/api';
import { initQuery } from '../../lib/init';
import { tellServiceWorkerSessionChanged } from '../../lib/service-worker';
import { identify, resetAnalytics } from '../../lib/telemetry/analytics';

/** Where the code went, kept for /auth/verify across a reload (sessionStorage). */
const PENDING_KEY = 'auth.pending';

export interface PendingSignIn extends CodeSent {
  /** when the code was sent (ms), for the resend countdown */
  sentAt: number;
  /** a registration's details, to send its codes again */
  register?: RegisterBody;
}

export const pendingSignIn = {
  save: (sent: CodeSent, register?: RegisterBody) =>
    sessionStorage.setItem(PENDING_KEY, JSON.stringify({ ...sent, sentAt: Date.now(), register } satisfies PendingSignIn)),
  read: (): PendingSignIn | null => {
    try {
      return JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as PendingSignIn | null;
    } catch {
      return null;
    }
  },
  clear: () => sessionStorage.removeItem(PENDING_KEY),
};

const contracts = () => import('@grocer/shared/account');
const sent = async () => (await contracts()).codeSentSchema;

export const authApi = {
  login: (identifier: string) => apiChecked('/api/auth/login', sent, { method: 'POST', body: { identifier } }),
  register: (body: RegisterBody) => apiChecked('/api/auth/register', sent, { method: 'POST', body }),
  /** `alsoCode`: the code sent to the second identifier (a registration's mobile) */
  verify: (identifier: string, code: string, alsoCode?: string) =>
    apiChecked('/api/auth/verify', async () => (await contracts()).verifyResponseSchema, {
      method: 'POST',
      body: { identifier, code, also_code: alsoCode },
    }),
  /** Spec §7: the answer is not read, only that it succeeded. */
  logout: () => api('/api/auth/logout'),
};

/**
 * The signed-in (or signed-out) state everywhere at once: the store data's user and cart, and
 * every other cached answer dropped, since prices, wishlist flags and lists depend on who asks.
 */
export async function applySession(client: QueryClient, user: User | null, cart: Cart | null) {
  tellServiceWorkerSessionChanged();
  client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'init' });
  const init = client.getQueryData<Init>(initQuery.queryKey);
  if (user) identify(user);
  else resetAnalytics(init ? { id: init.web.id, name: init.web.name } : null);
  if (init) client.setQueryData<Init>(initQuery.queryKey, { ...init, user, cart: cart ?? init.cart });
  if (!init || !cart) await client.invalidateQueries({ queryKey: initQuery.queryKey });
}
