import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, apiCall, apiSend, NetworkError } from './api-client';

// A real local HTTP server: the helper is checked at the protocol level, not against a fetch mock.
let server: Server;
let base = '';
let last: { method?: string; type?: string; body: string } = { body: '' };
let lastUrl = '';

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let b = '';
    req.on('data', (c: Buffer) => (b += c.toString()));
    req.on('end', () => resolve(b));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    last = { method: req.method, type: req.headers['content-type'], body: await readBody(req) };
    lastUrl = req.url ?? '';
    if (req.url === '/ok' || req.url?.startsWith('/items/'))
      return res.writeHead(200, { 'content-type': 'application/json' }).end('{"version":"1"}');
    if (req.url === '/missing') return res.writeHead(404).end('{"code":"NOT_FOUND","message":"nope"}');
    return res.writeHead(503).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const at = (method: 'GET' | 'POST', path: string) => ({ method, path: `${base}${path}` });

describe('the API client (spec §7)', () => {
  it('sends a body as JSON', async () => {
    await apiSend(at('POST', '/ok'), { body: { email: 'a@b.c' } });
    expect(last).toEqual({ method: 'POST', type: 'application/json', body: '{"email":"a@b.c"}' });
  });

  it('sends no body and no content type without one', async () => {
    await apiSend(at('POST', '/ok'));
    expect(last.type).toBeUndefined();
    expect(last.body).toBe('');
  });

  it('raises "{status}: {body}" on a non-success answer', async () => {
    await expect(apiSend(at('GET', '/missing'))).rejects.toThrow(
      '404: {"code":"NOT_FOUND","message":"nope"}',
    );
  });

  it('uses the status text when the body is empty', async () => {
    await expect(apiSend(at('GET', '/down'))).rejects.toThrow('503: Service Unavailable');
  });

  it('apiCall parses and checks the answer', async () => {
    const parse = (d: unknown) => {
      if (typeof d !== 'object' || d === null || !('version' in d)) throw new Error('bad');
      return d as { version: string };
    };
    expect(await apiCall(at('GET', '/ok'), { parse })).toEqual({ version: '1' });
  });

  it('fills route params and the query string', async () => {
    await apiSend(
      { method: 'POST', path: `${base}/items/:id` },
      { params: { id: 7 }, query: { t: 5, skip: undefined } },
    );
    expect(lastUrl).toBe('/items/7?t=5');
  });

  it('raises ApiError with the parsed envelope', async () => {
    const err: unknown = await apiSend(at('GET', '/missing')).catch((e: unknown) => e);
    expect(err).toMatchObject({
      name: 'ApiError',
      status: 404,
      body: { code: 'NOT_FOUND', message: 'nope' },
    });
  });

  it('raises NetworkError when the server cannot be reached', async () => {
    await expect(apiSend({ method: 'GET', path: 'http://127.0.0.1:1/x' })).rejects.toBeInstanceOf(
      NetworkError,
    );
  });

  it('api(entry) takes method and path params from the entry and parses its answer with the entry', async () => {
    const entry = {
      method: 'POST',
      path: `${base}/items/:id`,
      params: z.object({ id: z.number() }),
      body: z.object({ name: z.string() }),
      response: z.object({ version: z.string().transform((v) => Number(v)) }),
    } as const;
    const answer = await api(entry, { params: { id: 7 }, body: { name: 'x' } });
    expect(answer).toEqual({ version: 1 });
    expect(last).toMatchObject({ method: 'POST', body: '{"name":"x"}' });
    expect(lastUrl).toBe('/items/7');
  });

  it('api(entry) refuses an answer its entry does not accept', async () => {
    const entry = { method: 'GET', path: `${base}/ok`, response: z.object({ version: z.number() }) } as const;
    await expect(api(entry)).rejects.toThrow();
  });
});
