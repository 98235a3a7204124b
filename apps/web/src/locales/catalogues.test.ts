import { compileMessage } from '@lingui/message-utils/compileMessage';
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { english } from '../lib/i18n';
import { argumentsOf, compiledModule, extractIds, splitMessages } from './catalogue';
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
const compiled = import.meta.glob<string>(['./*/messages.ts', './*/more.ts'], { query: '?raw', import: 'default', eager: true });
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

  it('has compiled catalogues in step with the messages, the first load’s apart from the later pages', () => {
    const bySource = Object.fromEntries(
      Object.entries(sources).map(([file, text]) => [file.replace(/^\.\.\//, '').replace(/^\.\//, 'locales/'), extractIds(text)]),
    );
    const { first, later } = splitMessages(bySource);
    expect(first).toContain('Add to Cart');
    expect(later).toContain('Place order · {amount}');
    expect(first).not.toContain('Place order · {amount}');
    for (const lang of ['hi', 'kn']) {
      expect(compiled[`./${lang}/messages.ts`], lang).toBe(compiledModule(catalogues[lang]!, first));
      expect(compiled[`./${lang}/more.ts`], lang).toBe(compiledModule(catalogues[lang]!, later));
    }
    expect(compiled['./en/messages.ts'], 'English is said from the ids').toBeUndefined();
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
