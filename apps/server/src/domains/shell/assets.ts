import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * A built app's hashed files (`<dist>/assets`) under `prefix`: sent precompressed when the browser
 * takes it, cached for a year (a new build has new names). Nothing is registered before a build.
 * Only the first app registered may decorate the reply with `sendFile` (`decorateReply`).
 */
export async function serveBuiltAssets(app: FastifyInstance, dist: string, prefix: string, opts: { decorateReply?: boolean } = {}) {
  const root = path.join(dist, 'assets');
  if (!existsSync(root)) return;
  await app.register(fastifyStatic, {
    root,
    prefix,
    index: false,
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    decorateReply: opts.decorateReply ?? false,
    setHeaders: (res) => res.header('cache-control', 'public, max-age=31536000, immutable'),
  });
}
