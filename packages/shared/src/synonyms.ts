import { z } from 'zod';

/**
 * Search synonyms (issue 19): what shoppers type → what the catalogue says. Edited by the owner as
 * lines of `term = word, word` (GET/PUT /s/api/admin/search/synonyms); each side lower case letters,
 * digits and spaces.
 */
const phrase = z
  .string()
  .trim()
  .toLowerCase()
  .min(2, 'A word needs at least 2 letters')
  .max(40, 'Keep a word under 40 letters')
  // \p{M}: the vowel signs of Devanagari and other Indian scripts ('दूध' is letters and marks)
  .regex(/^[\p{L}\p{N}][\p{L}\p{M}\p{N} ]*$/u, 'Use letters, digits and spaces only');

export const synonymSchema = z.object({ term: phrase, words: z.array(phrase).min(1, 'Give at least one word it means').max(10) });
export type Synonym = z.infer<typeof synonymSchema>;
export const synonymListSchema = z.object({
  data: z
    .array(synonymSchema)
    .max(2000)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((s, i) => {
        if (seen.has(s.term)) ctx.addIssue({ code: 'custom', path: [i, 'term'], message: `"${s.term}" is given twice` });
        seen.add(s.term);
      });
    }),
});
export type SynonymList = z.infer<typeof synonymListSchema>;

/** The owner's text, one `term = word, word` per line, into synonyms; errors name the line. */
export function parseSynonymLines(text: string): { data: Synonym[]; errors: Array<{ line: number; message: string }> } {
  const data: Synonym[] = [];
  const errors: Array<{ line: number; message: string }> = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const eq = line.indexOf('=');
    if (eq < 0) return errors.push({ line: i + 1, message: 'Write it as: term = word, word' });
    const parsed = synonymSchema.safeParse({
      term: line.slice(0, eq),
      words: line
        .slice(eq + 1)
        .split(',')
        .map((w) => w.trim())
        .filter(Boolean),
    });
    if (!parsed.success) return errors.push({ line: i + 1, message: parsed.error.issues[0]!.message });
    if (seen.has(parsed.data.term)) return errors.push({ line: i + 1, message: `"${parsed.data.term}" is already given above` });
    seen.add(parsed.data.term);
    data.push(parsed.data);
  });
  return { data, errors };
}

export const synonymLines = (list: Synonym[]) => list.map((s) => `${s.term} = ${s.words.join(', ')}`).join('\n');

