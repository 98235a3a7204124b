/**
 * Extracts the storefront's messages (`t('…')`, `msg('…')` in apps/web/src) into
 * src/locales/en/messages.json (the list of messages: English is said from the ids), adds new
 * ones to hi and kn (empty: to translate) and drops the ones no longer used, then compiles those
 * two to src/locales/<lang>/messages.ts (the first load's) and more.ts (the account, checkout and
 * sign-in routes': catalogue.ts LATER_SOURCES).
 * Usage: npm run i18n -w @grocer/web (prints what is left to translate).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { compiledModule, extractIds, splitMessages } from '../src/locales/catalogue';

const src = path.join(import.meta.dirname, '..', 'src');
// the translator's own files name no messages of their own (their comments show examples)
const own = ['lib/i18n.ts', 'locales/catalogue.ts', 'blocks/src/words.ts'];
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const file = path.join(dir, d.name);
    if (d.isDirectory()) return files(file);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) && !own.some((o) => file.endsWith(o)) ? [file] : [];
  });
// the page blocks' words too (packages/blocks words.ts): the storefront translates them
const blocks = path.join(import.meta.dirname, '..', '..', '..', 'packages', 'blocks', 'src');
const sources = Object.fromEntries(
  [...files(src), ...files(blocks)].map((f) => [path.relative(src, f), extractIds(readFileSync(f, 'utf8'))]),
);
const ids = [...new Set(Object.values(sources).flat())].sort();
const { first, later } = splitMessages(sources);
const json = (lang: string) => path.join(src, 'locales', lang, 'messages.json');
const read = (lang: string): Record<string, string> => {
  try {
    return JSON.parse(readFileSync(json(lang), 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
};
for (const lang of ['en', 'hi', 'kn']) {
  const old = read(lang);
  const catalogue = Object.fromEntries(ids.map((id) => [id, lang === 'en' ? id : (old[id] ?? '')]));
  writeFileSync(json(lang), `${JSON.stringify(catalogue, null, 2)}\n`);
  if (lang !== 'en') {
    writeFileSync(path.join(src, 'locales', lang, 'messages.ts'), compiledModule(catalogue, first));
    writeFileSync(path.join(src, 'locales', lang, 'more.ts'), compiledModule(catalogue, later));
  }
  const missing = ids.filter((id) => !catalogue[id]);
  console.log(`${lang}: ${ids.length} messages${missing.length ? `, ${missing.length} to translate` : ''}`);
}
