/**
 * Request smuggling and the framing rules: what nginx refuses is refused before anything is
 * forwarded (400/431 and a closed connection), the upstream request's framing is the gateway's own, the
 * gateway's own headers always reach the service, a broken upstream answer is a 502 that poisons nothing,
 * a client that does not read stops the gateway reading, and a reply stream outlives the request timeout.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rawConnection, startGateway, startUpstream } from './test/harness';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const seen: Seen[] = [];
let up: Awaited<ReturnType<typeof startUpstream>>;
let gw: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  up = await startUpstream((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ url: req.url }));
    });
  });
  gw = await startGateway({ AUTH_URL: up.url, CHAT_URL: up.url, RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(async () => {
  await gw.stop();
  await up.close();
});
afterEach(() => {
  seen.length = 0;
});

const HOST = 'Host: localhost\r\n';

/** Sends `text` on a fresh connection: the answer, and whether the gateway closed the connection. */
async function send(text: string) {
  const c = await rawConnection(gw.url);
  await c.send(text);
  const answer = await c.response();
  await c.closed();
  return answer;
}

describe('the request of the report: Connection naming Content-Length', () => {
  it('is refused with 400 and a closed connection; neither it nor its body reaches the service', async () => {
    const smuggled = 'GET /api/auth/me HTTP/1.1\r\nHost: x\r\nX-Ignore: ';
    const answer = await send(
      'POST /api/auth/logout HTTP/1.1\r\nHost: localhost:8080\r\nOrigin: http://localhost:8080\r\n' +
        'Content-Type: application/json\r\nConnection: content-length\r\n' +
        `Content-Length: ${smuggled.length}\r\n\r\n${smuggled}`,
    );
    expect(answer.status).toBe(400);
    expect(answer.headers.connection).toBe('close');
    expect(seen).toEqual([]);
  });
});

