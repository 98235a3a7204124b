/**
 * Devanagari and Kannada → Latin, spelt the way shoppers type it (issue 46 §3): दूध → "doodh" (and
 * "dudh"), चावल → "chaaval" ("chawal", "chaval"), ಹಾಲು → "haalu" ("halu"). Search indexes these
 * spellings beside the native words, so a shopper who types the word in Latin letters finds the
 * product named in Hindi or Kannada.
 *
 * Table-driven, written here rather than taken from npm: the kept packages either give a scholarly
 * romanisation that keeps every inherent vowel (@indic-transliteration/sanscript: चावल → "chAvala",
 * नमक → "namaka") or drop every one (any-ascii, transliteration: नमक → "nmk", चावल → "cavl"); neither
 * is what a shopper types. Hindi drops the inherent "a" at the end of a word and in the middle
 * between a vowel-consonant and a consonant-vowel (schwa deletion, applied left to right: बासमती →
 * "baasmatee", नमकीन → "namkeen", अदरक → "adrak"); Kannada keeps it (ತುಪ್ಪ → "tuppa").
 * Latin → Devanagari/Kannada is not offered: an English word has no one spelling in those scripts.
 *
 * Text that is neither script passes through unchanged, so the result never contains either script
 * and transliterating twice gives what once did.
 */

type Script = 'deva' | 'knda';

interface Table {
  /** independent vowels */
  vowels: Record<string, Vowel>;
  /** vowel signs (matras) */
  signs: Record<string, Vowel>;
  consonants: Record<string, string>;
  /** a consonant followed by the nukta */
  nukta: Record<string, string>;
  virama: string;
  nuktaMark?: string;
  anusvara: string[];
  visarga: string;
  digits: string;
  /** Hindi deletes inherent vowels; Kannada keeps them */
  schwaDeletion: boolean;
  /** the nasal at the end of a word: Hindi "n" (में men), Kannada "m" */
  finalNasal: string;
}

/** A vowel: its short spelling, and its long one when the vowel is long (ā ī ū: a/aa, i/ee, u/oo). */
type Vowel = { short: string; long?: string };

const V = (short: string, long?: string): Vowel => (long ? { short, long } : { short });

const DEVA: Table = {
  vowels: {
    अ: V('a'),
    आ: V('a', 'aa'),
    इ: V('i'),
    ई: V('i', 'ee'),
    उ: V('u'),
    ऊ: V('u', 'oo'),
    ऋ: V('ri'),
    ए: V('e'),
    ऐ: V('ai'),
    ओ: V('o'),
    औ: V('au'),
    ऑ: V('o'),
    ऍ: V('e'),
  },
  signs: {
    'ा': V('a', 'aa'),
    'ि': V('i'),
    'ी': V('i', 'ee'),
    'ु': V('u'),
    'ू': V('u', 'oo'),
    'ृ': V('ri'),
    'े': V('e'),
    'ै': V('ai'),
    'ो': V('o'),
    'ौ': V('au'),
    'ॉ': V('o'),
    'ॅ': V('e'),
  },
  consonants: {
    क: 'k',
    ख: 'kh',
    ग: 'g',
    घ: 'gh',
    ङ: 'n',
    च: 'ch',
    छ: 'chh',
    ज: 'j',
    झ: 'jh',
    ञ: 'n',
    ट: 't',
    ठ: 'th',
    ड: 'd',
    ढ: 'dh',
    ण: 'n',
    त: 't',
    थ: 'th',
    द: 'd',
    ध: 'dh',
    न: 'n',
    प: 'p',
    फ: 'ph',
    ब: 'b',
    भ: 'bh',
    म: 'm',
    य: 'y',
    र: 'r',
    ल: 'l',
    ळ: 'l',
    व: 'v',
    श: 'sh',
    ष: 'sh',
    स: 's',
    ह: 'h',
    // precomposed nukta letters
    क़: 'q',
    ख़: 'kh',
    ग़: 'g',
    ज़: 'z',
    ड़: 'r',
    ढ़: 'rh',
    फ़: 'f',
    य़: 'y',
  },
  nukta: { क: 'q', ख: 'kh', ग: 'g', ज: 'z', ड: 'r', ढ: 'rh', फ: 'f', य: 'y' },
  virama: '्',
  nuktaMark: '़',
  anusvara: ['ं', 'ँ'],
  visarga: 'ः',
  digits: '०१२३४५६७८९',
  schwaDeletion: true,
  finalNasal: 'n',
};

