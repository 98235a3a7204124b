import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteFontsSchema } from '@grocer/shared/site-settings';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { primaryFontFamily } from '@grocer/shared/theme';
import { Errors } from '../../http/errors';

/**
 * Site fonts a shop can choose besides Inter (which the web app bundles), served from npm
 * packages by this server: nothing is fetched from the web. Latin, normal style; a variable
 * font is one file, a static one a file per weight of spec §9 (400–800).
 */
const PACKAGES = [
  '@fontsource-variable/dm-sans',
  '@fontsource-variable/montserrat',
  '@fontsource-variable/noto-sans',
  '@fontsource-variable/nunito',
  '@fontsource-variable/open-sans',
  '@fontsource-variable/roboto',
  '@fontsource-variable/rubik',
  '@fontsource-variable/work-sans',
  '@fontsource/hind',
  '@fontsource/lato',
  '@fontsource/mukta',
  '@fontsource/poppins',
];
const WEIGHTS = [400, 500, 600, 700, 800];

interface SiteFont {
  family: string;
  /** file name → absolute path */
  files: Map<string, string>;
  /** the @font-face rules and the preload of the regular weight, for the page head */
  head: string;
  /** the @font-face rules alone (the staff app's font preview) */
  css: string;
}

interface Metadata {
  id: string;
  family: string;
  variable: false | { wght?: { min: string; max: string } };
}

const require = createRequire(import.meta.url);
let registry: Map<string, SiteFont> | undefined;

function load(pkg: string): SiteFont | null {
  let dir: string;
  try {
    dir = path.dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    return null;
  }
  const meta = JSON.parse(readFileSync(path.join(dir, 'metadata.json'), 'utf8')) as Metadata;
  const version = (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  const range = (JSON.parse(readFileSync(path.join(dir, 'unicode.json'), 'utf8')) as Record<string, string>).latin;
  const faces: Array<{ file: string; weight: string }> =
    meta.variable && meta.variable.wght
      ? [{ file: `${meta.id}-latin-wght-normal.woff2`, weight: `${meta.variable.wght.min} ${meta.variable.wght.max}` }]
      : WEIGHTS.map((w) => ({ file: `${meta.id}-latin-${w}-normal.woff2`, weight: String(w) }));
  const files = new Map<string, string>();
  for (const f of faces) if (existsSync(path.join(dir, 'files', f.file))) files.set(f.file, path.join(dir, 'files', f.file));
  const present = faces.filter((f) => files.has(f.file));
  if (!present.length || !range) return null;
  const url = (file: string) => `/fonts/${file}?v=${version}`;
  const rules = present.map(
    (f) =>
      `@font-face{font-family:'${meta.family}';font-style:normal;font-display:swap;font-weight:${f.weight};src:url(${url(f.file)}) format('woff2');unicode-range:${range}}`,
  );
  const regular = present.find((f) => f.weight === '400') ?? present[0]!;
  const head = `<link rel="preload" as="font" type="font/woff2" crossorigin href="${url(regular.file)}">\n    <style id="site-font">${rules.join('')}</style>`;
  return { family: meta.family, files, head, css: rules.join('') };
}

function fonts(): Map<string, SiteFont> {
  if (!registry) {
    registry = new Map();
    for (const pkg of PACKAGES) {
      const font = load(pkg);
      if (font) registry.set(font.family.toLowerCase(), font);
    }
  }
  return registry;
}

/** The families served here (besides Inter), by their proper names. */
export function bundledFontFamilies(): string[] {
  return [...fonts().values()].map((f) => f.family).sort();
}

/** Every bundled family with the @font-face rules that load it (Website Settings' font preview). */
export function siteFontFaces(): Array<{ family: string; css: string }> {
  return [...fonts().values()].map((f) => ({ family: f.family, css: f.css })).sort((a, b) => a.family.localeCompare(b.family));
}

/** The head tags that load a website's font, or '' for Inter and for a family not bundled (the device's own font, if it has it, is used). */
export function siteFontHead(fontFamily: string | null | undefined): string {
  return fonts().get(primaryFontFamily(fontFamily).toLowerCase())?.head ?? '';
}

/** GET /fonts/{file}: the bundled font files, cached for good (their URLs carry the package version). */
export function registerFonts(app: FastifyInstance) {
  app.get<{ Params: { file: string } }>('/fonts/:file', async (req, reply) => {
    for (const font of fonts().values()) {
      const file = font.files.get(req.params.file);
      if (file) return reply.type('font/woff2').header('cache-control', 'public, max-age=31536000, immutable').send(readFileSync(file));
    }
    throw Errors.routeNotFound('GET', `/fonts/${req.params.file}`);
  });
}

/** GET /builder/fonts (Website Settings' font picker): the bundled families and their faces, a staff call in the staff scope. */
export const fontAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/builder/fonts', { schema: { response: { 200: siteFontsSchema } } }, async () => ({ data: siteFontFaces() }));
};
