/// <reference lib="dom" />
/**
 * The browser client of the /s/api contract (spec §7, DESIGN §4), used by the storefront and the
 * staff app alike.
 */
import type { z } from 'zod';

/** A failed call: any status outside 200-299 (spec §8), with the server's JSON error body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
    message: string,
  ) {
    super(message);
  }
  get code(): string | undefined {
    return (this.data as { code?: string } | null)?.code;
  }
  get fieldErrors(): Record<string, string[]> {
    return ((this.data as { errors?: Record<string, string[]> } | null)?.errors ?? {}) as Record<string, string[]>;
  }
}

/** A response that does not match its contract (spec §5: reported as an error). */
export class ContractError extends Error {}

const readCookie = (name: string) =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);

async function ensureXsrf(force = false) {
  if (force || !readCookie('XSRF-TOKEN')) await fetch('/s/api/cookie', { credentials: 'include', headers: { 'X-Origin': location.origin } });
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
}

/**
 * Calls the API under /s (spec §7): credentials, the page origin in X-Origin, and before a
 * non-GET call the XSRF cookie (fetched first when absent) echoed in X-XSRF-TOKEN.
 */
export async function api<T = unknown>(path: string, opts: RequestOptions<T> = {}): Promise<T> {
  const method = opts.method ?? 'GET';
  const send = async (freshToken: boolean) => {
    const headers: Record<string, string> = { 'X-Origin': location.origin, Accept: 'application/json' };
    if (method !== 'GET') {
      await ensureXsrf(freshToken);
      headers['X-XSRF-TOKEN'] = decodeURIComponent(readCookie('XSRF-TOKEN') ?? '');
    }
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    return fetch(`/s${path}`, { method, headers, credentials: 'include', body: opts.body === undefined ? undefined : JSON.stringify(opts.body), signal: opts.signal });
  };
  let res = await send(false);
  // The session changed under the token (signed out in another tab, expired): one fresh try.
  if (res.status === 403 && method !== 'GET' && res.headers.get('content-type')?.includes('json') && (await res.clone().json().catch(() => null))?.code === 'CSRF_MISMATCH') res = await send(true);
  const text = await res.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // plain-text body: kept as the string (the pincode check shows it as is)
  }
  if (!res.ok) throw new ApiError(res.status, data, typeof data === 'string' ? data : ((data as { message?: string })?.message ?? `Request failed (${res.status})`));
  if (opts.schema) {
    const parsed = opts.schema.safeParse(data);
    if (!parsed.success) throw new ContractError(`Unexpected response from ${path}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    return parsed.data;
  }
  return data as T;
}

/**
 * Like api(), but the schema module is loaded on demand in parallel with the request, so zod
 * stays out of the first-load bundle of pages that do not need it.
 */
export async function apiChecked<T>(path: string, loadSchema: () => Promise<z.ZodType<T>>, opts: Omit<RequestOptions<T>, 'schema'> = {}): Promise<T> {
  const [schema, data] = await Promise.all([loadSchema(), api<unknown>(path, opts)]);
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ContractError(`Unexpected response from ${path}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}
