import { compileMessage } from '@lingui/message-utils/compileMessage';
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_TAGS } from '@grocer/shared/language-names';
import { english } from '../lib/i18n';
import {
  argumentsOf,
  CATALOGUE_FILES,
  compiledModule,
  extractIds,
  lazyImports,
  ROUTE_GROUPS,
  splitMessages,
  staticClosure,
} from './catalogue';
import { say, type Compiled } from './reader';
import en from './en/messages.json';
import hi from './hi/messages.json';
import kn from './kn/messages.json';

// Every source file of the storefront (tests aside) and of the page blocks, as the extractor reads them.
const sources = {
  ...import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../lib/i18n.ts', '!./catalogue.ts'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
  ...import.meta.glob<string>(
    [
      '../../../../packages/blocks/src/**/*.{ts,tsx}',
      '!../../../../packages/blocks/src/**/*.test.{ts,tsx}',
      '!../../../../packages/blocks/src/words.ts',
    ],
    {
      query: '?raw',
      import: 'default',
      eager: true,
    },
  ),
};
const compiled = import.meta.glob<string>(['./*/*.ts'], { query: '?raw', import: 'default', eager: true });
const catalogues: Record<string, Record<string, string>> = { en, hi, kn };

describe('message catalogues (issue 46)', () => {
  const ids = [...new Set(Object.values(sources).flatMap(extractIds))].sort();

  it('finds the marked strings', () => {
    expect(ids).toContain('Add to Cart');
    expect(ids).toContain('Cart, {count, plural, one {# item} other {# items}}');
    expect(extractIds(`t('It\\'s here'); x.t('no'); msg("We'll see"); set('no')`)).toEqual(["It's here", "We'll see"]);
  });

  it('has every message of the source in every catalogue: run `npm run i18n -w @grocer/web` and translate', () => {
    for (const lang of ['en', 'hi', 'kn']) {
      const missing = ids.filter((id) => !catalogues[lang]![id]);
      expect(missing, `${lang} lacks these`).toEqual([]);
    }
    expect(Object.keys(en).sort(), 'a catalogue keeps messages no longer in the source').toEqual(ids);
  });

  it('translates with the same arguments and plurals as the English', () => {
    for (const lang of ['hi', 'kn'])
      for (const id of ids) {
        expect(argumentsOf(catalogues[lang]![id]!), `${lang}: ${id}`).toEqual(argumentsOf(id));
        if (/, plural,/.test(id)) expect(catalogues[lang]![id], `${lang}: ${id}`).toMatch(/other \{/);
      }
  });

  // the sources as the extractor names them (relative to apps/web/src)
  const bySource = Object.fromEntries(
    Object.entries(sources).map(([file, text]) => [file.replace(/^\.\.\//, '').replace(/^\.\//, 'locales/'), text]),
  );
  const split = splitMessages(bySource);

  it('has compiled catalogues in step with the messages: the shell’s, each route group’s, the later one', () => {
    expect(split.messages).toContain('Search');
    expect(split.messages, 'the product page’s words come with it').not.toContain('Product details');
    expect(split.product).toContain('Product details');
    expect(split.products).toContain('Narrow down');
    expect(split.more, 'the filter modal loads when opened').toContain('Apply Filters');
    expect(split.more).toContain('Place order · {amount}');
    expect(split.more, 'the later catalogue has what lazy modules say wherever else it is used').toContain('Product details');
    for (const file of CATALOGUE_FILES.filter((f) => f !== 'messages' && f !== 'more'))
      for (const id of split[file]) expect(split.messages.has(id), id).toBe(false);
    for (const lang of ['hi', 'kn'])
      for (const file of CATALOGUE_FILES)
        expect(compiled[`./${lang}/${file}.ts`], `${lang}/${file}.ts`).toBe(compiledModule(catalogues[lang]!, split[file]));
    expect(compiled['./en/messages.ts'], 'English is said from the ids').toBeUndefined();
  });

  it('loads the later catalogue with every lazily loaded module that says its words, a route group’s with its route', () => {
    const lazy = lazyImports(bySource).filter(([file]) => !file.startsWith('locales/'));
    const awaitsLater = (file: string) => /withLater\(|loadLaterMessages\(/.test(bySource[file]!);
    // what loads with the later catalogue already, and so may import more lazily
    const withLaterLoaded = new Set(
      lazy.filter(([file]) => awaitsLater(file)).flatMap(([, module]) => [...staticClosure(bySource, [module])]),
    );
    const inGroup = (file: string, module: string) =>
      Object.values(ROUTE_GROUPS).some(
        (entries) => (entries as readonly string[]).includes(module) && staticClosure(bySource, entries).has(file),
      );
    const missing: string[] = [];
    for (const [file, module] of lazy) {
      const says = [...staticClosure(bySource, [module])].flatMap((f) => extractIds(bySource[f]!)).filter((id) => !split.messages.has(id));
      if (!says.length || awaitsLater(file) || withLaterLoaded.has(file) || inGroup(file, module)) continue;
      if (file === 'app/router.tsx' && /withMessages\(/.test(bySource[file]!)) continue;
      missing.push(`${file} → ${module} (${says[0]})`);
    }
    expect(missing, 'wrap these imports in withLater (locales/load.ts)').toEqual([]);
  });

  it('says every Hindi and Kannada message as Lingui would, in place of its core', () => {
    // each argument's kind in the English: a plural's count, a select's cases, else a word
    const kinds = (id: string) => {
      const out: Record<string, string[] | 'count' | 'word'> = {};
      const walk = (node: unknown) => {
        if (!Array.isArray(node)) return;
        for (const part of node as unknown[]) {
          if (!Array.isArray(part) || typeof part[0] !== 'string') continue;
          const [name, type, cases] = part as [string, string?, Record<string, unknown>?];
          out[name] ??= type === 'plural' ? 'count' : type === 'select' ? [...Object.keys(cases!), 'unlisted'] : 'word';
          Object.values(cases ?? {}).forEach(walk);
        }
      };
      walk(compileMessage(id));
      return out;
    };
    let said = 0;
    for (const lang of ['hi', 'kn'] as const) {
      const messages = Object.fromEntries(ids.map((id) => [id, compileMessage(catalogues[lang]![id]!)]));
      const lingui = setupI18n({ locale: lang, locales: [LANGUAGE_TAGS[lang]], messages: { [lang]: messages } });
      for (const id of ids) {
        const args = Object.entries(kinds(id));
        for (const n of [0, 1, 2, 5, 21, 1000, 1.5])
          for (const pick of [0, 1, 2]) {
            const values = Object.fromEntries(
              args.map(([a, k]) => [a, k === 'count' ? n : k === 'word' ? `<${a}>` : k[Math.min(pick, k.length - 1)]]),
            );
            expect(say(messages[id] as Compiled, values, lang), `${lang}: ${id} ${JSON.stringify(values)}`).toBe(lingui._(id, values));
            said++;
          }
      }
    }
    expect(said).toBeGreaterThan(ids.length * 2 * 21 - 1);
  });

  it('says every English message with its arguments as Lingui would (counts written plainly)', () => {
    const lingui = setupI18n({ locale: 'en', messages: { en: Object.fromEntries(ids.map((id) => [id, compileMessage(id)])) } });
    for (const id of ids) {
      const names = argumentsOf(id);
      if (!names.length) continue;
      for (const n of [0, 1, 2, 7]) {
        const values = Object.fromEntries(names.map((a) => [a, /count|number|pct|seconds|year/.test(a) ? n : `<${a}>`]));
        expect(english(id, values), id).toBe(lingui._(id, values));
      }
    }
  });
});
