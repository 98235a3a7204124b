/**
 * The staff app's weight (issue 42, goal 3; prints figures, not a test): reads the built
 * apps/staff/dist (run `npm run build` or `npm run build -w apps/staff` first) and adds up gzip
 * sizes (level 9, as the precompressed `.gz` the server sends) without a browser:
 * - the shell: what index.html loads (its script, module preloads and stylesheets) and every
 *   module those import statically — what any staff screen costs before its own chunks;
 * - the first load of /bos/admin (the shell, Administration's layout and the dashboard's route
 *   chunk with their static imports) and of /pos (the shell and the till's route chunk);
 * - every chunk, largest first, flagged when over its budget (shell ≤ 120 KB, every chunk
 *   ≤ 100 KB), and each route's own first load beyond the shell.
 * The import graph comes from the Vite manifest (dist/.vite/manifest.json) when the build wrote
 * one, else from the built files' own `import` statements. Also writes
 * bench/results/staff-weight.json for summary.ts. Usage: npx tsx bench/staff-weight.ts [--dist DIR] [--files]
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const SHELL_BUDGET_KB = 120;
export const CHUNK_BUDGET_KB = 100;

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const dist = path.resolve(arg('--dist') ?? path.join(import.meta.dirname, '..', 'apps', 'staff', 'dist'));
const listFiles = process.argv.includes('--files');
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`No ${path.join(dist, 'index.html')}: build the staff app first (npm run build -w apps/staff).`);
  process.exit(1);
}

/** One built file: its static and dynamic imports (files relative to dist) and, from the manifest, its source. */
interface Node {
  file: string;
  imports: string[];
  dynamicImports: string[];
  css: string[];
  src?: string;
}
const nodes = new Map<string, Node>();