/** The common words Indian shoppers type for groceries, seeded for every new shop (the owner adds more). */
export const DEFAULT_SYNONYMS: Synonym[] = Object.entries({
  dahi: ['curd', 'yogurt'],
  doodh: ['milk'],
  dudh: ['milk'],
  makhan: ['butter'],
  malai: ['cream'],
  chaas: ['buttermilk'],
  chawal: ['rice'],
  chaval: ['rice'],
  aata: ['atta', 'wheat flour'],
  gehun: ['wheat'],
  maida: ['refined flour', 'all purpose flour'],
  besan: ['gram flour'],
  sooji: ['semolina', 'rava', 'suji'],
  suji: ['semolina', 'rava', 'sooji'],
  rava: ['semolina', 'sooji'],
  poha: ['flattened rice', 'beaten rice'],
  dal: ['lentil', 'dal', 'dhal'],
  daal: ['dal', 'lentil'],
  arhar: ['toor', 'tur'],
  tuvar: ['toor'],
  chana: ['chickpea', 'gram', 'chickpeas'],
  chole: ['chickpea', 'kabuli chana'],
  rajma: ['kidney beans'],
  moong: ['green gram', 'mung'],
  masoor: ['red lentil'],
  urad: ['black gram'],
  cheeni: ['sugar'],
  chini: ['sugar'],
  shakkar: ['sugar', 'jaggery'],
  gud: ['jaggery'],
  gur: ['jaggery'],
  namak: ['salt'],
  tel: ['oil'],
  sarson: ['mustard'],
  rai: ['mustard'],
  haldi: ['turmeric'],
  mirch: ['chilli', 'chili'],
  mirchi: ['chilli', 'chili'],
  jeera: ['cumin'],
  zeera: ['cumin'],
  dhaniya: ['coriander'],
  elaichi: ['cardamom'],
  laung: ['clove', 'cloves'],
  dalchini: ['cinnamon'],
  kalimirch: ['black pepper'],
  hing: ['asafoetida'],
  methi: ['fenugreek'],
  ajwain: ['carom'],
  saunf: ['fennel'],
  imli: ['tamarind'],
  adrak: ['ginger'],
  lehsun: ['garlic'],
  lahsun: ['garlic'],
  pyaz: ['onion'],
  pyaaz: ['onion'],
  aloo: ['potato'],
  alu: ['potato'],
  tamatar: ['tomato'],
  bhindi: ['okra', 'ladies finger'],
  gobi: ['cauliflower', 'cabbage'],
  palak: ['spinach'],
  nimbu: ['lemon'],
  kela: ['banana'],
  seb: ['apple'],
  aam: ['mango'],
  anda: ['egg', 'eggs'],
  ande: ['egg', 'eggs'],
  chai: ['tea'],
  chaipatti: ['tea'],
  kaapi: ['coffee'],
  sabun: ['soap'],
  sabon: ['soap'],
  namkeen: ['snacks', 'mixture', 'bhujia'],
  biskut: ['biscuit', 'biscuits'],
  shahad: ['honey'],
  shehad: ['honey'],
  kaju: ['cashew'],
  badam: ['almond', 'almonds'],
  kishmish: ['raisin', 'raisins'],
  akhrot: ['walnut', 'walnuts'],
  pista: ['pistachio'],
  achar: ['pickle'],
  achaar: ['pickle'],
  agarbatti: ['incense'],
  jhadu: ['broom'],
  paneer: ['cottage cheese'],
  // Brands shoppers name for the thing itself (issue 39): the shop may not carry the brand, but it sells the thing
  maggi: ['instant noodles'],
  yippee: ['instant noodles'],
  colgate: ['toothpaste', 'toothbrush'],
  pepsodent: ['toothpaste'],
  closeup: ['toothpaste'],
  surf: ['detergent'],
  'surf excel': ['detergent'],
  ariel: ['detergent'],
  tide: ['detergent'],
  rin: ['detergent bar'],
  wheel: ['detergent'],
  comfort: ['fabric conditioner'],
  vim: ['dishwash'],
  pril: ['dishwash'],
  harpic: ['toilet cleaner'],
  lizol: ['floor cleaner'],
  colin: ['glass cleaner'],
  dettol: ['soap', 'body wash'],
  lux: ['soap'],
  lifebuoy: ['soap'],
  amul: ['milk', 'butter', 'paneer', 'cheese', 'ghee', 'curd'],
  'parle g': ['glucose biscuits'],
  tata: ['salt', 'tea'],
  fortune: ['oil', 'atta'],
  aashirvaad: ['atta'],
  bournvita: ['chocolate drink'],
  nescafe: ['instant coffee'],
  bru: ['instant coffee', 'filter coffee'],
  mdh: ['masala'],
  everest: ['masala'],
  // Hindi in Devanagari
  दूध: ['milk'],
  दही: ['curd'],
  चावल: ['rice'],
  आटा: ['atta'],
  चीनी: ['sugar'],
  नमक: ['salt'],
  दाल: ['dal'],
  घी: ['ghee'],
  तेल: ['oil'],
  चाय: ['tea'],
  हल्दी: ['turmeric'],
  जीरा: ['cumin'],
  प्याज: ['onion'],
  आलू: ['potato'],
  टमाटर: ['tomato'],
  साबुन: ['soap'],
}).map(([term, words]) => ({ term, words }));
