import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@noek/contracts';
import { listenForTest } from '../testing/http';
import { captureLogger } from '../testing/log-capture';
import type { RunningHttpServer } from '../http/http-server';
import { requestId } from '../http/request-id';
import { errorMiddleware, notFoundHandler } from './error-middleware';
import {
  ConflictError,
  DATABASE_BUSY_MESSAGE,
  DATABASE_UNAVAILABLE_MESSAGE,
  DomainError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  ServiceUnavailableError,
  UnauthenticatedError,
  ValidationError,
} from './domain-error';

let running: RunningHttpServer | undefined;
afterEach(async () => {
  await running?.close(100);
  running = undefined;
});

async function serve(thrown: unknown) {
  const { logger, lines } = captureLogger();
  const app = express();
  app.use(requestId(logger));
  app.use(express.json({ limit: '1kb' }));
  app.post('/boom', () => {
    throw thrown;
  });
  app.get('/async', async () => {
    await Promise.resolve();
    throw thrown;
  });
  app.use(notFoundHandler);
  app.use(errorMiddleware(logger));
  running = await listenForTest(app);
  return { url: running.url, lines };
}

describe('DomainError subclasses', () => {
  it.each([
    [new ValidationError('bad', { email: ['required'] }), 400, 'VALIDATION_FAILED'],
    [new UnauthenticatedError(), 401, 'UNAUTHENTICATED'],
    [new ForbiddenError(), 403, 'FORBIDDEN'],
    [new NotFoundError(), 404, 'NOT_FOUND'],
    [new ConflictError(), 409, 'CONFLICT'],
    [new RateLimitedError('slow down', 12.2), 429, 'RATE_LIMITED'],
    [new ServiceUnavailableError(), 503, 'SERVICE_UNAVAILABLE'],
  ])('%s renders its status and code', async (err, status, code) => {
    const { url } = await serve(err);
    const res = await fetch(`${url}/async`);
    expect(res.status).toBe(status);
    const body = errorBodySchema.parse(await res.json());
    expect(body.code).toBe(code);
    expect(body.requestId).toBe(res.headers.get('x-request-id'));
  });

  it('sends Retry-After and fields for rate limits', async () => {
    const { url } = await serve(new RateLimitedError('Limit reached.', 12.2));
    const res = await fetch(`${url}/async`);
    expect(res.headers.get('retry-after')).toBe('13');
    expect(await res.json()).toMatchObject({
      message: 'Limit reached.',
      fields: { retryAfterSeconds: ['13'] },
    });
  });

  it('keeps custom codes', async () => {
    const { url } = await serve(new DomainError('EMAIL_TAKEN', 409, 'That email is taken.'));
    expect(await (await fetch(`${url}/async`)).json()).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'That email is taken.',
    });
  });

  it('adds details as top-level fields, never over code, message or requestId', async () => {
    const err = new DomainError('BANNED', 403, 'Banned.', {
      details: { reason: 'spam', bannedUntil: null, code: 'X', message: 'Y', requestId: 'Z' },
    });
    const { url } = await serve(err);
    const res = await fetch(`${url}/async`);
    expect(await res.json()).toEqual({
      code: 'BANNED',
      message: 'Banned.',
      reason: 'spam',
      bannedUntil: null,
      requestId: res.headers.get('x-request-id'),
    });
  });
});

