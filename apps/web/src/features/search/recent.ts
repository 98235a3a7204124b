/** The shopper's last searches on this device (newest first), for the search box's suggestions. */
const KEY = 'search.recent';
const KEEP = 5;

export function recentSearches(): string[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string').slice(0, KEEP) : [];
  } catch {
    return [];
  }
}

export function rememberSearch(q: string) {
  try {
    localStorage.setItem(KEY, JSON.stringify([q, ...recentSearches().filter((s) => s.toLowerCase() !== q.toLowerCase())].slice(0, KEEP)));
  } catch {
    // storage full or refused: searching still works
  }
}

export function forgetSearches() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
