import { useEffect, useState } from 'preact/hooks';

/** The app's screens, from the address under /rider (the browser's Back works between them). */
export type Route = { name: 'trips' } | { name: 'trip'; id: number } | { name: 'deliver' | 'fail'; id: number; orderId: string };

const BASE = '/rider';

export function parseRoute(pathname: string): Route {
  const rest = pathname.startsWith(BASE) ? pathname.slice(BASE.length) : pathname;
  const m = /^\/trips\/(\d+)(?:\/(deliver|fail)\/([^/]+))?\/?$/.exec(rest);
  if (!m) return { name: 'trips' };
  const id = Number(m[1]);
  if (m[2] && m[3]) return { name: m[2] as 'deliver' | 'fail', id, orderId: decodeURIComponent(m[3]) };
  return { name: 'trip', id };
}

export function pathOf(r: Route): string {
  if (r.name === 'trips') return `${BASE}/`;
  if (r.name === 'trip') return `${BASE}/trips/${r.id}`;
  return `${BASE}/trips/${r.id}/${r.name}/${encodeURIComponent(r.orderId)}`;
}

const listeners = new Set<() => void>();
export function go(r: Route, replace = false) {
  history[replace ? 'replaceState' : 'pushState'](null, '', pathOf(r));
  scrollTo(0, 0);
  for (const l of listeners) l();
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.pathname));
  useEffect(() => {
    const update = () => setRoute(parseRoute(location.pathname));
    listeners.add(update);
    addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      removeEventListener('popstate', update);
    };
  }, []);
  return route;
}
