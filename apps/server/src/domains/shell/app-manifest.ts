import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { websiteCache } from '../../http/cache';
import { Errors } from '../../http/errors';
import { badgeSvg } from '../../seed/images';
import { loadStoreData } from '../website/service';

/** Icon sizes of the web app manifest (Android's home screen and splash screen). */
export const APP_ICON_SIZES = [192, 512] as const;
const DEFAULT_COLOUR = '#0f766e';

/**
 * What makes the shop installable ("Add to Home screen"): the web app manifest of the website the
 * host serves, and its icons drawn from the shop's favicon (or logo) on a square of its own, PNG at
 * the manifest's sizes. The service worker itself is the web app's (`apps/web/public/sw.js`).
 */
export function registerAppManifest(app: FastifyInstance, opts: { config: Config; db: Db }) {
  const { config, db } = opts;
  const icons = websiteCache<Buffer>({ ttlMs: 10 * 60_000, maxEntries: 200 });

  app.get('/manifest.webmanifest', async (req, reply) => {
    const store = await loadStoreData(db, req.website.id);
    const name = store.web.name;
    const short = (store.navSetting.footer_name || name).slice(0, 24);
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send({
        name,
        short_name: short,
        description: store.web.description,
        lang: 'en-IN',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: store.activetheme.primary ?? DEFAULT_COLOUR,
        icons: [
          ...APP_ICON_SIZES.map((s) => ({ src: `/app-icon/${s}.png`, sizes: `${s}x${s}`, type: 'image/png', purpose: 'any' })),
          { src: '/app-icon/512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      });
  });

  // The service worker, from the built web app (Vite copies apps/web/public): at the root, so its
  // scope is the whole shop; always revalidated, so a new build's worker is picked up at once.
  const workerFile = path.join(config.webDist, 'sw.js');
  app.get('/sw.js', async (_req, reply) => {
    if (!existsSync(workerFile)) throw Errors.notFound('No service worker in this build');
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await readFile(workerFile));
  });

  app.get<{ Params: { file: string } }>('/app-icon/:file', async (req, reply) => {
    const size = Number(/^(\d+)\.png$/.exec(req.params.file)?.[1]);
    if (!(APP_ICON_SIZES as readonly number[]).includes(size)) throw Errors.notFound('Unknown icon size');
    const websiteId = req.website.id;
    const png = await icons.get(websiteId, String(size), async () => {
      const store = await loadStoreData(db, websiteId);
      return drawIcon(
        await readMedia(config.mediaDir, store.web.favicon || store.web.logo),
        store.web.name,
        store.activetheme.primary,
        size,
      );
    });
    return reply.type('image/png').header('cache-control', 'public, max-age=3600').send(png);
  });
}

/** An original under the media folder, or null (missing, or a path that leaves the folder). */
async function readMedia(mediaDir: string, rel: string): Promise<Buffer | null> {
  if (!rel || /^https?:/.test(rel)) return null;
  const root = path.resolve(mediaDir);
  const file = path.resolve(root, path.posix.normalize(rel));
  if (!file.startsWith(root + path.sep) || !existsSync(file)) return null;
  return readFile(file);
}

/**
 * The source image centred within the middle 80 % of a white square (the safe zone of a maskable
 * icon), or the shop's initials on its colour when it has no usable image.
 */
export async function drawIcon(source: Buffer | null, name: string, colour: string | undefined, size: number): Promise<Buffer> {
  const input = source ?? Buffer.from(badgeSvg({ text: name, colour: colour ?? DEFAULT_COLOUR, size: 400, caption: false }));
  const inner = Math.round(size * 0.8);
  try {
    const art = await sharp(input, { density: 300 })
      .resize(inner, inner, { fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 0 } })
      .png()
      .toBuffer();
    return await sharp({ create: { width: size, height: size, channels: 4, background: '#ffffff' } })
      .composite([{ input: art, gravity: 'centre' }])
      .png()
      .toBuffer();
  } catch {
    // Not an image sharp can read: the initials instead.
    return source ? drawIcon(null, name, colour, size) : Promise.reject(new Error('cannot draw the app icon'));
  }
}