const KNDA: Table = {
  vowels: {
    ಅ: V('a'),
    ಆ: V('a', 'aa'),
    ಇ: V('i'),
    ಈ: V('i', 'ee'),
    ಉ: V('u'),
    ಊ: V('u', 'oo'),
    ಋ: V('ru'),
    ಎ: V('e'),
    ಏ: V('e'),
    ಐ: V('ai'),
    ಒ: V('o'),
    ಓ: V('o'),
    ಔ: V('au'),
  },
  signs: {
    'ಾ': V('a', 'aa'),
    'ಿ': V('i'),
    'ೀ': V('i', 'ee'),
    'ು': V('u'),
    'ೂ': V('u', 'oo'),
    'ೃ': V('ru'),
    'ೆ': V('e'),
    'ೇ': V('e'),
    'ೈ': V('ai'),
    'ೊ': V('o'),
    'ೋ': V('o'),
    'ೌ': V('au'),
  },
  consonants: {
    ಕ: 'k',
    ಖ: 'kh',
    ಗ: 'g',
    ಘ: 'gh',
    ಙ: 'n',
    ಚ: 'ch',
    ಛ: 'chh',
    ಜ: 'j',
    ಝ: 'jh',
    ಞ: 'n',
    ಟ: 't',
    ಠ: 'th',
    ಡ: 'd',
    ಢ: 'dh',
    ಣ: 'n',
    ತ: 't',
    ಥ: 'th',
    ದ: 'd',
    ಧ: 'dh',
    ನ: 'n',
    ಪ: 'p',
    ಫ: 'ph',
    ಬ: 'b',
    ಭ: 'bh',
    ಮ: 'm',
    ಯ: 'y',
    ರ: 'r',
    ಱ: 'r',
    ಲ: 'l',
    ಳ: 'l',
    ೞ: 'l',
    ವ: 'v',
    ಶ: 'sh',
    ಷ: 'sh',
    ಸ: 's',
    ಹ: 'h',
  },
  nukta: { ಜ: 'z', ಫ: 'f' },
  virama: '್',
  nuktaMark: '಼',
  anusvara: ['ಂ'],
  visarga: 'ಃ',
  digits: '೦೧೨೩೪೫೬೭೮೯',
  schwaDeletion: false,
  finalNasal: 'm',
};

const TABLES: Record<Script, Table> = { deva: DEVA, knda: KNDA };

/** Which of the two scripts a character is in, if either. */
function scriptOfChar(ch: string): Script | null {
  const c = ch.codePointAt(0)!;
  if (c >= 0x0900 && c <= 0x097f) return 'deva';
  if (c >= 0x0c80 && c <= 0x0cff) return 'knda';
  return null;
}

/** Whether `text` has any Devanagari or Kannada letter. */
export const hasIndicScript = (text: string): boolean => /[\u0900-\u097f\u0c80-\u0cff]/u.test(text);

/** The language a word's script says: Devanagari → 'hi', Kannada → 'kn'; null for neither. */
export function scriptLanguage(word: string): 'hi' | 'kn' | null {
  for (const ch of word) {
    const s = scriptOfChar(ch);
    if (s) return s === 'deva' ? 'hi' : 'kn';
  }
  return null;
}

/** One written syllable: its consonants (a cluster), its vowel, and a nasal or visarga after it. */
interface Akshara {
  cons: string[];
  /** the vowel sign or independent vowel; null: the inherent "a"; 'none': killed by the virama */
  vowel: Vowel | null | 'none';
  /** whether the inherent vowel was dropped (Hindi schwa deletion) */
  dropped?: boolean;
  nasal?: boolean;
  visarga?: boolean;
}

/** How the long vowels are spelt in one of the word's spellings. */
interface Style {
  aa: boolean;
  ee: boolean;
  oo: boolean;
  /** a final long ī or ā spelt short (haldi, aata), the usual way */
  shortFinal: boolean;
  w: boolean;
}

const STYLES: Style[] = [
  // the main spelling: long vowels doubled, a final ī/ā short (doodh, chaaval, haldi, aata, paneer)
  { aa: true, ee: true, oo: true, shortFinal: true, w: false },
  // all short (dudh, chaval, haldi, ata, chini, alu)
  { aa: false, ee: false, oo: false, shortFinal: true, w: false },
  // ā short, ī ū long (chaval, cheeni, aloo, jeera)
  { aa: false, ee: true, oo: true, shortFinal: true, w: false },
  // व as w, फ as f (chawal, chaawal, kafi)
  { aa: false, ee: true, oo: true, shortFinal: true, w: true },
  { aa: true, ee: true, oo: true, shortFinal: true, w: true },
  // every long vowel doubled, at the end too (ghee, aaloo)
  { aa: true, ee: true, oo: true, shortFinal: false, w: false },
];

const LABIALS = new Set(['p', 'ph', 'b', 'bh', 'm', 'f', 'v']);

/** Splits one word of a script into aksharas; characters the table does not know are skipped. */
function aksharas(word: string, t: Table): Akshara[] {
  const out: Akshara[] = [];
  let open = false; // the last akshara's consonant had a virama: the next consonant joins its cluster
  const chars = [...word];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    const last = out[out.length - 1];
    const cons = t.consonants[ch];
    if (cons !== undefined) {
      const withNukta = t.nuktaMark && chars[i + 1] === t.nuktaMark && t.nukta[ch] !== undefined;
      const latin = withNukta ? t.nukta[ch]! : cons;
      if (withNukta) i++;
      if (open && last) {
        last.cons.push(latin);
        last.vowel = null;
      } else out.push({ cons: [latin], vowel: null });
      open = false;
      continue;
    }
    open = false;
    if (t.vowels[ch]) out.push({ cons: [], vowel: t.vowels[ch]! });
    else if (t.signs[ch] && last && last.cons.length) last.vowel = t.signs[ch]!;
    else if (ch === t.virama && last && last.cons.length) {
      last.vowel = 'none';
      open = true;
    } else if (t.anusvara.includes(ch) && last) last.nasal = true;
    else if (ch === t.visarga && last) last.visarga = true;
  }
  return out;
}

