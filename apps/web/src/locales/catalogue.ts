import { compileMessage } from '@lingui/message-utils/compileMessage';
import { extractIds } from '@grocer/shared/i18n';
import path from 'node:path';
import { keyOf } from './key';

/**
 * The catalogue tooling shared by `scripts/i18n.ts` (which writes the files) and
 * `catalogues.test.ts` (which fails when they are stale or a translation is missing).
 */

/** The message ids a source file marks (shared with the staff app's extractor). */
export { extractIds } from '@grocer/shared/i18n';

/**
 * Source files (under apps/web/src) only reached through the account, checkout and sign-in routes
 * (or loaded after the first load with `loadLaterMessages`, as the product page's review form):
 * their messages go to each language's later catalogue (`more.ts`) even where a first-load module
 * imports them (see `splitMessages`).
 */
export const LATER_SOURCES = [
  'features/checkout/',
  'features/orders/',
  'features/account/',
  'features/wallet/',
  'features/auth/',
  'features/wishlist/components/wishlist-page.tsx',
  'features/subscriptions/components/subscription-page.tsx',
  'features/subscriptions/components/subscriptions-page.tsx',
  'features/subscriptions/components/subscribe-form.tsx',
  'features/subscriptions/components/calendar.tsx',
  'features/reviews/review-parts.tsx',
  'app/routes/checkout.tsx',
  'app/routes/account',
  'app/routes/auth.tsx',
  'locales/later-words.ts',
];

/** Files whose messages are always in the first catalogue: words the app renders as `t(x)` but imports from nowhere. */
export const FIRST_SOURCES = ['locales/shared-words.ts', 'lib/telemetry/consent-banner.ts'];

/**
 * The route groups of the first load: a page opened from the address loads the first catalogue
 * (`messages.ts`: the shell's messages, from main.tsx's static imports) and its route group's
 * (`<group>.ts`, with the route module: app/router.tsx `withMessages`). Everything else, code the
 * app imports lazily (overlays, the search suggestions, the account, checkout and sign-in pages),
 * says its messages from the later catalogue (`more.ts`), which loads at the first interaction and
 * which those lazy imports await (`withLater`, locales/load.ts).
 */
export const ROUTE_GROUPS = {
  page: ['app/routes/page.tsx', 'app/routes/categories.tsx', 'app/routes/suppliers.tsx'],
  // the Offers view's coupons come after mount, not at a tap
  products: ['app/routes/products.tsx', 'features/cart/components/cart-offers.tsx'],
  product: ['app/routes/product.tsx'],
} as const;
export type RouteGroup = keyof typeof ROUTE_GROUPS;
/** Each language's compiled files: `messages` the first, a route group's, `more` the later. */
export type CatalogueFile = 'messages' | RouteGroup | 'more';
export const CATALOGUE_FILES: CatalogueFile[] = ['messages', ...(Object.keys(ROUTE_GROUPS) as RouteGroup[]), 'more'];

const BLOCKS = '../../../packages/blocks/src/';
const STATIC_IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/g;
const DYNAMIC_IMPORT = /import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** A module's path among the sources (relative to apps/web/src) from an import in `file`, or undefined (a package). */
function resolveImport(sources: Record<string, string>, file: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith('.')) base = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
  else if (spec.startsWith('@grocer/blocks/')) base = BLOCKS + spec.slice('@grocer/blocks/'.length);
  else return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((f) => f in sources && /\.tsx?$/.test(f));
}

/** The modules `entries` import statically, themselves included (what loads with them). */
export function staticClosure(sources: Record<string, string>, entries: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !(file in sources)) return;
    seen.add(file);
    for (const m of sources[file]!.matchAll(STATIC_IMPORT)) {
      const to = resolveImport(sources, file, m[1]!);
      if (to) visit(to);
    }
  };
  entries.forEach(visit);
  return seen;
}

/** The lazy imports of the sources: [importing file, imported module]. */
export function lazyImports(sources: Record<string, string>): [string, string][] {
  return Object.entries(sources).flatMap(([file, text]) =>
    [...text.matchAll(DYNAMIC_IMPORT)].flatMap((m) => {
      const to = resolveImport(sources, file, m[1]!);
      return to ? [[file, to] as [string, string]] : [];
    }),
  );
}

/**
 * Splits the messages of the sources (file path relative to apps/web/src → its text) into the
 * compiled files: the first catalogue holds the messages of main.tsx's static imports (and
 * FIRST_SOURCES; never those of LATER_SOURCES); a route group's those of its modules' static
 * imports that the first lacks; the later one every message the first lacks (so a lazily loaded
 * module says its words wherever it is used).
 */
export function splitMessages(sources: Record<string, string>): Record<CatalogueFile, Set<string>> {
  const later = (file: string) => LATER_SOURCES.some((l) => file.startsWith(l));
  const idsOf = (files: Iterable<string>) => new Set([...files].filter((f) => !later(f)).flatMap((f) => extractIds(sources[f]!)));
  const shell = staticClosure(sources, ['main.tsx']);
  const first = idsOf([...shell, ...FIRST_SOURCES.filter((f) => f in sources)]);
  const out = { messages: first } as Record<CatalogueFile, Set<string>>;
  for (const [group, entries] of Object.entries(ROUTE_GROUPS) as [RouteGroup, readonly string[]][]) {
    out[group] = new Set([...idsOf(staticClosure(sources, entries))].filter((id) => !first.has(id)));
  }
  // every message the first lacks: what any lazily loaded module says, wherever it is also used
  out.more = new Set(
    Object.values(sources)
      .flatMap(extractIds)
      .filter((id) => !first.has(id)),
  );
  return out;
}

/** The ICU arguments a message uses (`{name}`, `{count, plural, …}`), sorted. */
export function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (node: unknown) => {
    if (!Array.isArray(node)) return;
    for (const part of node) {
      if (!Array.isArray(part)) continue;
      if (typeof part[0] === 'string') names.add(part[0]);
      const cases = part[2];
      if (cases && typeof cases === 'object') for (const c of Object.values(cases as object)) walk(c);
    }
  };
  walk(compileMessage(message));
  return [...names].sort();
}

/**
 * A compiled catalogue module of Hindi or Kannada, of the messages given, each under its key
 * (`keyOf` its English id; English is said from the ids: lib/i18n.ts), read by locales/reader.ts.
 */
export function compiledModule(catalogue: Record<string, string>, only: Set<string>): string {
  const ids = new Map<string, string>();
  for (const id of Object.keys(catalogue)) {
    const other = ids.get(keyOf(id));
    if (other !== undefined) throw new Error(`Two messages have one key (${keyOf(id)}): '${other}' and '${id}'. Reword one.`);
    ids.set(keyOf(id), id);
  }
  const out: Record<string, unknown> = {};
  for (const [id, message] of Object.entries(catalogue)) {
    if (!message || !only.has(id)) continue;
    const compiled = compileMessage(message);
    out[keyOf(id)] = Array.isArray(compiled) && compiled.length === 1 && typeof compiled[0] === 'string' ? compiled[0] : compiled;
  }
  return [
    `// Generated by \`npm run i18n -w @grocer/web\` from ./messages.json: do not edit.`,
    `import type { Catalogue } from '../reader';`,
    ``,
    `export const messages: Catalogue = JSON.parse(${JSON.stringify(JSON.stringify(out))});`,
    ``,
  ].join('\n');
}
