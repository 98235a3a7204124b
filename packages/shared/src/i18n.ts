/**
 * Message ids shared by the storefront (apps/web) and the staff app (apps/staff), issue 46: the
 * English text is the id (`t('Add to cart')`, `t('Hello {name}', { name })`), so English is said
 * from the id itself and no English catalogue is shipped. `fillMessage` fills an id's ICU arguments
 * and plurals; `extractIds` finds the ids a source file marks, for each app's `npm run i18n`.
 */

/**
 * A message with its arguments: `{name}`, and `{n, plural, =0 {…} one {…} other {…}}` or
 * `{x, select, a {…} other {…}}` with `#` for the count (written as a plain number, as the apps
 * always wrote counts). Plural categories are the language's (`Intl.PluralRules`, English by
 * default: one for 1, other otherwise).
 */
export function fillMessage(message: string, values: Record<string, unknown>, locale = 'en'): string {
  let rules: Intl.PluralRules | undefined;
  let i = 0;
  const text = (count?: number): string => {
    let out = '';
    while (i < message.length && message[i] !== '}') {
      const c = message[i++]!;
      out += c === '{' ? argument() : c === '#' && count !== undefined ? String(count) : c;
    }
    return out;
  };
  const argument = (): string => {
    const head = /^\s*([\w.]+)\s*(?:,\s*(plural|select)\s*,)?/.exec(message.slice(i))!;
    i += head[0].length;
    const value = values[head[1]!];
    if (!head[2]) {
      i = message.indexOf('}', i) + 1;
      return String(value);
    }
    const plural = head[2] === 'plural';
    const cases: Record<string, string> = {};
    for (;;) {
      const key = /^\s*([^\s{}]+)\s*\{|^\s*\}/.exec(message.slice(i))!;
      i += key[0].length;
      if (!key[1]) break;
      cases[key[1]] = text(plural ? Number(value) : undefined);
      i++; // the case's closing brace
    }
    const n = Number(value);
    const keys = plural ? [`=${n}`, (rules ??= new Intl.PluralRules(locale)).select(n), 'other'] : [String(value), 'other'];
    return cases[keys.find((k) => k in cases)!] ?? '';
  };
  return text();
}

/** `t('…')` and `msg('…')` calls whose first argument is one quoted literal ("…" when it holds a '). */
const CALL = /(?<![\w.$])(?:t|msg)\(\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)")/g;

const unescape = (s: string) =>
  s.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)/g, (_, e: string) => {
    if (e.startsWith('u{')) return String.fromCodePoint(parseInt(e.slice(2, -1), 16));
    if (e[0] === 'u' && e.length === 5) return String.fromCharCode(parseInt(e.slice(1), 16));
    if (e[0] === 'x' && e.length === 3) return String.fromCharCode(parseInt(e.slice(1), 16));
    return ({ n: '\n', t: '\t' } as Record<string, string>)[e] ?? e;
  });

/** The message ids a source file marks. */
export function extractIds(source: string): string[] {
  return [...source.matchAll(CALL)].map((m) => unescape((m[1] ?? m[2])!));
}
