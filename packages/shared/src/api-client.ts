/// <reference lib="dom" />
/**
 * The browser client of the /s/api contract (spec §7, DESIGN §4), used by the storefront and the
 * staff app alike.
 */
import type { ErrorCode } from './errors';
import type { z } from 'zod';

/** A field of a parsed JSON answer, whatever its shape (undefined when absent). */
export function field(data: unknown, key: string): unknown {
  return data !== null && typeof data === 'object' ? Object.getOwnPropertyDescriptor(data, key)?.value : undefined;
}

const isCatalogueCode = (code: unknown): code is ErrorCode => typeof code === 'string' && code !== '';

/** A failed call: any status outside 200-299 (spec §8), with the server's error body as `data`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    super(`Request failed (${status})`);
  }
  /**
   * The catalogue code of the server's `{ message, code, errors? }` body (DESIGN §4), typed by
   * the shared catalogue without loading it (first-load budget): every code the server sends
   * comes from it, and any other string matches no case the app switches on.
   */
  get code(): ErrorCode | undefined {
    const code = field(this.data, 'code');
    return isCatalogueCode(code) ? code : undefined;
  }
  get fieldErrors(): Record<string, string[]> {
    const errors = field(this.data, 'errors');
    const out: Record<string, string[]> = {};
    if (errors !== null && typeof errors === 'object') {
      for (const [k, v] of Object.entries(errors)) if (Array.isArray(v)) out[k] = v.filter((m) => typeof m === 'string');
    }
    return out;
  }
}

/** A response that does not match its contract (spec §5: reported as an error). */
export class ContractError extends Error {
  override name = 'ContractError';
}

let contractListener: ((e: ContractError) => void) | null = null;
/** The app's error reporter hears every response-shape mismatch (spec §8), wherever it is caught. */
export function onContractError(listener: (e: ContractError) => void): void {
  contractListener = listener;
}

const readCookie = (name: string) =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);

async function ensureXsrf(force = false) {
  if (force || !readCookie('XSRF-TOKEN'))
    await fetch('/s/api/cookie', { credentials: 'include', headers: { 'X-Origin': location.origin } });
}

/**
 * The headers of a non-GET call for a client other than `api` (an upload through XMLHttpRequest,
 * for its progress events): the page origin and the XSRF token, fetched first when absent.
 */
export async function writeHeaders(freshToken = false): Promise<Record<string, string>> {
  await ensureXsrf(freshToken);
  return { 'X-Origin': location.origin, 'X-XSRF-TOKEN': decodeURIComponent(readCookie('XSRF-TOKEN') ?? ''), Accept: 'application/json' };
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Calls the API under /s (spec §7): credentials, the page origin in X-Origin, and before a
 * non-GET call the XSRF cookie (fetched first when absent) echoed in X-XSRF-TOKEN. Answers the
 * body, unread: calls whose answer is used go through `apiChecked`.
 */
export async function api(path: string, opts: RequestOptions = {}): Promise<unknown> {
  const method = opts.method ?? 'GET';
  const send = async (freshToken: boolean) => {
    const headers: Record<string, string> = { 'X-Origin': location.origin, Accept: 'application/json' };
    if (method !== 'GET') {
      await ensureXsrf(freshToken);
      headers['X-XSRF-TOKEN'] = decodeURIComponent(readCookie('XSRF-TOKEN') ?? '');
    }
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    return fetch(`/s${path}`, {
      method,
      headers,
      credentials: 'include',
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  };
  let res = await send(false);
  // The session changed under the token (signed out in another tab, expired): one fresh try.
  if (
    res.status === 403 &&
    method !== 'GET' &&
    res.headers.get('content-type')?.includes('json') &&
    new ApiError(
      403,
      await res
        .clone()
        .json()
        .catch(() => null),
    ).code === 'CSRF_MISMATCH'
  )
    res = await send(true);
  const text = await res.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // plain-text body: kept as the string (the pincode check shows it as is)
  }
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

/**
 * Calls the API and parses the answer with its shared contract (DESIGN §2: the zod schema the
 * server answers with). The schema module is loaded on demand, in parallel with the request, so
 * zod stays out of the storefront's first-load bundle.
 */
export async function apiChecked<T>(path: string, loadSchema: () => Promise<z.ZodType<T>>, opts: RequestOptions = {}): Promise<T> {
  const [schema, data] = await Promise.all([loadSchema(), api(path, opts)]);
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const e = new ContractError(`Unexpected response from ${path}: ${issue ? `${issue.path.join('.')} ${issue.message}` : 'invalid'}`);
    contractListener?.(e);
    throw e;
  }
  return parsed.data;
}
