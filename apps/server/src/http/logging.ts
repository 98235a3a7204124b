import type { FastifyReply, FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type LoggerOptions } from 'pino';
import type { Config } from '../config';

/**
 * Marks the one log line allowed to carry a message's text as it is: the development outbox's
 * (outbox/service.ts), which prints sign-in codes for a developer without SMTP or SMS. It is
 * honoured only when NODE_ENV is development; everywhere else that line is masked like any other.
 */
export const DEV_OUTBOX_LINE = Symbol('dev outbox line');

// Keys whose values never reach the log, wherever they are (compared lower-case, without - and _).
const SECRET_KEYS = new Set(
  [
    'authorization',
    'cookie',
    'set-cookie',
    'x-xsrf-token',
    'xsrf',
    'csrf',
    'password',
    'secret',
    'token',
    'access_token',
    'refresh_token',
    'session',
    'sid',
    'otp',
    'also_code',
    'email',
    'phone',
    'mobile',
    'to',
    'identifier',
    'address',
    'key_secret',
    'webhook_secret',
    'secret_key',
    'api_key',
    'signature',
    'x-razorpay-signature',
    'x-webhook-signature',
  ].map((k) => k.replace(/[-_]/g, '')),
);
// the keys seen, judged once each (a log's keys are a small fixed set: bounded anyway)
const judged = new Map<string, boolean>();
const isSecretKey = (key: string) => {
  let secret = judged.get(key);
  if (secret === undefined) {
    secret = SECRET_KEYS.has(key.toLowerCase().replace(/[-_]/g, ''));
    if (judged.size < 10_000) judged.set(key, secret);
  }
  return secret;
};
const REDACTED = '[redacted]';

// What personal data and secrets look like in free text (messages, URLs, error messages).
const MASKS: Array<[RegExp, string]> = [
  [/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, '$1 [redacted]'],
  [/[\w.%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g, '[email]'],
  // a mobile number: 10 digits (a space or dash in the middle), after +<country>, 91 or 0
  [/(?<![\w.])(?:(?:\+|%2B)\d{1,3}[\s-]?|91|0)?\d{5}[\s-]?\d{5}(?!\w)/g, '[phone]'],
  // a sign-in code (and a pincode: an address's part)
  [/(?<![\w-])\d{6}(?![\w-])/g, '[code]'],
  // a session token, a signature, a key: 32 or more URL-safe characters (not a UUID: request ids)
  [/(?<![\w-])(?![0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![\w-]))[\w-]{32,}/g, '[token]'],
];

/**
 * Whether `text` may hold anything `MASKS` masks, in one pass over its characters (most log
 * text, "request completed", a catalogue URL, holds none: the expressions are not run): an `@`
 * or a `%` (an encoded `@` or `+`), six digits with only spaces, dashes or `+` between them, 32
 * word characters in a row, or a `Bearer`/`Basic`.
 */
function mayHold(text: string): boolean {
  let digits = 0;
  let word = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (++digits >= 6 || ++word >= 32) return true;
    } else if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95) {
      digits = 0;
      if (++word >= 32) return true;
      if ((c === 66 || c === 98) && /^(?:bearer|basic)\s/i.test(text.slice(i, i + 7))) return true;
    } else if (c === 32 || c === 45 || c === 43) {
      // a separator inside a number ("91234 98765"); a dash inside a token
      if (c === 45 && ++word >= 32) return true;
      if (c !== 45) word = 0;
    } else {
      if (c === 64 || c === 37) return true;
      digits = word = 0;
    }
  }
  return false;
}

/** Free text with emails, mobile numbers, 6-digit codes, tokens and credentials masked. */
export function maskText(text: string): string {
  if (!mayHold(text)) return text;
  let out = text;
  for (const [re, by] of MASKS) out = out.replace(re, by);
  return out;
}

const isPlain = (v: object) => {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null || Array.isArray(v);
};

/**
 * A logged value with secret keys' values replaced and personal data masked in its text: plain
 * objects and arrays are walked (a few levels); anything else (a request, a reply, an error) is
 * left to its serializer. The value is copied only where something changes.
 */
export function maskValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskText(value);
  if (!value || typeof value !== 'object' || depth > 5 || !isPlain(value)) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((v, i) => {
      const m = maskValue(v, depth + 1);
      if (m !== v) (copy ??= [...value])[i] = m;
    });
    return copy ?? value;
  }
  const object = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const k in object) {
    if (!Object.prototype.hasOwnProperty.call(object, k)) continue;
    const v = object[k];
    const m = v === undefined || v === null ? v : isSecretKey(k) ? REDACTED : maskValue(v, depth + 1);
    if (m !== v) (copy ??= { ...object })[k] = m;
  }
  return copy ?? value;
}

/**
 * Fastify's logger (pino, JSON lines) as an operator can keep it (DESIGN §11): every request's
 * lines carry its id (`reqId`, Fastify's child logger; the front cache's too), and no personal
 * data or secret is written:
 * - a request is its method, URL (masked) and host: no headers, no client address;
 * - known keys (cookies, authorization, XSRF tokens, emails, phones, codes, addresses, payment
 *   secrets and signatures) are `[redacted]` wherever they are in a logged object (`maskValue`);
 * - emails, mobile numbers, 6-digit codes, long tokens and credentials are masked in messages,
 *   URLs and errors (`maskText`).
 * The one exception is the development outbox's line (`DEV_OUTBOX_LINE`), only with NODE_ENV
 * development.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'env'>,
  stream?: DestinationStream,
): false | (LoggerOptions & { stream?: DestinationStream }) {
  if (config.logLevel === 'silent') return false;
  const devOutbox = config.env === 'development';
  return {
    level: config.logLevel,
    stream,
    // Known keys are redacted by `maskValue` (formatters.log), at any depth, rather than by pino's
    // `redact`: paths under `req` (its headers) cost 13 µs on every request's lines, four times
    // the lines themselves (bench/observability.ts), and the request serializer writes no headers.
    serializers: {
      req: (req: FastifyRequest) => ({ method: req.method, url: maskText(req.url), host: req.host }),
      res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
      // (pino's serialised error is an object of its own class, its causes too: made plain to be walked)
      err: (err: Error) => {
        const serialised: unknown = pino.stdSerializers.err(err);
        return maskValue(serialised && typeof serialised === 'object' ? JSON.parse(JSON.stringify(serialised)) : serialised);
      },
    },
    formatters: {
      log: (object) => maskValue(object) as Record<string, unknown>,
      // a child's bindings (Fastify's per request: the request id, kept as it is)
      bindings: (bindings) => {
        if (Object.keys(bindings).length === 1 && typeof bindings.reqId === 'string') return bindings;
        const { reqId, ...rest } = bindings;
        return { ...(maskValue(rest) as Record<string, unknown>), ...(reqId === undefined ? {} : { reqId }) };
      },
    },
    hooks: {
      logMethod(args, method) {
        const first = args[0] as unknown;
        const plain = devOutbox && !!first && typeof first === 'object' && DEV_OUTBOX_LINE in first;
        if (!plain) for (let i = 0; i < args.length; i++) if (typeof args[i] === 'string') args[i] = maskText(args[i] as string);
        return method.apply(this, args);
      },
    },
  };
}
