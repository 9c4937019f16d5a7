import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { echo, rawConnection, startGateway, startUpstream, type Echoed } from './test/harness';

// The wire path (wire/): /api requests read and answered on the raw socket. These drive it with bytes
// written as given, to reach what fetch never sends: pipelining, 100-continue, odd framing, slow heads.
const cleanups: (() => unknown)[] = [];
/** These tests are about the wire path: on, whatever GATEWAY_TEST_WIRE_PATH says for the rest. */
const WIRE = { WIRE_PATH: 'true' };
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

type Gw = Awaited<ReturnType<typeof startGateway>>;

async function gatewayFor(handler: Parameters<typeof startUpstream>[0], env: Record<string, string> = {}) {
  const up = await startUpstream(handler);
  const gw = await startGateway({ CHAT_URL: up.url, RATE_LIMIT_PER_MINUTE: '0', ...WIRE, ...env });
  cleanups.push(
    () => up.close(),
    () => gw.stop(),
  );
  return { up, gw };
}

async function connect(gw: Gw) {
  const c = await rawConnection(gw.url);
  cleanups.push(() => c.close());
  return c;
}

/** A stand-in upstream speaking raw bytes, for answers node:http would never write. */
async function rawUpstream(onConnection: (socket: Socket, index: number) => void) {
  let count = 0;
  const sockets = new Set<Socket>();
  const server: NetServer = createNetServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => {});
    onConnection(s, count++);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanups.push(
    () =>
      new Promise<void>((r) => {
        sockets.forEach((s) => s.destroy());
        server.close(() => r());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, connections: () => count };
}

/** Reads one request head off a raw upstream socket, calling back once per request. */
function onRequests(socket: Socket, answer: (head: string, n: number) => void) {
  let buf = '';
  let n = 0;
  socket.on('data', (c: Buffer) => {
    buf += c.toString('latin1');
    for (let end = buf.indexOf('\r\n\r\n'); end !== -1; end = buf.indexOf('\r\n\r\n')) {
      const head = buf.slice(0, end);
      buf = buf.slice(end + 4);
      answer(head, n++);
    }
  });
}

const get = (path: string, extra = '') => `GET ${path} HTTP/1.1\r\nHost: gw\r\n${extra}\r\n`;

describe('wire path: connections', () => {
  it('answers pipelined requests in order on one connection', async () => {
    const { gw } = await gatewayFor(echo);
    const c = await connect(gw);
    await c.send(get('/api/conversations/1') + get('/api/conversations/2') + get('/api/conversations/3'));
    for (const n of [1, 2, 3]) {
      const res = await c.response();
      expect(res.status).toBe(200);
      expect((JSON.parse(res.body) as Echoed).url).toBe(`/api/conversations/${n}`);
    }
  });

  it("answers pages and probes through node:http's handler on the same connection, which it keeps", async () => {
    const { gw } = await gatewayFor(echo);
    const c = await connect(gw);
    await c.send(get('/api/conversations/a'));
    expect((await c.response()).status).toBe(200);
    // A probe, the shell's config and an API call, pipelined.
    await c.send(get('/healthz') + get('/config.json') + get('/api/conversations/b'));
    expect(JSON.parse((await c.response()).body)).toEqual({ status: 'ok' });
    const config = await c.response();
    expect(config.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(config.body)).toHaveProperty('chatHosts');
    const b = await c.response();
    expect((JSON.parse(b.body) as Echoed).url).toBe('/api/conversations/b');
    expect(c.isClosed).toBe(false);
  });

  it('serves files bigger than a socket buffer through node:http on the same connection, one after another', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gateway-wire-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const big = 'x'.repeat(3 * 1024 * 1024);
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(join(dir, 'big.0123abcd.js'), big);
    const gw = await startGateway({ ...WIRE }, {}, { shellDistDir: dir });
    cleanups.push(() => gw.stop());
    const c = await connect(gw);
    for (let i = 0; i < 3; i += 1) {
      await c.send(get('/big.0123abcd.js'));
      const res = await c.response({ timeoutMs: 10_000 });
      expect(res.status).toBe(200);
      expect(res.body.length).toBe(big.length);
    }
  });

  it('hands the connection to node:http for a body outside /api, bytes and all', async () => {
    const { gw } = await gatewayFor(echo);
    const c = await connect(gw);
    await c.send(
      'POST /healthz HTTP/1.1\r\nHost: gw\r\nContent-Length: 2\r\n\r\n{}' + get('/api/conversations/after'),
    );
    expect((await c.response()).status).toBe(200);
    expect((JSON.parse((await c.response()).body) as Echoed).url).toBe('/api/conversations/after');
  });

  it('leaves HTTP/1.0 to node:http, which answers it and closes', async () => {
    const { gw } = await gatewayFor(echo);
    const c = await connect(gw);
    await c.send('GET /api/conversations/x HTTP/1.0\r\nHost: gw\r\n\r\n');
    const res = await c.response();
    expect(res.status).toBe(200);
    expect((JSON.parse(res.body) as Echoed).url).toBe('/api/conversations/x');
    await c.closed();
  });

  it('answers Connection: close in kind and closes', async () => {
    const { gw } = await gatewayFor(echo);
    const c = await connect(gw);
    await c.send(get('/api/conversations/x', 'Connection: close\r\n'));
    const res = await c.response();
    expect(res.headers.connection).toBe('close');
    await c.closed();
  });

  it('leaves a head over 16 KB to node:http, which refuses it with its bare 400 as before', async () => {
    let hits = 0;
    const { gw } = await gatewayFor((req, res) => {
      hits += 1;
      echo(req, res);
    });
    const c = await connect(gw);
    await c.send(get('/api/conversations/x', `X-Big: ${'a'.repeat(17_000)}\r\n`));
    const res = await c.response();
    expect(res.status).toBe(400);
    expect(res.headers.connection).toBe('close');
    expect(hits).toBe(0);
  });

  it('answers a head that never completes with 408 once the headers timeout passed', async () => {
    const { gw } = await gatewayFor(echo, { HEADERS_TIMEOUT_MS: '1000' });
    const c = await connect(gw);
    const started = Date.now();
    await c.send('GET /api/conversations/x HTTP/1.1\r\nHost: gw\r\n');
    const dribble = setInterval(() => void c.send('X-Slow: 1\r\n'), 150);
    try {
      expect((await c.response({ timeoutMs: 4_000 })).status).toBe(408);
      await c.closed();
    } finally {
      clearInterval(dribble);
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('closes a connection left idle past the keep-alive timeout', async () => {
    const { gw } = await gatewayFor(echo, { KEEP_ALIVE_TIMEOUT_MS: '300', HEADERS_TIMEOUT_MS: '1000' });
    const c = await connect(gw);
    await c.send(get('/api/conversations/x'));
    expect((await c.response()).headers['keep-alive']).toBe('timeout=0');
    await c.closed(3_000);
  });
});

describe('wire path: request bodies', () => {
  it('sends 100 Continue before reading a body the client holds back', async () => {
    const { gw } = await gatewayFor(echo);
    const c = await connect(gw);
    await c.send(
      'POST /api/conversations/x HTTP/1.1\r\nHost: gw\r\nContent-Type: application/json\r\n' +
        'Content-Length: 7\r\nExpect: 100-continue\r\n\r\n',
    );
    expect((await c.response()).status).toBe(100);
    await c.send('{"a":1}');
    const res = await c.response();
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ method: 'POST', body: '{"a":1}' });
  });

  it('refuses a waiting 100-continue request without a 100, and closes', async () => {
    const { gw } = await gatewayFor(echo);
    const c = await connect(gw);
    await c.send(
      'POST /api/conversations/x HTTP/1.1\r\nHost: gw\r\nOrigin: https://evil.example\r\n' +
        'Content-Type: application/json\r\nContent-Length: 7\r\nExpect: 100-continue\r\n\r\n',
    );
    const res = await c.response();
    expect(res.status).toBe(403);
    expect(res.headers.connection).toBe('close');
    await c.closed();
  });

  it('drops the small body of a refused request and keeps the connection', async () => {
    const { gw } = await gatewayFor(echo);
    const c = await connect(gw);
    await c.send(
      'POST /api/conversations/x HTTP/1.1\r\nHost: gw\r\nOrigin: https://evil.example\r\n' +
        'Content-Type: application/json\r\nContent-Length: 7\r\n\r\n{"a":1}' +
        get('/api/conversations/next'),
    );
    expect((await c.response()).status).toBe(403);
    const next = await c.response();
    expect((JSON.parse(next.body) as Echoed).url).toBe('/api/conversations/next');
  });

  it('passes a chunked body on (extensions and trailers dropped), framed again', async () => {
    const { gw } = await gatewayFor(echo);
    const c = await connect(gw);
    await c.send(
      'POST /api/conversations/x HTTP/1.1\r\nHost: gw\r\nContent-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\n\r\n4;note=1\r\n{"a"\r\n3\r\n:1}\r\n0\r\nX-Trailer: t\r\n\r\n',
    );
    const res = await c.response();
    expect(JSON.parse(res.body)).toMatchObject({ body: '{"a":1}' });
    expect((JSON.parse(res.body) as Echoed).headers['x-trailer']).toBeUndefined();
  });

  it('answers a malformed chunked body with 400 and closes; the upstream request is abandoned', async () => {
    let completed = 0;
    const { gw } = await gatewayFor((req, res) => {
      req.resume();
      req.on('end', () => {
        completed += 1;
        res.end('{}');
      });
    });
    const c = await connect(gw);
    await c.send(
      'POST /api/conversations/x HTTP/1.1\r\nHost: gw\r\nContent-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\n\r\n4\r\n{"a"\r\nZZ\r\n',
    );
    const res = await c.response();
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'BAD_REQUEST' });
    await c.closed();
    expect(completed).toBe(0);
  });

  it('holds the client back while the upstream does not read the body', async () => {
    let received = 0;
    let reading!: () => void;
    // Resolves once the request is at the upstream, which may come after the client stalled on a busy machine.
    let arrived!: () => void;
    const atUpstream = new Promise<void>((r) => (arrived = r));
    const { gw } = await gatewayFor(
      (req, res) => {
        req.pause();
        reading = () => {
          req.on('data', (chunk: Buffer) => (received += chunk.length));
          req.on('end', () => res.end(JSON.stringify({ received })));
          req.resume();
        };
        arrived();
      },
      { MAX_BODY_BYTES: String(256 * 1024 * 1024) },
    );
    const c = await connect(gw);
    const total = 128 * 1024 * 1024;
    await c.send(
      `POST /api/conversations/x HTTP/1.1\r\nHost: gw\r\nContent-Type: application/json\r\nContent-Length: ${total}\r\n\r\n`,
    );
    const piece = Buffer.alloc(1024 * 1024, 'a');
    const drainWithin = (ms: number) =>
      new Promise<boolean>((resolve) => {
        const done = (drained: boolean) => {
          clearTimeout(timer);
          c.socket.off('drain', onDrain);
          resolve(drained);
        };
        const onDrain = () => done(true);
        const timer = setTimeout(() => done(false), ms);
        c.socket.on('drain', onDrain);
      });
    // Writes until the socket stops taking bytes for good: the gateway reads no further than the upstream.
    let written = 0;
    let stalled = false;
    while (!stalled && written < total) {
      written += piece.length;
      if (!c.socket.write(piece)) stalled = !(await drainWithin(500));
    }
    expect(stalled).toBe(true);
    expect(written).toBeLessThan(total);
    await atUpstream;
    reading();
    const rest = async () => {
      while (written < total) {
        if (!c.socket.write(piece)) await new Promise((r) => c.socket.once('drain', r));
        written += piece.length;
      }
    };
    await rest();
    const res = await c.response({ timeoutMs: 30_000 });
    expect(JSON.parse(res.body)).toEqual({ received: total });
  }, 60_000);
});

