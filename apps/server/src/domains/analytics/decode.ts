import { gunzipSync } from 'node:zlib';

/** One event as posthog-js sends it (`/e/`, `/batch/`, `/i/v0/e/`). */
export interface PosthogEvent {
  event: string;
  uuid?: string;
  distinct_id?: string;
  timestamp?: string;
  properties?: Record<string, unknown>;
}

/**
 * The events in a posthog-js request body, whichever way it was encoded: gzip (`compression=gzip-js`
 * or gzip magic bytes), a form with `data=` holding base64 of the JSON (sendBeacon), base64 alone
 * (`compression=base64`), or plain JSON; the JSON is one event, a list, or `{ batch: [...] }`.
 * Anything unreadable is no events.
 */
export function decodePosthogBody(body: Buffer, contentType = '', query: Record<string, unknown> = {}): PosthogEvent[] {
  let text: string;
  try {
    const gzip = query.compression === 'gzip-js' || query.compression === 'gzip' || (body[0] === 0x1f && body[1] === 0x8b);
    text = gzip ? gunzipSync(body).toString('utf8') : body.toString('utf8');
    if (contentType.includes('application/x-www-form-urlencoded') || text.startsWith('data=')) {
      const data = new URLSearchParams(text).get('data') ?? '';
      text = fromBase64(data);
    } else if (query.compression === 'base64') text = fromBase64(text);
  } catch {
    return [];
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    try {
      json = JSON.parse(fromBase64(text));
    } catch {
      return [];
    }
  }
  const list = Array.isArray(json)
    ? json
    : json && typeof json === 'object' && Array.isArray((json as { batch?: unknown }).batch)
      ? (json as { batch: unknown[] }).batch
      : [json];
  return list.filter((e): e is PosthogEvent => !!e && typeof e === 'object' && typeof (e as PosthogEvent).event === 'string');
}

/** posthog-js's base64 is of the UTF-8 bytes (btoa over percent-decoded code units). */
const fromBase64 = (s: string) => Buffer.from(s, 'base64').toString('utf8');
