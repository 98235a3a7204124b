import type { Pack, Product } from '@grocer/shared/catalogue';
import { REDIRECT_KEY } from './guards';

/**
 * What a signed-out visitor asked for that needs an account (issue 39): the heart, or "Notify me".
 * It is kept in sessionStorage beside the saved return path (spec §2's `redirect`), not in the
 * login URL: it survives /auth/login → /auth/verify (and "Change" back) and a reload of either,
 * stays in this tab, and is done once (taken when the shopper has signed in). Leaving the
 * sign-in pages for any other page drops it (the shell), so a later sign-in never does it by
 * surprise.
 */
export type PendingAction =
  | { kind: 'wishlist'; product_id: number; name: string }
  | { kind: 'notify'; pack_id: number; warehouse_id: number; name: string }
  /** Subscribe (issue 44): nothing to do at sign-in; the return path (`?subscribe={pack}`) opens the sheet */
  | { kind: 'subscribe'; pack_id: number; name: string };

const KEY = 'pendingAction';

/** The login page's line under its title, per action. */
export const SIGN_IN_REASONS: Record<PendingAction['kind'], string> = {
  wishlist: 'Sign in to save this item',
  notify: 'Sign in to be told when it is back',
  subscribe: 'Sign in to subscribe',
};

export const wishlistAction = (p: Product): PendingAction => ({ kind: 'wishlist', product_id: p.product_id, name: p.product_name });
export const notifyAction = (p: Product, pack: Pack): PendingAction => ({
  kind: 'notify',
  pack_id: pack.pack_id,
  warehouse_id: pack.warehouse_id,
  name: `${p.product_name} ${pack.pack_name}`,
});

export const subscribeAction = (p: Product, pack: Pack): PendingAction => ({
  kind: 'subscribe',
  pack_id: pack.pack_id,
  name: `${p.product_name} ${pack.pack_name}`,
});

/** Keeps the action and the page to come back to, before the visitor is sent to /auth/login. */
export function keepForSignIn(action: PendingAction, returnTo: string): void {
  sessionStorage.setItem(KEY, JSON.stringify(action));
  sessionStorage.setItem(REDIRECT_KEY, returnTo);
}

export function readPendingAction(): PendingAction | null {
  try {
    const a = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as PendingAction | null;
    return a && (a.kind === 'wishlist' || a.kind === 'notify' || a.kind === 'subscribe') ? a : null;
  } catch {
    return null;
  }
}

export const dropPendingAction = () => sessionStorage.removeItem(KEY);

/** Read and removed at once: a reload after sign-in never does it twice. */
export function takePendingAction(): PendingAction | null {
  const a = readPendingAction();
  dropPendingAction();
  return a;
}

/** Packs whose alert was set on the shopper's behalf in this page's life: their "Notify me" says so. */
export const alertsSetHere = new Set<number>();
