import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_SYNONYMS, synonymSchema } from './synonyms';
import { hasIndicScript, latinSpellings, scriptLanguage, transliterate } from './transliterate';

describe('transliterate (Devanagari and Kannada → the Latin letters shoppers type)', () => {
  it('spells Hindi as Hinglish: the inherent vowel dropped at the end and between V C _ C V', () => {
    const cases: Array<[string, string]> = [
      ['दूध', 'doodh'],
      ['चावल', 'chaaval'],
      ['हल्दी', 'haldi'],
      ['आटा', 'aata'],
      ['नमक', 'namak'],
      ['नमकीन', 'namkeen'],
      ['अदरक', 'adrak'],
      ['बासमती चावल', 'baasmati chaaval'],
      ['मक्खन', 'makkhan'],
      ['मूंग दाल', 'moong daal'],
      ['प्याज़', 'pyaaz'],
      ['मित्र', 'mitra'],
      ['मिल्क', 'milk'],
      ['सरसों का तेल', 'sarson kaa tel'],
    ];
    for (const [hi, latin] of cases) expect(transliterate(hi), hi).toBe(latin);
  });

  it('spells Kannada with its vowels kept', () => {
    const cases: Array<[string, string]> = [
      ['ಹಾಲು', 'haalu'],
      ['ಅಕ್ಕಿ', 'akki'],
      ['ಅರಿಶಿನ', 'arishina'],
      ['ಮೊಸರು', 'mosaru'],
      ['ತುಪ್ಪ', 'tuppa'],
      ['ತೊಗರಿ ಬೇಳೆ', 'togari bele'],
      ['ಕನ್ನಡ', 'kannada'],
      ['ಹಿಂದಿ', 'hindi'],
    ];
    for (const [kn, latin] of cases) expect(transliterate(kn), kn).toBe(latin);
  });

  it('gives the other spellings shoppers use, each once', () => {
    expect(latinSpellings('दूध')).toEqual(expect.arrayContaining(['doodh', 'dudh']));
    expect(latinSpellings('चावल')).toEqual(expect.arrayContaining(['chaaval', 'chaval', 'chawal']));
    expect(latinSpellings('चीनी')).toEqual(expect.arrayContaining(['cheeni', 'chini']));
    expect(latinSpellings('ಹಾಲು')).toEqual(expect.arrayContaining(['haalu', 'halu']));
    expect(latinSpellings('बासमती चावल')).toContain('basmati');
    const all = latinSpellings('ದೂಧ ದೂಧ चावल चावल');
    expect(new Set(all).size).toBe(all.length);
    expect(latinSpellings('Full Cream Milk')).toEqual([]);
  });

  it('knows the script', () => {
    expect(scriptLanguage('दूध')).toBe('hi');
    expect(scriptLanguage('ಹಾಲು')).toBe('kn');
    expect(scriptLanguage('milk')).toBeNull();
    expect(hasIndicScript('Amrut ಹಾಲು')).toBe(true);
    expect(hasIndicScript('Amrut milk')).toBe(false);
    expect(transliterate('१२३ ೪೫')).toBe('123 45');
  });

  // any text mixing the two scripts (letters, signs, virama, nukta, digits) with Latin and spaces
  const indic = fc
    .array(
      fc.oneof(
        fc.integer({ min: 0x0900, max: 0x097f }).map((c) => String.fromCodePoint(c)),
        fc.integer({ min: 0x0c80, max: 0x0cff }).map((c) => String.fromCodePoint(c)),
        fc.constantFrom(' ', 'a', 'Z', '1', '-', '\u200c', '\u200d'),
      ),
      { maxLength: 30 },
    )
    .map((a) => a.join(''));

  it('never throws, and leaves neither script behind (fast-check)', () => {
    fc.assert(
      fc.property(fc.oneof(indic, fc.string({ unit: 'grapheme' })), (text) => {
        const out = transliterate(text);
        expect(hasIndicScript(out)).toBe(false);
        for (const s of latinSpellings(text)) expect(s).toMatch(/^[a-z0-9]+$/);
      }),
      { numRuns: 500 },
    );
  });

  it('passes text in neither script through unchanged (fast-check)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        fc.pre(!hasIndicScript(text));
        expect(transliterate(text)).toBe(text);
        expect(latinSpellings(text)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('is idempotent: transliterating twice gives what once did (fast-check)', () => {
    fc.assert(
      fc.property(indic, (text) => {
        const once = transliterate(text);
        expect(transliterate(once)).toBe(once);
      }),
      { numRuns: 500 },
    );
  });

  it("the built-in Hindi and Kannada words are valid synonyms in their language's script", () => {
    for (const [language, list] of Object.entries(LANGUAGE_SYNONYMS)) {
      const terms = new Set<string>();
      for (const s of list) {
        expect(synonymSchema.parse(s)).toEqual(s);
        expect(scriptLanguage(s.term), s.term).toBe(language);
        expect(terms.has(s.term), s.term).toBe(false);
        terms.add(s.term);
      }
    }
  });
});