/** Hindi schwa deletion, left to right: the last inherent vowel, and one between V C _ C V. */
function dropSchwas(list: Akshara[]): void {
  const n = list.length;
  if (n < 2) return;
  const hasVowel = (a: Akshara | undefined) => !!a && a.vowel !== 'none' && !a.dropped;
  const lastA = list[n - 1]!;
  // a final cluster keeps it when it ends in r, y or v (मित्र mitra, वाक्य vaakya), not otherwise (मिल्क milk)
  const keeps = lastA.cons.length > 1 && ['r', 'y', 'v'].includes(lastA.cons[lastA.cons.length - 1]!);
  if (lastA.vowel === null && !keeps && !lastA.nasal && !lastA.visarga) lastA.dropped = true;
  for (let i = 1; i < n - 1; i++) {
    const a = list[i]!;
    if (a.vowel !== null || a.cons.length !== 1 || a.nasal || a.visarga) continue;
    const before = list[i - 1]!;
    const after = list[i + 1]!;
    if (hasVowel(before) && after.cons.length > 0 && hasVowel(after)) a.dropped = true;
  }
}

function spell(list: Akshara[], t: Table, style: Style): string {
  let out = '';
  list.forEach((a, i) => {
    const final = i === list.length - 1;
    for (const c of a.cons) out += style.w && c === 'v' ? 'w' : style.w && c === 'ph' ? 'f' : c;
    if (a.vowel === 'none' || a.dropped) {
      // no vowel
    } else if (a.vowel === null) out += 'a';
    else {
      const v = a.vowel;
      const long =
        v.long !== undefined &&
        (v.short === 'a' ? style.aa : v.short === 'i' ? style.ee : style.oo) &&
        !(final && style.shortFinal && (v.short === 'a' || v.short === 'i') && list.length > 1);
      out += long ? v.long : v.short;
    }
    if (a.nasal) {
      const next = list[i + 1]?.cons[0];
      out += next === undefined ? (final ? t.finalNasal : 'n') : LABIALS.has(next) ? 'm' : 'n';
    }
    if (a.visarga) out += 'h';
  });
  return out;
}

/** Every spelling of one word of a script (deduplicated, the main one first). */
function wordSpellings(word: string, script: Script): string[] {
  const t = TABLES[script];
  const list = aksharas(word, t);
  if (t.schwaDeletion) dropSchwas(list);
  const digits = [...word].filter((c) => t.digits.includes(c)).length;
  if (digits && !list.length) return [[...word].map((c) => (t.digits.includes(c) ? String(t.digits.indexOf(c)) : '')).join('')];
  return [...new Set(STYLES.map((s) => spell(list, t, s)))];
}

/** Splits text into runs: words of one script, and everything else as it is. */
function runs(text: string): Array<{ text: string; script: Script | null }> {
  const out: Array<{ text: string; script: Script | null }> = [];
  for (const ch of text) {
    const last = out[out.length - 1];
    // a zero-width (non-)joiner inside a word shapes it and stays with it
    const s = (ch === '\u200c' || ch === '\u200d') && last?.script ? last.script : scriptOfChar(ch);
    if (last && last.script === s) last.text += ch;
    else out.push({ text: ch, script: s });
  }
  return out;
}

/**
 * `text` with its Devanagari and Kannada written in Latin letters, in the main spelling (दूध →
 * "doodh", हल्दी → "haldi", ಹಾಲು → "haalu"); everything else unchanged. A script's digits become
 * ASCII digits; its punctuation (।) a space.
 */
export function transliterate(text: string): string {
  return runs(text)
    .map((r) =>
      r.script
        ? r.text
            .split(/[\u0964\u0965]/u)
            .map((w) => wordSpellings(w, r.script!)[0] ?? '')
            .join(' ')
        : r.text,
    )
    .join('');
}

/**
 * The Latin spellings a shopper may type for the Devanagari and Kannada words of `text` (दूध →
 * doodh, dudh; चावल → chaaval, chaval, chawal, chaawal), each word once, in lower case; empty when
 * the text has neither script. What search indexes beside the native words.
 */
export function latinSpellings(text: string): string[] {
  const out = new Set<string>();
  for (const r of runs(text)) {
    if (!r.script) continue;
    for (const w of r.text.split(/[\u0964\u0965]/u)) for (const s of wordSpellings(w, r.script)) if (s) out.add(s);
  }
  return [...out];
}