const manifestFile = path.join(dist, '.vite', 'manifest.json');
if (existsSync(manifestFile)) {
  type Entry = { file: string; src?: string; imports?: string[]; dynamicImports?: string[]; css?: string[] };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Entry>;
  const fileOf = (key: string) => manifest[key]?.file ?? key;
  for (const e of Object.values(manifest))
    nodes.set(e.file, {
      file: e.file,
      src: e.src,
      imports: (e.imports ?? []).map(fileOf),
      dynamicImports: (e.dynamicImports ?? []).map(fileOf),
      css: e.css ?? [],
    });
} else {
  // No manifest: read `import … from "./x.js"`, `import "./x.js"` and `import("./x.js")` in each built chunk.
  const assets = path.join(dist, 'assets');
  for (const name of readdirSync(assets)) {
    if (!name.endsWith('.js')) continue;
    const code = readFileSync(path.join(assets, name), 'utf8');
    const rel = (spec: string) => path.posix.join('assets', spec);
    const imports = [...code.matchAll(/\bimport\s*(?:[^"'()]*?from\s*)?["'](\.\/[^"']+\.js)["']/g)].map((m) => rel(m[1]!));
    const dynamicImports = [...code.matchAll(/\bimport\(\s*["'`](\.\/[^"'`]+\.js)["'`]\s*\)/g)].map((m) => rel(m[1]!));
    nodes.set(`assets/${name}`, { file: `assets/${name}`, imports, dynamicImports, css: [] });
  }
}

const gzCache = new Map<string, number>();
const gz = (file: string): number => {
  let n = gzCache.get(file);
  if (n === undefined) {
    n = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    gzCache.set(file, n);
  }
  return n;
};
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/** The files a set of entry files loads at once: themselves, their static imports (transitively) and their CSS. */
function closure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const n = nodes.get(file);
    if (!n) return;
    n.css.forEach((c) => seen.add(c));
    n.imports.forEach(visit);
  };
  entries.forEach(visit);
  return seen;
}
const total = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + gz(f), 0);

// What index.html loads by itself: /staff/assets/… in script src, modulepreload and stylesheet hrefs.
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const htmlFiles = [...html.matchAll(/(?:src|href)="\/staff\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
const shell = closure(htmlFiles);

// Route chunks: the files the router (or any chunk) imports dynamically, named by their source.
const dynamic = new Set([...nodes.values()].flatMap((n) => n.dynamicImports));
// without a manifest a route chunk is known by its name: src/app/routes/pos.tsx → assets/pos-<hash>.js
const bySrc = (src: string) =>
  [...nodes.values()].find((n) => n.src === src)?.file ??
  [...nodes.values()].find(
    (n) =>
      !n.src && n.file.replace(/^assets\/(.+)-[\w-]{8}\.js$/, '$1') === path.basename(src).replace(/\.tsx?$/, '') && dynamic.has(n.file),
  )?.file;
/** A route's first load: the shell and the route's chunks with their static imports. */
function firstLoad(srcs: string[]): { files: Set<string>; missing: string[] } {
  const files = srcs.map(bySrc);
  const missing = srcs.filter((_, i) => !files[i]);
  return { files: new Set([...shell, ...closure(files.filter((f): f is string => !!f))]), missing };
}

const label = (file: string) => nodes.get(file)?.src?.replace(/^.*node_modules\//, '') ?? file;

const shellKB = kb(total(shell));
const shellJsKB = kb(total([...shell].filter((f) => f.endsWith('.js'))));
const firstLoads = [
  ['/bos/admin (dashboard)', ['src/app/layout.tsx', 'src/app/routes/dashboard.tsx']],
  ['/bos/admin/orders', ['src/app/layout.tsx', 'src/app/routes/orders.tsx']],
  ['/bos/admin/products/:id', ['src/app/layout.tsx', 'src/app/routes/product.tsx']],
  ['/pos', ['src/app/routes/pos.tsx']],
  ['/page-builder/pages/:id', ['src/app/routes/builder-page.tsx']],
] as const;
const loads = firstLoads.map(([name, srcs]) => {
  const { files, missing } = firstLoad([...srcs]);
  return { name, kb: kb(total(files)), files: files.size, missing };
});

const assets = readdirSync(path.join(dist, 'assets'))
  .filter((n) => /\.(js|css)$/.test(n))
  .map((n) => `assets/${n}`);
const chunks = assets
  .map((file) => ({
    file,
    source: label(file),
    kind: shell.has(file) ? 'shell' : dynamic.has(file) ? 'route' : 'shared',
    kb: kb(gz(file)),
    // a route's own load beyond the shell: its chunk and its static imports not in the shell
    beyondShellKB: dynamic.has(file) ? kb(total([...closure([file])].filter((f) => !shell.has(f)))) : undefined,
  }))
  .sort((a, b) => b.kb - a.kb);
const over = chunks.filter((c) => c.kb > CHUNK_BUDGET_KB);

console.log(
  `\nStaff app weight (gzip -9) from ${path.relative(process.cwd(), dist) || '.'}, graph from ${existsSync(manifestFile) ? 'the Vite manifest' : 'the built imports'}\n`,
);
console.log(
  `shell (index.html + static imports)`.padEnd(42),
  `${shellKB} KB`.padStart(10),
  `(JS ${shellJsKB} KB, ${shell.size} files)`.padEnd(24),
  shellKB <= SHELL_BUDGET_KB ? `within ${SHELL_BUDGET_KB} KB` : `OVER ${SHELL_BUDGET_KB} KB`,
);
for (const l of loads)
  console.log(
    `first load ${l.name}`.padEnd(42),
    `${l.kb} KB`.padStart(10),
    `(${l.files} files)`.padEnd(24),
    l.missing.length ? `not found: ${l.missing.join(', ')}` : '',
  );
console.log(`\nChunks over ${CHUNK_BUDGET_KB} KB: ${over.length ? over.map((c) => `${c.file} ${c.kb} KB`).join(', ') : 'none'}`);
// Chunks that import each other (statically) can run a module before one it needs: a bundling fault to fix.
const cycles: string[] = [];
{
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of nodes.get(file)?.imports ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].map(label).join(' → '));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of nodes.keys()) if (!state.has(file)) visit(file);
}
console.log(`Chunks importing each other: ${cycles.length ? cycles.join('; ') : 'none'}`);
const routes = chunks.filter((c) => c.kind === 'route');
console.log(`\nRoute chunks, largest first (own gzip; with its static imports beyond the shell)\n`);
for (const c of routes)
  console.log(`${c.kb}`.padStart(7), 'KB', `${c.beyondShellKB}`.padStart(7), 'KB ', c.kb > CHUNK_BUDGET_KB ? 'OVER' : '    ', c.source);
if (listFiles) {
  console.log(`\nEvery built file, largest first (shell / route / shared)\n`);
  for (const c of chunks)
    console.log(
      `${c.kb}`.padStart(7),
      'KB',
      c.kind.padEnd(6),
      c.kb > CHUNK_BUDGET_KB ? 'OVER' : '    ',
      c.file,
      c.source === c.file ? '' : c.source,
    );
}
mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
writeFileSync(
  path.join(import.meta.dirname, 'results', 'staff-weight.json'),
  JSON.stringify({ shellKB, shellJsKB, firstLoads: loads, largestChunkKB: chunks[0]?.kb ?? 0, over, cycles, chunks }, null, 2),
);
