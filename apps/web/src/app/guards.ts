import { REDIRECT_KEY } from '@grocer/shared/links';
import type { Init } from '@grocer/shared/storefront';

export { REDIRECT_KEY };

export interface RouteMeta {
  /** no centred container */
  full?: boolean;
  /** sign-in required */
  auth?: boolean;
  /** sales agents only */
  agent?: boolean;
  /** keep the scroll position on navigation */
  scroll?: false;
}

/** Where a guard sends the visitor, or null to let them in. Saves the path when redirecting. */
export function guardRedirect(meta: RouteMeta | undefined, user: Init['user'], path: string): string | null {
  if ((meta?.auth || meta?.agent) && !user) {
    sessionStorage.setItem(REDIRECT_KEY, path);
    return '/auth/login';
  }
  if (meta?.agent && user && !user.isSalesAgent) {
    sessionStorage.setItem(REDIRECT_KEY, path);
    return '/account/orders';
  }
  return null;
}

/** After sign-in: the saved path is read, removed and returned (else home). */
export function consumeRedirect(): string {
  const path = sessionStorage.getItem(REDIRECT_KEY);
  sessionStorage.removeItem(REDIRECT_KEY);
  return path && path.startsWith('/') && !path.startsWith('//') ? path : '/';
}