describe('wire path: answers', () => {
  it('relays HEAD, 204 and 304 without a body and keeps the connection', async () => {
    const { gw } = await gatewayFor((req, res) => {
      if (req.method === 'HEAD') res.writeHead(200, { 'content-length': '5' }).end();
      else if (req.url!.endsWith('/204')) res.writeHead(204).end();
      else if (req.url!.endsWith('/304')) res.writeHead(304, { etag: '"x"' }).end();
      else echo(req, res);
    });
    const c = await connect(gw);
    await c.send('HEAD /api/conversations/h HTTP/1.1\r\nHost: gw\r\n\r\n');
    const head = await c.response({ head: true });
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe('5');
    await c.send(
      get('/api/conversations/204') + get('/api/conversations/304') + get('/api/conversations/last'),
    );
    expect((await c.response()).status).toBe(204);
    expect((await c.response()).status).toBe(304);
    expect((JSON.parse((await c.response()).body) as Echoed).url).toBe('/api/conversations/last');
    expect(c.unread).toBe('');
  });

  it('relays a chunked answer chunked, and a close-delimited one complete', async () => {
    const up = await rawUpstream((s) =>
      onRequests(s, (head) => {
        if (head.includes('/chunked ')) {
          s.write('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n');
          s.write('5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n');
        } else s.end('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil the end');
      }),
    );
    const gw = await startGateway({ CHAT_URL: up.url, ...WIRE });
    cleanups.push(() => gw.stop());
    const c = await connect(gw);
    await c.send(get('/api/conversations/chunked'));
    expect(await c.response()).toMatchObject({ status: 200, body: 'hello world', chunked: true });
    await c.send(get('/api/conversations/close'));
    expect(await c.response()).toMatchObject({ status: 200, body: 'until the end', chunked: true });
    // The close-delimited answer cost its upstream connection; the client's is fine.
    await c.send(get('/api/conversations/chunked'));
    expect((await c.response()).body).toBe('hello world');
    expect(up.connections()).toBe(2);
  });

  it('reuses upstream connections, but not one whose answer said Connection: close', async () => {
    const up = await rawUpstream((s) =>
      onRequests(s, (head) => {
        const close = head.includes('/close ');
        s.write(`HTTP/1.1 200 OK\r\nContent-Length: 2\r\n${close ? 'Connection: close\r\n' : ''}\r\n{}`);
        if (close) s.end();
      }),
    );
    const gw = await startGateway({ CHAT_URL: up.url, ...WIRE });
    cleanups.push(() => gw.stop());
    const c = await connect(gw);
    for (const path of ['/a', '/b', '/close', '/c', '/d']) {
      await c.send(get(`/api/conversations${path}`));
      expect((await c.response()).status).toBe(200);
    }
    expect(up.connections()).toBe(2);
  });

  it('sends a GET again on a new connection when a kept-alive one closes as it is reused; never a POST', async () => {
    // Each upstream connection answers its first request and closes without a word on the second.
    const up = await rawUpstream((s) =>
      onRequests(s, (_head, n) => {
        if (n === 0) s.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}');
        else s.destroy();
      }),
    );
    const gw = await startGateway({ CHAT_URL: up.url, ...WIRE });
    cleanups.push(() => gw.stop());
    const c = await connect(gw);
    await c.send(get('/api/conversations/a') + get('/api/conversations/b'));
    expect((await c.response()).status).toBe(200);
    expect((await c.response()).status).toBe(200);
    await c.send(
      'POST /api/conversations/c HTTP/1.1\r\nHost: gw\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
    );
    expect((await c.response()).status).toBe(502);
  });

  it('closes the upstream connection of an answer the client walked away from, and never reuses it', async () => {
    let closedUpstream = 0;
    const up = await rawUpstream((s) => {
      s.on('close', () => (closedUpstream += 1));
      onRequests(s, (head) => {
        if (head.includes('/stream '))
          s.write(
            'HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n6\r\ndata:1\r\n',
          );
        else s.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}');
      });
    });
    const gw = await startGateway({ CHAT_URL: up.url, ...WIRE });
    cleanups.push(() => gw.stop());
    const c = await connect(gw);
    await c.send(get('/api/conversations/stream'));
    await expect.poll(() => c.unread.includes('data:1')).toBe(true);
    c.close();
    await expect.poll(() => closedUpstream).toBe(1);
    const next = await connect(gw);
    await next.send(get('/api/conversations/plain'));
    expect((await next.response()).status).toBe(200);
    expect(up.connections()).toBe(2);
  });

  it('answers 502 for an upstream head that would split the answer, and nothing of it reaches the client', async () => {
    const up = await rawUpstream((s) =>
      onRequests(s, () =>
        s.write('HTTP/1.1 200 OK\r\nX-A: a\nSet-Cookie: evil=1\r\nContent-Length: 2\r\n\r\n{}'),
      ),
    );
    const gw = await startGateway({ CHAT_URL: up.url, ...WIRE });
    cleanups.push(() => gw.stop());
    const c = await connect(gw);
    await c.send(get('/api/conversations/x'));
    const res = await c.response();
    expect(res.status).toBe(502);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('holds the upstream back while the client does not read', async () => {
    let stuckSince = 0;
    let sent = 0;
    const total = 256 * 1024 * 1024;
    const { gw } = await gatewayFor((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(total) });
      const piece = Buffer.alloc(1024 * 1024, 'b');
      const pump = () => {
        while (sent < total) {
          sent += piece.length;
          if (!res.write(piece)) {
            stuckSince = Date.now();
            res.once('drain', () => {
              stuckSince = 0;
              pump();
            });
            return;
          }
        }
        res.end();
      };
      pump();
    });
    const c = await connect(gw);
    c.socket.pause();
    await c.send(get('/api/conversations/big'));
    // The upstream waits on 'drain' for good while the client reads nothing: nobody in between buffers it all.
    await expect.poll(() => stuckSince > 0 && Date.now() - stuckSince > 300, { timeout: 10_000 }).toBe(true);
    expect(sent).toBeLessThan(total);
    let got = 0;
    c.socket.removeAllListeners('data');
    c.socket.on('data', (chunk: Buffer) => (got += chunk.length));
    c.socket.resume();
    await expect.poll(() => got, { timeout: 30_000 }).toBeGreaterThan(total);
  }, 60_000);
});

