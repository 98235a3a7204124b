/**
 * What the header's search box holds (issue 39): shared by its two copies (the wide bar's and the
 * phone's row) and kept for the tab (sessionStorage) until the shopper clears the box, so the words
 * stay while they open a product or a category and come back, as on BigBasket. A search's results
 * page puts its own words in (`SearchBox`).
 */
const KEY = 'search.words';
const listeners = new Set<(words: string) => void>();

export function keptWords(): string {
  try {
    return sessionStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

export function keepWords(words: string) {
  try {
    if (words) sessionStorage.setItem(KEY, words);
    else sessionStorage.removeItem(KEY);
  } catch {
    // storage refused: the boxes still agree for this page
  }
  for (const l of listeners) l(words);
}

/** Calls `listener` with the words whenever they change; answers the unsubscribe. */
export function onWords(listener: (words: string) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
