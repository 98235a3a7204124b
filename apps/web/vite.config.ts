import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { preactAliases } from './preact-aliases.js';
import { LANGUAGE_FONT_PRELOAD, NOTO_VERSION } from '../../packages/shared/src/language-fonts';

// react-router 7 exports only its development build, whose dev warnings (ENABLE_DEV_WARNINGS)
// stay in a production bundle (remix-run/react-router#12532, #14102): a build takes the
// production build it ships beside it instead, the same code with the warnings compiled out.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/**
 * Marks every built chunk for eager compilation on a background thread while it streams in (V8
 * explicit compile hints, `//# allFunctionsCalledOnLoad`, first line of the file): the functions
 * hydration calls are compiled before it runs instead of on the main thread as it runs.
 */
function compileHints(): Plugin {
  const hint = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'compile-hints',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const file = path.join(options.dir!, chunk.fileName);
        writeFileSync(file, hint + readFileSync(file, 'utf8'));
      }
    },
  };
}

/**
 * The icons a page names (`components/ui/icon-set.ts`, lucide's `dynamicIconImports` map) become
 * modules apart from the same icons the app imports by name (`import { Truck } from 'lucide-react'`):
 * otherwise the bundler splits each icon both import into a file of its own, and the first load
 * fetches those small files instead of finding the icons inside the chunks that draw them.
 */
function namedIconsApart(): Plugin {
  return {
    name: 'named-icons-apart',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer?.endsWith('/lucide-react/dist/esm/dynamicIconImports.mjs') || !source.startsWith('./icons/')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && { ...resolved, id: `${resolved.id}?icon` };
    },
  };
}

/**
 * react-router feature-detects React 19's `use` and `useOptimistic` (`React.use` is read and
 * checked before use), which Preact's compat runtime does not have: undefined is the answer it
 * expects, so the bundler's "will always be undefined" notice for exactly these two is noise.
 */
const PREACT_MISSING_HOOKS =
  /Import `(use|useOptimistic)` will always be undefined because there is no matching export in '[^']*preact\/compat\//;

/**
 * The Hindi and Kannada faces keep a name without a hash, versioned by their package, so the
 * server can preload them on pages in that language (shared/language-fonts.ts) without reading
 * this build's manifest; the build fails if the package and that name disagree.
 */
function notoFileName(name: string | undefined): string | null {
  if (!name || !/^noto-sans-(devanagari|kannada)-/.test(name)) return null;
  const pkg = name.startsWith('noto-sans-devanagari') ? 'devanagari' : 'kannada';
  const require = createRequire(import.meta.url);
  const { version } = require(`@fontsource-variable/noto-sans-${pkg}/package.json`) as { version: string };
  if (version !== NOTO_VERSION)
    throw new Error(`@fontsource-variable/noto-sans-${pkg} is ${version}: set NOTO_VERSION in packages/shared/src/language-fonts.ts`);
  return `assets/${name.replace(/\.woff2$/, '')}-${version}.woff2`;
}
const notoPreloads = Object.values(LANGUAGE_FONT_PRELOAD);

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), compileHints(), namedIconsApart()],
  // The storefront runs on Preact's React-compatible runtime: the same components and libraries
  // for about a tenth of react-dom's bytes on the first load (DESIGN §9 budget).
  resolve: {
    alias: [...preactAliases, ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [])],
  },
  // The server renderer (entry-server.tsx) carries its dependencies, so they resolve to Preact too.
  ssr: { noExternal: true },
  server: { proxy: { '/s/': 'http://localhost:3000', '/media/': 'http://localhost:3000' } },
  // manifest: the server preloads each route's chunks in the HTML head (no request waterfall).
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        // The modules every first load runs (main.tsx's static imports) in the entry's chunk, not a
        // dozen shared ones: each file costs its own gzip dictionary, imports and exports (about
        // 5 KB gzip on every page, issue 46 / DESIGN §9 budget). Lazy chunks import them from it.
        ...(isSsrBuild ? {} : { codeSplitting: { groups: [{ name: 'index', tags: ['$initial' as const] }] } }),
        assetFileNames: (asset) => {
          const noto = notoFileName(asset.names[0]);
          if (noto && !notoPreloads.includes(`/${noto}`)) throw new Error(`${noto} is not the preloaded name`);
          return noto ?? 'assets/[name]-[hash][extname]';
        },
      },
      onwarn(warning, warn) {
        if (warning.code === 'IMPORT_IS_UNDEFINED' && PREACT_MISSING_HOOKS.test(warning.message)) return;
        warn(warning);
      },
    },
  },
}));
