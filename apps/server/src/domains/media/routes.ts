import { IMAGE_SIZES, IMAGE_WIDTHS, PLACEHOLDER_IMAGE, type ImageSize } from '@grocer/shared/image';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { Errors } from '../../http/errors';
import { PLACEHOLDER_SVG } from '../../seed/images';

type Format = 'avif' | 'webp' | 'png';

/** avif when the client accepts it, then webp, else png (every browser). */
export function pickFormat(accept: string | undefined): Format {
  const a = accept ?? '';
  if (a.includes('image/avif')) return 'avif';
  if (a.includes('image/webp')) return 'webp';
  return 'png';
}

/**
 * GET /media/{size}/{path}: resized variants of originals under mediaDir, made once with sharp and
 * cached on disk under mediaDir/.cache/{size}/{format}/{path}. Immutable: a changed image gets a
 * new path.
 */
export async function registerMedia(app: FastifyInstance, opts: { mediaDir: string }) {
  const root = path.resolve(opts.mediaDir);
  const inflight = new Map<string, Promise<Buffer>>();

  app.get<{ Params: { size: string; '*': string } }>('/media/:size/*', async (req, reply) => {
    const size = req.params.size as ImageSize;
    if (!IMAGE_SIZES.includes(size)) throw Errors.notFound('Unknown image size');
    const rel = path.posix.normalize(req.params['*'] ?? '');
    const source = path.resolve(root, rel);
    if (rel.startsWith('..') || rel.startsWith('.cache') || !source.startsWith(root + path.sep)) throw Errors.notFound('Image not found');
    let input: Buffer;
    if (existsSync(source) && (await stat(source)).isFile()) input = await readFile(source);
    else if (rel === PLACEHOLDER_IMAGE) input = Buffer.from(PLACEHOLDER_SVG);
    else throw Errors.notFound('Image not found');

    const format = pickFormat(req.headers.accept);
    const cacheFile = path.join(root, '.cache', size, format, rel + '.' + format);
    let body: Buffer;
    if (existsSync(cacheFile)) body = await readFile(cacheFile);
    else {
      // One resize per variant even when many requests for it arrive together.
      let job = inflight.get(cacheFile);
      if (!job) {
        job = (async () => {
          const out = await sharp(input, { density: 144 })
            .resize({ width: IMAGE_WIDTHS[size], withoutEnlargement: false })
            .toFormat(format, format === 'avif' ? { quality: 55, effort: 2 } : { quality: 80 })
            .toBuffer();
          await mkdir(path.dirname(cacheFile), { recursive: true });
          const tmp = `${cacheFile}.${process.pid}.tmp`;
          await writeFile(tmp, out);
          await rename(tmp, cacheFile);
          return out;
        })().finally(() => inflight.delete(cacheFile));
        inflight.set(cacheFile, job);
      }
      body = await job;
    }
    const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`;
    reply.header('vary', 'Accept').header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag);
    if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type(`image/${format}`).send(body);
  });
}
