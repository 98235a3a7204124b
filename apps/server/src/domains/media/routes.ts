import { IMAGE_SIZES, IMAGE_WIDTHS, PLACEHOLDER_IMAGE, type ImageSize } from '@grocer/shared/image';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { Errors } from '../../http/errors';
import { PLACEHOLDER_SVG } from '../../seed/images';
import { safeKey, type MediaStorage } from './storage';
import { variantFile, type VariantFormat } from './variants';

/** avif when the client accepts it, then webp, else png (every browser). */
export function pickFormat(accept: string | undefined): VariantFormat {
  const a = accept ?? '';
  if (a.includes('image/avif')) return 'avif';
  if (a.includes('image/webp')) return 'webp';
  return 'png';
}

/**
 * GET /media/{size}/{path}: resized variants of the originals in `storage` (the local folder or
 * S3), made once with sharp and cached on this process's disk under mediaDir/.cache. Immutable: a
 * changed image gets a new path. Whatever the original was, the answer is a raster image sharp
 * wrote (never SVG or HTML), sent with its own image type and `nosniff`.
 */
export async function registerMedia(app: FastifyInstance, opts: { mediaDir: string; storage: MediaStorage }) {
  const inflight = new Map<string, Promise<Buffer | null>>();

  app.get<{ Params: { size: string; '*': string } }>('/media/:size/*', async (req, reply) => {
    const size = req.params.size as ImageSize;
    if (!IMAGE_SIZES.includes(size)) throw Errors.notFound('Unknown image size');
    const rel = safeKey(req.params['*'] ?? '');
    if (!rel) throw Errors.notFound('Image not found');

    const format = pickFormat(req.headers.accept);
    const cacheFile = variantFile(opts.mediaDir, size, format, rel);
    let body: Buffer | null;
    if (existsSync(cacheFile)) body = await readFile(cacheFile);
    else {
      // One read and resize per variant even when many requests for it arrive together.
      let job = inflight.get(cacheFile);
      if (!job) {
        job = (async () => {
          const input = (await opts.storage.get(rel)) ?? (rel === PLACEHOLDER_IMAGE ? Buffer.from(PLACEHOLDER_SVG) : null);
          if (!input) return null;
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
    if (!body) throw Errors.notFound('Image not found');
    const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`;
    reply
      .header('vary', 'Accept')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox");
    if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type(`image/${format}`).send(body);
  });
}