describe('framing nginx refuses: 400 and the connection closed, nothing forwarded', () => {
  const post = (headers: string, body = '') =>
    `POST /api/conversations HTTP/1.1\r\n${HOST}Content-Type: application/json\r\n${headers}\r\n${body}`;
  it.each([
    [
      'Transfer-Encoding other than chunked',
      post('Transfer-Encoding: identity, chunked\r\n', '2\r\n{}\r\n0\r\n\r\n'),
    ],
    ['gzip, chunked', post('Transfer-Encoding: gzip, chunked\r\n', '2\r\n{}\r\n0\r\n\r\n')],
    [
      'two Transfer-Encoding headers',
      post('Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n', '2\r\n{}\r\n0\r\n\r\n'),
    ],
    [
      'Transfer-Encoding and Content-Length',
      post('Content-Length: 2\r\nTransfer-Encoding: chunked\r\n', '{}'),
    ],
    ['two Content-Length headers', post('Content-Length: 2\r\nContent-Length: 2\r\n', '{}')],
    [
      'Transfer-Encoding on HTTP/1.0',
      `POST /api/conversations HTTP/1.0\r\n${HOST}Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    ],
    ['two Host headers', `GET /api/conversations HTTP/1.1\r\n${HOST}Host: evil\r\n\r\n`],
    ['userinfo in Host', 'GET /api/conversations HTTP/1.1\r\nHost: evil@localhost/x\r\n\r\n'],
    ['no Host on HTTP/1.1', 'GET /api/conversations HTTP/1.1\r\n\r\n'],
    ['HTTP/2.0 on an HTTP/1.1 socket', `GET /api/conversations HTTP/2.0\r\n${HOST}\r\n`],
    ['a NUL in a header', `GET /api/conversations HTTP/1.1\r\n${HOST}X-A: a\0b\r\n\r\n`],
    ['a control byte in a header', `GET /api/conversations HTTP/1.1\r\n${HOST}X-A: a\x01b\r\n\r\n`],
    ['obs-fold', `GET /api/conversations HTTP/1.1\r\n${HOST}X-A: a\r\n b\r\n\r\n`],
    ['a bare LF line end', `GET /api/conversations HTTP/1.1\n${HOST}\r\n`],
    ['a bad chunk size', post('Transfer-Encoding: chunked\r\n', '2x\r\n{}\r\n0\r\n\r\n')],
    [
      'Connection naming Transfer-Encoding',
      post('Connection: transfer-encoding\r\nTransfer-Encoding: chunked\r\n', '2\r\n{}\r\n0\r\n\r\n'),
    ],
    [
      'Connection naming Host',
      `GET /api/conversations HTTP/1.1\r\n${HOST}Connection: keep-alive, Host\r\n\r\n`,
    ],
  ])('%s', async (_label, text) => {
    const answer = await send(text);
    expect(answer.status).toBe(400);
    expect(seen).toEqual([]);
  });

  it('refuses more headers than a service reads with 431, rather than push its own headers out', async () => {
    const many = Array.from({ length: 150 }, (_, i) => `X-H${i}: v\r\n`).join('');
    const answer = await send(`GET /api/conversations HTTP/1.1\r\n${HOST}${many}\r\n`);
    expect(answer.status).toBe(431);
    expect(seen).toEqual([]);
  });
});

describe("the upstream request's framing and headers are the gateway's", () => {
  it('sends a body of known length with Content-Length, a chunked one chunked, whole', async () => {
    const c = await rawConnection(gw.url);
    await c.send(
      `POST /api/conversations HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
    );
    expect((await c.response()).status).toBe(200);
    await c.send(
      `POST /api/conversations HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n{\r\n1\r\n}\r\n0\r\n\r\n`,
    );
    expect((await c.response()).status).toBe(200);
    c.close();
    expect(seen.map((s) => s.body)).toEqual(['{}', '{}']);
    // One framing each, undici's: the length when the whole body was read by then, else chunked.
    for (const { headers } of seen) {
      const framing = [headers['content-length'], headers['transfer-encoding']];
      expect([
        ['2', undefined],
        [undefined, 'chunked'],
      ]).toContainEqual(framing);
    }
  });

  it("a Connection header never removes the gateway's X-Forwarded-For or X-Request-Id", async () => {
    const c = await rawConnection(gw.url);
    await c.send(
      `GET /api/conversations HTTP/1.1\r\n${HOST}Connection: x-forwarded-for, x-request-id, x-forwarded-proto, x-custom\r\n` +
        'X-Request-Id: chosen\r\nX-Forwarded-For: 6.6.6.6\r\nX-Custom: dropped\r\n\r\n',
    );
    const answer = await c.response();
    c.close();
    expect(answer.status).toBe(200);
    const { headers } = seen[0]!;
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-request-id']).toBe(answer.headers['x-request-id']);
    expect(headers['x-request-id']).not.toBe('chosen');
    expect(headers['x-custom']).toBeUndefined();
  });
});

