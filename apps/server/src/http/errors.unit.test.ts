import { ERRORS, errorMessage } from '@grocer/shared/errors';
import Fastify from 'fastify';
import { connect } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { AppError } from './errors';
import { AppError as AppErrorClass, Errors, fail, registerErrorHandling } from './errors';

/** Answers what `make` throws, through the real error handler. */
async function answer(make: () => AppError) {
  const app = Fastify();
  registerErrorHandling(app);
  app.get('/x', async () => {
    throw make();
  });
  const res = await app.inject({ url: '/x' });
  await app.close();
  return { status: res.statusCode, body: res.json() };
}

describe('errors come from the shared catalogue', () => {
  it('sends each code with its catalogue status and message', async () => {
    expect(await answer(() => fail('ADDRESS_NOT_FOUND'))).toEqual({
      status: 404,
      body: { code: 'ADDRESS_NOT_FOUND', message: 'Address not found' },
    });
    expect(await answer(() => fail('NOT_DELIVERABLE', { pincode: '999999' }))).toEqual({
      status: 409,
      body: { code: 'NOT_DELIVERABLE', message: errorMessage('NOT_DELIVERABLE', { pincode: '999999' }) },
    });
    expect(await answer(() => fail('SLOT_INVALID').withErrors({ slot: ['Choose one'] }))).toEqual({
      status: 422,
      body: { code: 'SLOT_INVALID', message: errorMessage('SLOT_INVALID'), errors: { slot: ['Choose one'] } },
    });
  });

  it('the helpers keep their names and answer with the catalogue status', () => {
    const made: AppError[] = [
      Errors.notFound(),
      Errors.notFound('Page not found'),
      Errors.routeNotFound('GET', '/nope'),
      Errors.websiteNotFound(),
      Errors.csrfMismatch(),
      Errors.crossSite(),
      Errors.unauthenticated(),
      Errors.forbidden(),
      Errors.invalid({ name: ['Name is required'] }),
      Errors.conflict('SLOT_FULL', 'Taken'),
      Errors.rateLimited(undefined, 30),
      Errors.rateLimited('Wait', 5, 'RESEND_COOLDOWN'),
      Errors.unavailable(),
    ];
    for (const e of made) expect(e.statusCode, e.code).toBe(ERRORS[e.code].status);
    expect(Errors.notFound().message).toBe('Not found');
    expect(Errors.invalid({ name: ['Name is required'] }).message).toBe('Name is required');
  });

  it('answers anything unexpected as 500 INTERNAL with the generic message', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/x', async () => {
      throw new Error('secret detail');
    });
    const res = await app.inject({ url: '/x' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL', message: 'Something went wrong' });
    await app.close();
  });

  it('a client that closes its request mid-upload is no error: not logged as one, not reported', async () => {
    const logged: Array<{ level: number; msg: string }> = [];
    const stream = new Writable({
      write(line, _enc, done) {
        logged.push(JSON.parse(String(line)) as { level: number; msg: string });
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream } });
    const reported: Error[] = [];
    registerErrorHandling(app, (e) => reported.push(e));
    app.addContentTypeParser('application/octet-stream', (_req, _payload, done) => done(null));
    let failed!: () => void;
    const handled = new Promise<void>((resolve) => (failed = resolve));
    app.post('/upload', async (req) => {
      try {
        // reads the body as an upload does; the client leaves after 10 of 1,000 bytes
        await pipeline(req.raw, new Writable({ write: (_c, _e, done) => done() }));
      } finally {
        setTimeout(failed, 50);
      }
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: 1000\r\n\r\n0123456789');
    await new Promise((r) => setTimeout(r, 50));
    socket.destroy();
    await handled;
    await app.close();
    expect(reported).toEqual([]);
    expect(logged.filter((l) => l.level >= 50)).toEqual([]);
    expect(logged.map((l) => l.msg)).toContain('the client closed the request');
    expect(logged.map((l) => l.msg)).not.toContain('database unavailable');
  });
});

describe('errors in a shopper’s language (issue 46)', () => {
  async function answerIn(language: 'en' | 'hi', make: () => AppError) {
    const app = Fastify();
    registerErrorHandling(app, undefined, async () => language);
    app.get('/x', async () => {
      throw make();
    });
    const res = await app.inject({ url: '/x' });
    await app.close();
    return { status: res.statusCode, body: res.json() };
  }

  it('words the catalogue’s own message again, and leaves one the caller worded (no details to word it with) as it is', async () => {
    const hindi = await answerIn('hi', () => fail('NOT_DELIVERABLE', { pincode: '999999' }));
    expect(hindi.status).toBe(409);
    expect(hindi.body.message).not.toBe(errorMessage('NOT_DELIVERABLE', { pincode: '999999' }));
    expect(hindi.body.message).toContain('999999');
    for (const language of ['en', 'hi'] as const)
      expect(await answerIn(language, () => new AppErrorClass(409, 'NOT_DELIVERABLE', 'Worded by the caller'))).toEqual({
        status: 409,
        body: { code: 'NOT_DELIVERABLE', message: 'Worded by the caller' },
      });
  });
});
