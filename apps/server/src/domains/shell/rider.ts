import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import { Errors } from '../../http/errors';
import { escapeHtml } from './head';
import { serveBuiltAssets } from './assets';

/** What the rider's page may run: its own chunks only (no inline script, no third party). */
export const RIDER_CSP = ["script-src 'self'", "object-src 'none'", "base-uri 'self'", "frame-ancestors 'self'"].join('; ');

/**
 * The rider's phone app (apps/rider, issue 45; docs/delivery-trips.md): its hashed assets under
 * /rider/assets/ (immutable, precompressed), its manifest and icon, and its HTML for /rider and
 * every path under it (the app routes in the browser). The page carries nothing personal (the app
 * asks /s/api/rider/* who is signed in) but is never cached by a proxy nor indexed.
 */
export async function registerRiderShell(app: FastifyInstance, opts: { config: Config }) {
  const dist = opts.config.riderDist;
  await serveBuiltAssets(app, dist, '/rider/assets/');
  const file = (name: string) => {
    const p = path.join(dist, name);
    return existsSync(p) ? readFileSync(p) : undefined;
  };
  let template: string | undefined;

  const shell = async (req: FastifyRequest, reply: FastifyReply) => {
    template ??= file('index.html')?.toString('utf8');
    if (!template) throw Errors.unavailable('The rider app is not built yet: run `npm run build`.');
    const page = template.replace('<title>Rider</title>', () => `<title>Rider | ${escapeHtml(req.website.name)}</title>`);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-robots-tag', 'noindex')
      .header('content-security-policy', RIDER_CSP)
      .send(page);
  };
  // Not hashed: revalidated after a day, so a new build's manifest or icon is picked up.
  const publicFile = (name: string, type: string) => async (_req: FastifyRequest, reply: FastifyReply) => {
    const body = file(name);
    if (!body) throw Errors.notFound();
    return reply.type(type).header('cache-control', 'public, max-age=86400').send(body);
  };
  app.get(
    '/rider/manifest.webmanifest',
    { schema: { hide: true } },
    publicFile('manifest.webmanifest', 'application/manifest+json; charset=utf-8'),
  );
  app.get('/rider/icon.svg', { schema: { hide: true } }, publicFile('icon.svg', 'image/svg+xml'));
  // Pages, not API calls: kept out of the OpenAPI document of /s/api.
  app.get('/rider', { schema: { hide: true } }, shell);
  app.get('/rider/*', { schema: { hide: true } }, shell);
}
