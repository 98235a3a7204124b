import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Errors } from './errors';
import { requestHost } from './website';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A signed double-submit token (OWASP "signed double-submit cookie"): a random nonce plus an
 * HMAC over the session id and the nonce. A token minted for one session is useless in another.
 */
export function mintXsrfToken(secret: string, sessionId: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${sign(secret, sessionId, nonce)}`;
}

function sign(secret: string, sessionId: string, nonce: string): string {
  return createHmac('sha256', secret).update(`${sessionId}!${nonce}`).digest('base64url');
}

export function verifyXsrfToken(secret: string, sessionId: string, token: string): boolean {
  const [nonce, mac] = token.split('.');
  if (!nonce || !mac) return false;
  const expected = Buffer.from(sign(secret, sessionId, nonce));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function setXsrfCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(XSRF_COOKIE, token, { path: '/', sameSite: 'lax', secure, httpOnly: false });
}

/** Whether the request names an Origin other than this site (an unreadable one counts as foreign). */
function foreignOrigin(req: FastifyRequest): boolean {
  const origin = req.headers.origin;
  if (!origin || origin === 'null') return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return true;
  }
  const own = new Set([String(req.headers.host ?? '').toLowerCase(), requestHost({ headers: { ...req.headers, origin: undefined } })]);
  return !own.has(originHost);
}

/**
 * Refuses a state-changing call unless the header token equals the cookie token and verifies
 * against the caller's session, and unless any Origin it names is this site. Routes that
 * providers call (webhooks) opt out with `config: { csrf: false }`.
 */
export async function checkCsrf(req: FastifyRequest, secret: string): Promise<void> {
  if (SAFE_METHODS.has(req.method)) {
    // The spec's GETs that change state (logout, remove coupon) cannot carry a token; the browser
    // says where they come from (Fetch Metadata, else Origin), so a cross-site one is refused.
    if (req.routeOptions.config?.changesState && (req.headers['sec-fetch-site'] === 'cross-site' || foreignOrigin(req)))
      throw Errors.crossSite();
    return;
  }
  if (req.routeOptions.config?.csrf === false) return;
  if (foreignOrigin(req)) throw Errors.crossSite();
  const header = req.headers[XSRF_HEADER];
  const cookie = req.cookies[XSRF_COOKIE];
  const boundTo = await req.session.csrfId(false);
  if (typeof header !== 'string' || !cookie || header !== cookie || !boundTo || !verifyXsrfToken(secret, boundTo, header)) {
    throw Errors.csrfMismatch();
  }
}
