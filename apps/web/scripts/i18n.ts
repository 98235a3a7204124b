/**
 * Extracts the storefront's messages (`t('…')`, `msg('…')` in apps/web/src) into
 * src/locales/en/messages.json (the list of messages: English is said from the ids), adds new
 * ones to hi and kn (empty: to translate) and drops the ones no longer used, then compiles those
 * two to src/locales/<lang>/messages.ts (the shell's, every first load's), page.ts, products.ts and
 * product.ts (a route group's, with its route) and more.ts (the rest, after the first load):
 * catalogue.ts `splitMessages`.
 * Usage: npm run i18n -w @grocer/web (prints what is left to translate).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CATALOGUE_FILES, compiledModule, extractIds, splitMessages } from '../src/locales/catalogue';

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
const sources = Object.fromEntries([...files(src), ...files(blocks)].map((f) => [path.relative(src, f), readFileSync(f, 'utf8')]));
const ids = [...new Set(Object.values(sources).flatMap(extractIds))].sort();
const split = splitMessages(sources);
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
  if (lang !== 'en')
    for (const file of CATALOGUE_FILES)
      writeFileSync(path.join(src, 'locales', lang, `${file}.ts`), compiledModule(catalogue, split[file]));
  const missing = ids.filter((id) => !catalogue[id]);
  console.log(`${lang}: ${ids.length} messages${missing.length ? `, ${missing.length} to translate` : ''}`);
}
