/**
 * "Did you mean": the closest known word to each word a shopper typed. Pure and zod-free, so the
 * server runs it over its vocabulary and tests can prove its rules.
 *
 * Distance is the optimal-string-alignment edit distance (insert, delete, substitute, or swap two
 * neighbours: 'dhai' → 'dahi' is one slip, not two). Written here rather than taken from a
 * package: the common ones count a swap as two edits, and a swap is the commonest typing slip.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/** How many slips a word of this length may have and still be corrected: short words are left alone. */
export const allowedSlips = (word: string) => (word.length < 4 ? 0 : word.length < 7 ? 1 : 2);

/**
 * The query with each unknown word replaced by the closest word of `vocabulary` (word → how often
 * it occurs; ties go to the commoner word, then the alphabetically first), or null when nothing
 * changes or a word has no close match (a guess about one word of three is no suggestion).
 */
export function didYouMean(query: string, vocabulary: ReadonlyMap<string, number>): string | null {
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);
  if (!words.length) return null;
  let changed = false;
  const out: string[] = [];
  for (const w of words) {
    if (vocabulary.has(w) || /^\d+$/.test(w)) {
      out.push(w);
      continue;
    }
    const slips = allowedSlips(w);
    let best: { word: string; d: number; n: number } | null = null;
    if (slips > 0)
      for (const [v, n] of vocabulary) {
        const d = editDistance(w, v, slips);
        if (d > slips) continue;
        if (!best || d < best.d || (d === best.d && (n > best.n || (n === best.n && v < best.word)))) best = { word: v, d, n };
      }
    if (!best) return null;
    out.push(best.word);
    changed = true;
  }
  return changed ? out.join(' ') : null;
}
