import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SYNONYMS, parseSynonymLines, synonymLines } from './synonyms';

describe('search synonyms as the owner writes them', () => {
  it('reads term = word, word lines, lower-cases them, and names the bad lines', () => {
    const r = parseSynonymLines('Dahi = Curd, yogurt\n\n# a note\nbad line\nx = y\ndahi = milk');
    expect(r.data).toEqual([{ term: 'dahi', words: ['curd', 'yogurt'] }]);
    expect(r.errors).toEqual([
      { line: 4, message: 'Write it as: term = word, word' },
      { line: 5, message: 'A word needs at least 2 letters' },
      { line: 6, message: '"dahi" is already given above' },
    ]);
  });
  it('round-trips: lines written from synonyms read back the same', () => {
    expect(parseSynonymLines(synonymLines(DEFAULT_SYNONYMS))).toEqual({ data: DEFAULT_SYNONYMS, errors: [] });
    const word = fc.stringMatching(/^[a-z][a-z ]{1,12}[a-z]$/).filter((w) => !w.includes('  '));
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ term: word, words: fc.array(word, { minLength: 1, maxLength: 4 }) }), {
          selector: (s) => s.term,
          maxLength: 8,
        }),
        (list) => {
          expect(parseSynonymLines(synonymLines(list)).data).toEqual(list);
        },
      ),
    );
  });
});