describe('wire path: bookkeeping', () => {
  it('counts its requests in /metrics, by target and status', async () => {
    const { gw } = await gatewayFor(echo);
    const c = await connect(gw);
    await c.send(get('/api/conversations/1') + get('/api/nope'));
    await c.response();
    await c.response();
    const text = await (await fetch(`${gw.url}/metrics`)).text();
    expect(text).toMatch(/gateway_requests_total\{target="chat",status="200"[^}]*\} 1/);
    expect(text).toMatch(/gateway_requests_total\{target="gateway",status="404"[^}]*\} 1/);
    expect(text).toMatch(/gateway_request_duration_seconds_count\{target="chat"[^}]*\} 1/);
    expect(text).toMatch(/gateway_request_duration_seconds_bucket\{le="\+Inf",target="chat"[^}]*\} 1/);
  });

  it('says Connection: close on answers given while stopping', async () => {
    // The stop starts once the request is at the upstream: after a fixed wait on a busy machine it could
    // start before the gateway had read the request off the connection.
    let arrived!: () => void;
    const atUpstream = new Promise<void>((r) => (arrived = r));
    const { gw } = await gatewayFor(
      (req, res) => {
        arrived();
        setTimeout(() => echo(req, res), 200);
      },
      { SHUTDOWN_GRACE_MS: '5000' },
    );
    const c = await connect(gw);
    await c.send(get('/api/conversations/slow'));
    await atUpstream;
    const stopped = gw.stop();
    const res = await c.response();
    expect(res.status).toBe(200);
    expect(res.headers.connection).toBe('close');
    await c.closed();
    await stopped;
  });
});
