import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRaw } from './fuzz-http';
import { hostileValues, seededRandom } from './fuzz-values';

// The fuzz's detectors, shown against a server that misbehaves on purpose (they are not blind).
let server: http.Server;
let url = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/hang') return; // never answers
    if (req.url === '/reset') return req.socket.destroy();
    if (req.url === '/stream') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      return res.write(': open\n\n'); // stays open
    }
    res.writeHead(req.url === '/boom' ? 500 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ path: req.url }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('sendRaw', () => {
  it('reports the status and the start of the body', async () => {
    expect(await sendRaw(url, { method: 'GET', path: '/boom' }, 1_000)).toEqual({
      status: 500,
      detail: '{"path":"/boom"}',
    });
  });
  it('sends a broken escape as it is', async () => {
    expect((await sendRaw(url, { method: 'GET', path: '/a/%E0%A4%A' }, 1_000)).detail).toContain('%E0%A4%A');
  });
  it('reports a request with no answer as a hang, and a dropped connection as a reset', async () => {
    expect((await sendRaw(url, { method: 'GET', path: '/hang' }, 100)).status).toBe('hang');
    expect((await sendRaw(url, { method: 'GET', path: '/reset' }, 1_000)).status).toBe('reset');
  });
  it('counts an event stream as answered once its headers arrive', async () => {
    expect(await sendRaw(url, { method: 'GET', path: '/stream' }, 1_000)).toEqual({
      status: 200,
      detail: 'event stream',
    });
  });
});

describe('hostileValues', () => {
  it('are the same for the same seed, and differ for another', () => {
    const a = JSON.stringify(hostileValues(seededRandom(1)));
    expect(JSON.stringify(hostileValues(seededRandom(1)))).toBe(a);
    expect(JSON.stringify(hostileValues(seededRandom(2)))).not.toBe(a);
  });
});