describe('errorMiddleware', () => {
  it('answers unknown errors 500 without internals and logs the stack', async () => {
    const { url, lines } = await serve(new Error('password=hunter2 in db at 10.0.0.3'));
    const res = await fetch(`${url}/async`);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('hunter2');
    expect(JSON.parse(text)).toMatchObject({
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
    });
    const logged = lines().find((l) => l.msg === 'unhandled error') as { err: { stack: string } };
    expect(logged.err.stack).toContain('hunter2');
  });

  it('answers non-Error throws 500', async () => {
    const { url } = await serve('a string');
    expect((await fetch(`${url}/async`)).status).toBe(500);
  });

  it('maps malformed JSON to 400 MALFORMED_JSON', async () => {
    const { url } = await serve(new Error('unreached'));
    const res = await fetch(`${url}/boom`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('MALFORMED_JSON');
  });

  it('maps too-large bodies to 413 PAYLOAD_TOO_LARGE', async () => {
    const { url } = await serve(new Error('unreached'));
    const res = await fetch(`${url}/boom`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ a: 'x'.repeat(2000) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('maps an unsupported charset to 415', async () => {
    const { url } = await serve(new Error('unreached'));
    const res = await fetch(`${url}/boom`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=klingon' },
      body: '{}',
    });
    expect(res.status).toBe(415);
    expect((await res.json()).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers a bad %-escape in a path parameter 400, not 500', async () => {
    const { logger } = captureLogger();
    const app = express();
    app.use(requestId(logger));
    app.get('/items/:id', (req, res) => void res.json({ id: req.params.id }));
    app.use(errorMiddleware(logger));
    running = await listenForTest(app);
    const res = await fetch(`${running.url}/items/%E0%A4%A`);
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('BAD_REQUEST');
  });

  it('answers a corrupt gzip body 400', async () => {
    const { url } = await serve(new Error('unreached'));
    const res = await fetch(`${url}/boom`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: '{}',
    });
    expect(res.status).toBe(400);
  });

  it('keeps an upstream SDK error with a 4xx status a 500', async () => {
    const upstream = Object.assign(new Error('Incorrect API key provided'), { status: 401 });
    const { url } = await serve(upstream);
    const res = await fetch(`${url}/async`);
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain('API key');
  });

  /** Errors as Prisma's pg driver adapter surfaces them: the SQLSTATE in the adapter error's cause. */
  const adapterError = (code: string, message: string) =>
    Object.assign(new Error(`Raw query failed. Code: \`${code}\`. Message: \`${message}\``), {
      code: 'P2010',
      meta: {
        driverAdapterError: Object.assign(new Error(message), {
          name: 'DriverAdapterError',
          cause: { kind: 'postgres', code, originalCode: code, severity: 'ERROR', message },
        }),
      },
    });

  it.each([
    ['disk full', adapterError('53100', 'could not extend file "base/16384/2619": No space left on device')],
    ['out of memory', adapterError('53200', 'out of memory')],
    ['too many connections', adapterError('53300', 'sorry, too many clients already')],
    [
      'a transaction that could not start in time (every connection busy)',
      Object.assign(new Error('Transaction API error: Unable to start a transaction in the given time.'), {
        code: 'P2028',
        meta: {},
      }),
    ],
    [
      'a class-53 error from node-postgres',
      Object.assign(new Error('no space'), { code: '53100', severity: 'ERROR' }),
    ],
  ])('answers %s 503 with Retry-After, never 500', async (_name, err) => {
    const { url, lines } = await serve(err);
    const res = await fetch(`${url}/async`);
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(errorBodySchema.parse(await res.json())).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: DATABASE_BUSY_MESSAGE,
    });
    expect(lines().some((l) => l.msg === 'database short of resources')).toBe(true);
  });

  it.each([
    ['a lost connection', Object.assign(new Error('Connection terminated unexpectedly'), {})],
    ['a server shutting down', adapterError('57P01', 'terminating connection due to administrator command')],
  ])('answers %s 503 with Retry-After', async (_name, err) => {
    const { url } = await serve(err);
    const res = await fetch(`${url}/async`);
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toMatchObject({ message: DATABASE_UNAVAILABLE_MESSAGE });
  });

  it('keeps other database errors a 500', async () => {
    const { url } = await serve(adapterError('42P01', 'relation "x" does not exist'));
    expect((await fetch(`${url}/async`)).status).toBe(500);
  });

  it('names method and path for unknown routes', async () => {
    const { url } = await serve(new Error('unreached'));
    const res = await fetch(`${url}/nope/here?x=1`, { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No route for DELETE /nope/here.' });
  });
});
