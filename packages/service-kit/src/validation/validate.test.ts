import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createServiceApp } from '../http/create-service-app';
import type { RunningHttpServer } from '../http/http-server';
import { listenForTest } from '../testing/http';
import { captureLogger } from '../testing/log-capture';
import { route } from './validate';

const createNote = {
  params: z.object({ id: z.uuid() }),
  query: z.object({ dryRun: z.enum(['true', 'false']).default('false') }),
  body: z.object({ title: z.string().min(1).max(20), tags: z.array(z.string()).max(2) }).strict(),
};

let running: RunningHttpServer;
beforeAll(async () => {
  const { logger } = captureLogger();
  const app = createServiceApp({
    name: 'test',
    logger,
    routes: (a) => {
      a.post(
        '/notes/:id',
        route(createNote, ({ params, query, body }, _req, res) => {
          res.status(201).json({ id: params.id, dryRun: query.dryRun, title: body.title.toUpperCase() });
        }),
      );
      a.put(
        '/notes/:id',
        route(createNote, async ({ params, body }) => ({ id: params.id, tags: body.tags })),
      );
      a.get(
        '/search',
        route({ query: z.object({ q: z.string().min(2) }) }, ({ query }) => ({ q: query.q })),
      );
    },
  });
  running = await listenForTest(app);
});
afterAll(() => running.close(100));

const id = '0b7c1a86-2a55-4e7f-9f8e-1d1d1c9a4b11';
const json = (body: unknown, method = 'POST') => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('route: parse, then the handler', () => {
  it('passes parsed, defaulted values to the handler', async () => {
    const res = await fetch(`${running.url}/notes/${id}`, json({ title: 'hi', tags: [] }));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ id, dryRun: 'false', title: 'HI' });
  });

  it('answers 400 VALIDATION_FAILED with fields by path', async () => {
    const res = await fetch(
      `${running.url}/notes/not-a-uuid?dryRun=maybe`,
      json({ title: '', tags: ['a', 'b', 'c'], admin: true }),
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.fields).sort()).toEqual([
      'body',
      'body.tags',
      'body.title',
      'params.id',
      'query.dryRun',
    ]);
    expect(body.fields['body'][0]).toMatch(/admin/);
  });

  it('answers 400 for an empty body', async () => {
    const res = await fetch(`${running.url}/notes/${id}`, { method: 'POST' });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toHaveProperty('body');
  });

  it('answers 415 for a non-JSON body on a route expecting JSON', async () => {
    const res = await fetch(`${running.url}/notes/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'title=x',
    });
    expect(res.status).toBe(415);
    expect((await res.json()).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 400 for JSON that is not an object', async () => {
    const res = await fetch(`${running.url}/notes/${id}`, json('just a string'));
    expect(res.status).toBe(400);
  });
});

describe('route', () => {
  it('sends the returned value as JSON', async () => {
    const res = await fetch(`${running.url}/notes/${id}`, json({ title: 't', tags: ['x'] }, 'PUT'));
    expect(await res.json()).toEqual({ id, tags: ['x'] });
  });

  it('validates query strings', async () => {
    expect((await fetch(`${running.url}/search?q=a`)).status).toBe(400);
    expect((await fetch(`${running.url}/search?q[$gt]=a`)).status).toBe(400);
    expect(await (await fetch(`${running.url}/search?q=ab`)).json()).toEqual({ q: 'ab' });
  });
});