describe('a broken upstream answer', () => {
  let server: Server;
  let relay: Awaited<ReturnType<typeof startGateway>>;
  const answers = [
    'HTTP/1.1 200 O\x01K\r\nContent-Length: 2\r\n\r\n{}',
    'HTTP/1.1 200 OK\r\nX-A: a\0b\r\nContent-Length: 2\r\n\r\n{}',
    'HTTP/1.1 200 OK\r\nX-A: a\x7fb\r\nContent-Length: 2\r\n\r\n{}',
  ];
  let next = '';
  beforeAll(async () => {
    server = createServer((s) => {
      s.on('error', () => {});
      s.on('data', () => s.write(next || 'HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\n"ok"'));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    relay = await startGateway({ CHAT_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  });
  afterAll(async () => {
    await relay.stop();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it.each(answers.map((a) => [JSON.stringify(a.slice(0, 30)), a]))(
    '%s: 502, nothing of it reaches the client, and the next request is answered cleanly',
    async (_label, answer) => {
      next = answer;
      const bad = await fetch(`${relay.url}/api/conversations`);
      expect(bad.status).toBe(502);
      expect(bad.headers.get('x-a')).toBeNull();
      expect(await bad.text()).toContain('BAD_GATEWAY');
      next = '';
      const good = await fetch(`${relay.url}/api/conversations`);
      expect(good.status).toBe(200);
      expect(await good.text()).toBe('"ok"');
    },
  );
});

describe('bounded resources', () => {
  it('stops reading the pipelined requests of a client that does not read its answers', async () => {
    const answer = 'x'.repeat(1024);
    let served = 0;
    const slow = await startUpstream((_req, res) => {
      served += 1;
      res.end(answer);
    });
    const relay = await startGateway({ CHAT_URL: slow.url, RATE_LIMIT_PER_MINUTE: '0' });
    try {
      const c = await rawConnection(relay.url);
      c.socket.pause();
      // More requests than one read of the socket holds: node:http parses what it has read, no more.
      const total = 20_000;
      c.socket.write(`GET /api/conversations HTTP/1.1\r\n${HOST}\r\n`.repeat(total)); // never drained: not awaited
      // Served requests stop growing long before all are served: wait until two polls agree.
      let last = -1;
      await expect
        .poll(() => (served === last ? served : ((last = served), -1)), { interval: 300, timeout: 10_000 })
        .toBeGreaterThan(0);
      expect(served).toBeLessThan(total);
      c.close();
    } finally {
      await relay.stop();
      await slow.close();
    }
  }, 30_000);

  it('closes a connection that never sends a byte once the headers timeout passed, answering nothing', async () => {
    const relay = await startGateway({ CHAT_URL: up.url, HEADERS_TIMEOUT_MS: '1000' });
    try {
      const silent = await rawConnection(relay.url);
      await silent.closed(5_000);
      // A browser opens connections ahead of need: an answer written here would be read as the answer to
      // the request it later sends on it (a page's GET once answered a bare 400 that way).
      expect(silent.unread).toBe('');
    } finally {
      await relay.stop();
    }
  });

  it('answers 408 and closes when a head stops part-way past the headers timeout', async () => {
    const relay = await startGateway({ CHAT_URL: up.url, HEADERS_TIMEOUT_MS: '1000' });
    try {
      const c = await rawConnection(relay.url);
      await c.send(`GET /api/conversations HTTP/1.1\r\n${HOST}`);
      expect((await c.response({ timeoutMs: 5_000 })).status).toBe(408);
      await c.closed();
      expect(seen).toEqual([]);
    } finally {
      await relay.stop();
    }
  });

  it('a new connection over the per-address cap takes the place of an idle one', async () => {
    const relay = await startGateway({ CHAT_URL: up.url, MAX_CONNECTIONS_PER_ADDRESS: '3' });
    try {
      const idle = await Promise.all([1, 2, 3].map(() => rawConnection(relay.url)));
      const c = await rawConnection(relay.url);
      await c.send(`GET /api/conversations HTTP/1.1\r\n${HOST}\r\n`);
      expect((await c.response()).status).toBe(200);
      await expect.poll(() => idle.filter((i) => i.isClosed).length).toBe(1);
      c.close();
      idle.forEach((i) => i.close());
    } finally {
      await relay.stop();
    }
  });
});

describe('reply streams', () => {
  it('outlive the request timeout many times over while events flow, POST body and all', async () => {
    const events = 12;
    const streaming = await startUpstream((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      let n = 0;
      const timer = setInterval(() => {
        n += 1;
        if (n < events) res.write(`data: ${n}\n\n`);
        else {
          clearInterval(timer);
          res.end('event: done\ndata: {}\n\n');
        }
      }, 400);
      res.on('close', () => clearInterval(timer));
    });
    // The request timeout at its floor (the headers timeout): the stream lasts ~5 of them.
    const relay = await startGateway(
      { CHAT_URL: streaming.url, HEADERS_TIMEOUT_MS: '1000', UPSTREAM_TIMEOUT_MS: '1000' },
      { requestTimeoutMs: 1000 },
    );
    try {
      const res = await fetch(`${relay.url}/api/conversations/c1/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'hello' }),
      });
      const text = await res.text();
      expect(text.match(/^data: \d+$/gm)).toHaveLength(events - 1);
      expect(text.endsWith('event: done\ndata: {}\n\n')).toBe(true);
    } finally {
      await relay.stop();
      await streaming.close();
    }
  });
});
