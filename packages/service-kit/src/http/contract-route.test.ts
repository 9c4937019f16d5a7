import express from 'express';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteContract } from '@noek/contracts';
import { errorMiddleware } from '../errors/error-middleware';
import { captureLogger } from '../testing/log-capture';
import { listenForTest } from '../testing/http';
import { ANSWERED, contractRoute, contractRoutesOf } from './contract-route';

const item = z.object({ id: z.number().int(), name: z.string() });
const entries = {
  get: {
    method: 'GET',
    path: '/items/:id',
    params: z.object({ id: z.coerce.number().int() }),
    response: item,
  },
  create: {
    method: 'POST',
    path: '/items',
    body: z.object({ name: z.string().min(1) }),
    response: item,
    status: 201,
  },
  remove: { method: 'DELETE', path: '/items/:id', answer: 'empty' },
  redirect: { method: 'GET', path: '/go', answer: 'redirect' },
} as const satisfies Record<string, RouteContract>;

/** An app whose handlers answer `shape` for item 1, or a declared item otherwise. */
async function serve(shape: unknown, checkAnswers = true) {
  const app = express();
  app.locals.checkAnswers = checkAnswers;
  app.use(express.json());
  contractRoute(app, entries.get, ({ params }) =>
    params.id === 1 ? (shape as z.input<typeof item>) : { id: params.id, name: 'two' },
  );
  contractRoute(app, entries.create, ({ body }) => ({ id: 3, name: body.name }));
  contractRoute(app, entries.remove, () => undefined);
  contractRoute(app, entries.redirect, (_i, _req, res) => {
    res.redirect(303, '/elsewhere');
    return ANSWERED;
  });
  const { logger, lines } = captureLogger();
  app.use(errorMiddleware(logger));
  const server = await listenForTest(app);
  return { app, server, url: server.url, close: () => server.close(), logged: () => JSON.stringify(lines()) };
}

describe('contractRoute', () => {
  it('answers with the status and kind its entry declares', async () => {
    const { url, close, app } = await serve({ id: 1, name: 'one' });
    try {
      const got = await fetch(`${url}/items/2`);
      expect(got.status).toBe(200);
      expect(await got.json()).toEqual({ id: 2, name: 'two' });
      const made = await fetch(`${url}/items`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'x' }),
      });
      expect(made.status).toBe(201);
      expect((await fetch(`${url}/items/2`, { method: 'DELETE' })).status).toBe(204);
      expect((await fetch(`${url}/go`, { redirect: 'manual' })).status).toBe(303);
      expect([...contractRoutesOf(app)].sort()).toEqual([
        'DELETE /items/:id',
        'GET /go',
        'GET /items/:id',
        'POST /items',
      ]);
    } finally {
      await close();
    }
  });

  it('refuses a request its schemas refuse with the one validation error (400)', async () => {
    const { url, close } = await serve({ id: 1, name: 'one' });
    try {
      const res = await fetch(`${url}/items`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: '' }),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { 'body.name': expect.any(Array) },
      });
    } finally {
      await close();
    }
  });

  it.each([
    [
      'a field its contract does not declare',
      { id: 1, name: 'one', secret: 'x' },
      /does not declare: \$\.secret/,
    ],
    ['a shape its contract refuses', { id: 'one' }, /refuses/],
  ])('fails loudly (500) when a handler answers %s', async (_what, shape, logged) => {
    const { url, close, logged: log } = await serve(shape);
    try {
      const res = await fetch(`${url}/items/1`);
      expect(res.status).toBe(500);
      expect(log()).toMatch(/GET \/items\/:id answered/);
      expect(log()).toMatch(logged);
    } finally {
      await close();
    }
  });

  it('sends the answer as is when answer checks are off (production)', async () => {
    const { url, close } = await serve({ id: 1, name: 'one', extra: true }, false);
    try {
      const res = await fetch(`${url}/items/1`);
      expect(res.status).toBe(200);
    } finally {
      await close();
    }
  });
});
