/** One item of a Sentry envelope: its header and its payload bytes. */
export interface EnvelopeItem {
  header: { type?: string; length?: number; [k: string]: unknown };
  payload: Buffer;
}

/**
 * Parses a Sentry envelope (newline-separated: the envelope header, then per item a header line and
 * a payload that is `length` bytes when the header says so, else up to the next newline).
 * Throws on a malformed header. With `maxEvents`, reading stops once that many `event` items are
 * read and `truncated` says whether anything was left unread (reading 3,000 items costs a few
 * ms of the event loop a request).
 */
export function parseEnvelope(
  body: Buffer,
  maxEvents = Infinity,
): { header: Record<string, unknown>; items: EnvelopeItem[]; truncated: boolean } {
  let at = 0;
  const line = () => {
    const end = body.indexOf(0x0a, at);
    const stop = end === -1 ? body.length : end;
    const out = body.subarray(at, stop);
    at = stop + 1;
    return out;
  };
  const header: unknown = JSON.parse(line().toString('utf8'));
  // an envelope's first line is a JSON object (`null`, a number or a list is not an envelope)
  if (header === null || typeof header !== 'object' || Array.isArray(header)) throw new Error('not an envelope header');
  const items: EnvelopeItem[] = [];
  let events = 0;
  while (at < body.length) {
    if (events >= maxEvents) return { header: header as Record<string, unknown>, items, truncated: !blankFrom(body, at) };
    const raw = line().toString('utf8').trim();
    if (!raw) continue;
    const itemHeader = JSON.parse(raw) as EnvelopeItem['header'] | null;
    if (itemHeader === null || typeof itemHeader !== 'object') throw new Error('not an envelope item header');
    let payload: Buffer;
    if (typeof itemHeader.length === 'number') {
      payload = body.subarray(at, at + itemHeader.length);
      at += itemHeader.length + 1;
    } else payload = line();
    items.push({ header: itemHeader, payload });
    if (itemHeader.type === 'event') events++;
  }
  return { header: header as Record<string, unknown>, items, truncated: false };
}

/** Whether the bytes from `at` on are only whitespace. */
function blankFrom(body: Buffer, at: number): boolean {
  for (let i = at; i < body.length; i++) if (![0x20, 0x0a, 0x0d, 0x09].includes(body[i]!)) return false;
  return true;
}

/** A DSN's parts: the public key, the project id and where its envelopes go. */
export function parseDsn(dsn: string): { publicKey: string; projectId: string; host: string; envelopeUrl: string } | null {
  try {
    const u = new URL(dsn);
    const parts = u.pathname.split('/').filter(Boolean);
    const projectId = parts.pop();
    if (!u.username || !projectId) return null;
    const base = parts.length ? `/${parts.join('/')}` : '';
    return { publicKey: u.username, projectId, host: u.host, envelopeUrl: `${u.protocol}//${u.host}${base}/api/${projectId}/envelope/` };
  } catch {
    return null;
  }
}
