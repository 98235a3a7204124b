import type { FastifyInstance } from 'fastify';
import { Errors } from './errors';

// PostgreSQL text cannot hold U+0000: a NUL byte that reaches a query fails it (a 500). No field
// of the shop has a use for one, so it is refused at the door, once, for every route and page.
// Nor can jsonb hold half of a surrogate pair ("\ud800" in a body): the audit row of any write
// that records the text would fail, so a string that is not well-formed Unicode is refused too.
const MESSAGE = 'must not contain a NUL character';
const BROKEN = 'must not contain a broken character';
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The paths ('name', 'lines.0.text') of every string in `value` that holds a NUL or a lone surrogate, with the reason. */
function nulPaths(value: unknown, path: string, out: [string, string][]): [string, string][] {
  if (typeof value === 'string') {
    if (value.includes('\0')) out.push([path || 'body', MESSAGE]);
    else if (loneSurrogate.test(value)) out.push([path || 'body', BROKEN]);
  } else if (Array.isArray(value)) value.forEach((v, i) => nulPaths(v, path ? `${path}.${i}` : String(i), out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) nulPaths(v, path ? `${path}.${k}` : k, out);
  return out;
}

/**
 * `decodeURIComponent` for text taken from a URL a second time (a page path, a category link):
 * null when it is malformed ('%E0%A4', '%') or decodes to a NUL, which no stored text holds.
 */
export function decodeUrlText(text: string): string | null {
  try {
    const decoded = decodeURIComponent(text);
    return decoded.includes('\0') ? null : decoded;
  } catch {
    return null;
  }
}

/** The URL (path or query) carries an encoded NUL. */
const urlHasNul = (url: string) => /%00/i.test(url) || url.includes('\0');

/**
 * Refuses NUL bytes: in the URL before anything reads it (an API call answers 422, an HTML page
 * a plain 400 page), in a parsed body before validation (422 naming the fields).
 */
export function refuseNulBytes(app: FastifyInstance) {
  app.addHook('onRequest', async (req, reply) => {
    if (!urlHasNul(req.url)) return;
    if (req.url.startsWith('/s/')) throw Errors.invalid({ url: [`The address ${MESSAGE}`] });
    return reply
      .status(400)
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><html lang="en"><meta charset="utf-8"><title>Bad request</title><h1>Bad request</h1><p>This address is not valid.</p></html>',
      );
  });
  app.addHook('preValidation', async (req) => {
    // raw bytes passed through (the /brgest proxy's stream, the error tunnel's envelope) are not text fields
    if (Buffer.isBuffer(req.body) || typeof (req.body as { pipe?: unknown } | null)?.pipe === 'function') return;
    const bad = nulPaths(req.body, '', []);
    if (bad.length) throw Errors.invalid(Object.fromEntries(bad.map(([p, why]) => [p, [`${p} ${why}`]])));
  });
}
