import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * A browser-like client over app.inject: keeps cookies, and before a non-GET call fetches
 * /s/api/cookie when it has no XSRF-TOKEN yet, then echoes it (spec §7).
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly headers: Record<string, string> = {},
  ) {}

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private remember(res: LightMyRequestResponse) {
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now());
      if (expired || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  async request(opts: InjectOptions & { method: string; url: string }): Promise<LightMyRequestResponse> {
    const method = opts.method.toUpperCase();
    if (method !== 'GET' && method !== 'HEAD' && !this.cookies.has('XSRF-TOKEN')) {
      this.remember(
        await this.app.inject({ method: 'GET', url: '/s/api/cookie', headers: { ...this.headers, cookie: this.cookieHeader() } }),
      );
    }
    const headers: Record<string, string> = { ...this.headers, ...(opts.headers as Record<string, string>), cookie: this.cookieHeader() };
    if (method !== 'GET' && this.cookies.has('XSRF-TOKEN')) headers['x-xsrf-token'] ??= this.cookies.get('XSRF-TOKEN')!;
    const res = await this.app.inject({ ...opts, method: method as InjectOptions['method'], headers });
    this.remember(res);
    return res;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request({ method: 'GET', url, headers });
  }

  post(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers });
  }

  put(url: string, payload?: unknown) {
    return this.request({ method: 'PUT', url, payload: payload as InjectOptions['payload'] });
  }

  patch(url: string, payload?: unknown) {
    return this.request({ method: 'PATCH', url, payload: payload as InjectOptions['payload'] });
  }

  delete(url: string) {
    return this.request({ method: 'DELETE', url });
  }
}
