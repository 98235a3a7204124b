import { ERRORS, errorMessage } from '@grocer/shared/errors';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppError } from './errors';
import { Errors, fail, registerErrorHandling } from './errors';

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
});
