import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, fetchJson } from './api-request';

// A real local HTTP server: the helper is checked at the protocol level, not against a fetch mock.
let server: Server;
let base = '';
let last: { method?: string; type?: string; body: string } = { body: '' };

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let b = '';
    req.on('data', (c: Buffer) => (b += c.toString()));
    req.on('end', () => resolve(b));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    last = { method: req.method, type: req.headers['content-type'], body: await readBody(req) };
    if (req.url === '/ok')
      return res.writeHead(200, { 'content-type': 'application/json' }).end('{"version":"1"}');
    if (req.url === '/missing') return res.writeHead(404).end('{"code":"NOT_FOUND","message":"nope"}');
    return res.writeHead(503).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('apiRequest (spec §7)', () => {
  it('sends a body as JSON', async () => {
    await apiRequest('POST', `${base}/ok`, { email: 'a@b.c' });
    expect(last).toEqual({ method: 'POST', type: 'application/json', body: '{"email":"a@b.c"}' });
  });

  it('sends no body and no content type without one', async () => {
    await apiRequest('POST', `${base}/ok`);
    expect(last.type).toBeUndefined();
    expect(last.body).toBe('');
  });

  it('raises "{status}: {body}" on a non-success answer', async () => {
    await expect(apiRequest('GET', `${base}/missing`)).rejects.toThrow(
      '404: {"code":"NOT_FOUND","message":"nope"}',
    );
  });

  it('uses the status text when the body is empty', async () => {
    await expect(apiRequest('GET', `${base}/down`)).rejects.toThrow('503: Service Unavailable');
  });

  it('fetchJson parses and checks the answer', async () => {
    const parse = (d: unknown) => {
      if (typeof d !== 'object' || d === null || !('version' in d)) throw new Error('bad');
      return d as { version: string };
    };
    expect(await fetchJson(`${base}/ok`, { parse })).toEqual({ version: '1' });
  });
});
