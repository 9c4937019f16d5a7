import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@noek/contracts';
import { echo, rawRequest, startGateway, startUpstream, writeLater } from './test/harness';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(handler: Parameters<typeof startUpstream>[0], env: Record<string, string> = {}) {
  const up = await startUpstream(handler);
  const gw = await startGateway({ CHAT_URL: up.url, ...env });
  cleanups.push(
    () => up.close(),
    () => gw.stop(),
  );
  return { up, gw };
}

/** Resolves when called; lets an upstream wait for the test. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

describe('upstream failures', () => {
  it('502 with a plain message when the upstream is down', async () => {
    const down = await startUpstream(echo);
    await down.close();
    const gw = await startGateway({ BILLING_URL: down.url });
    cleanups.push(() => gw.stop());
    const res = await fetch(`${gw.url}/api/subscription/status`);
    expect(res.status).toBe(502);
    expect(errorBodySchema.parse(await res.json())).toMatchObject({
      code: 'BAD_GATEWAY',
      message: 'The billing service is unavailable. Please try again shortly.',
    });
  });

  it('504 within the bound when the upstream never answers', async () => {
    const { gw } = await setup(
      () => {
        /* accepts and stalls */
      },
      { UPSTREAM_TIMEOUT_MS: '300' },
    );
    const started = Date.now();
    const res = await fetch(`${gw.url}/api/conversations`);
    const elapsed = Date.now() - started;
    expect(res.status).toBe(504);
    expect(((await res.json()) as { code: string }).code).toBe('GATEWAY_TIMEOUT');
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(2_000);
  });

  it('cuts the client connection when a normal response stalls mid-body', async () => {
    const { gw } = await setup(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"partial":');
      },
      { UPSTREAM_TIMEOUT_MS: '300' },
    );
    const started = Date.now();
    await expect(rawRequest(`${gw.url}/api/conversations`)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('cuts the client connection when the upstream dies mid-response', async () => {
    const { gw } = await setup((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"partial":', () => res.socket?.destroy());
    });
    await expect(rawRequest(`${gw.url}/api/conversations`)).rejects.toThrow();
  });

  it('503 when more requests are in flight to one upstream than allowed', async () => {
    const release = gate();
    // The second request is sent once the first is at the upstream: after a fixed wait, on a busy machine,
    // the first might not be in flight yet.
    const firstArrived = gate();
    const { gw } = await setup(
      (req, res) => {
        firstArrived.open();
        void release.opened.then(() => echo(req, res));
      },
      { UPSTREAM_MAX_SOCKETS: '1' },
    );
    const first = fetch(`${gw.url}/api/conversations/1`);
    await firstArrived.opened;
    const second = await fetch(`${gw.url}/api/conversations/2`);
    expect(second.status).toBe(503);
    expect(second.headers.get('retry-after')).toBe('1');
    expect(((await second.json()) as { code: string }).code).toBe('SERVICE_UNAVAILABLE');
    release.open();
    expect((await first).status).toBe(200);
    // The slot is free again.
    expect((await fetch(`${gw.url}/api/conversations/3`)).status).toBe(200);
  });
});

describe('event streams', () => {
  it('relays each event as it comes, unbuffered and uncompressed', async () => {
    const firstSeen = gate();
    let upstreamEnded = false;
    const { gw } = await setup((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write('data: one\n\n');
      void firstSeen.opened.then(() => {
        upstreamEnded = true;
        res.end('data: two\n\n');
      });
    });
    const res = await fetch(`${gw.url}/api/conversations/c1/stream`, {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('data: one\n\n');
    expect(upstreamEnded).toBe(false); // arrived while the upstream was still holding the stream open
    firstSeen.open();
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read())
      rest += new TextDecoder().decode(r.value);
    expect(rest).toBe('data: two\n\n');
  });

  it('has no total time limit once started, and sends heartbeats while the upstream is quiet', async () => {
    const done = gate();
    const { gw } = await setup(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: start\n\n');
        void done.opened.then(() => res.end('data: end\n\n'));
      },
      { UPSTREAM_TIMEOUT_MS: '200', SSE_HEARTBEAT_MS: '100' },
    );
    const res = await fetch(`${gw.url}/api/conversations/c1/stream`);
    // The upstream ends once three heartbeats came through: 300 ms and more, past UPSTREAM_TIMEOUT_MS.
    const reader = res.body!.getReader();
    let text = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      text += new TextDecoder().decode(r.value);
      if (text.split(': keep-alive\n\n').length > 3) done.open();
    }
    expect(text.startsWith('data: start\n\n')).toBe(true);
    expect(text.endsWith('data: end\n\n')).toBe(true);
    expect(text).toContain(': keep-alive\n\n');
  });

  it('never writes a heartbeat into the middle of an event', async () => {
    const { gw } = await setup(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: par');
        writeLater(400, () => res.end('tial\n\n'));
      },
      { SSE_HEARTBEAT_MS: '50' },
    );
    const text = await (await fetch(`${gw.url}/api/conversations/c1/stream`)).text();
    expect(text).toBe('data: partial\n\n');
  });

  it('ends open streams when the gateway stops', async () => {
    const { gw } = await setup((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: start\n\n');
    });
    const res = await fetch(`${gw.url}/api/conversations/c1/stream`);
    // The gateway stops once the first event has reached the client, not after a fixed wait.
    const reader = res.body!.getReader();
    const first = await reader.read();
    let text = new TextDecoder().decode(first.value);
    const started = Date.now();
    await gw.stop();
    for (let r = await reader.read(); !r.done; r = await reader.read())
      text += new TextDecoder().decode(r.value);
    expect(text).toBe('data: start\n\n');
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe('shutdown', () => {
  it('lets an in-flight request finish, then closes', async () => {
    // The stop starts once the request is at the upstream: after a fixed wait on a busy machine it could
    // start before the gateway even had the request, which it then refuses.
    const arrived = gate();
    const stopping = gate();
    const up = await startUpstream((req, res) => {
      arrived.open();
      void stopping.opened.then(() => echo(req, res));
    });
    const gw = await startGateway({ CHAT_URL: up.url, SHUTDOWN_GRACE_MS: '5000' });
    cleanups.push(() => up.close());
    const pending = fetch(`${gw.url}/api/conversations`);
    await arrived.opened;
    const stopped = gw.stop();
    stopping.open();
    expect((await pending).status).toBe(200);
    await stopped;
    await expect(fetch(`${gw.url}/healthz`)).rejects.toThrow();
  });

  it('cuts requests still running when the grace period ends', async () => {
    // Stopped once the request is at the upstream: a request refused because the stop came first would
    // also read as 'cut', and the test would pass without a grace period to end.
    const arrived = gate();
    const up = await startUpstream(() => {
      arrived.open(); // and never answers
    });
    const gw = await startGateway({ CHAT_URL: up.url, SHUTDOWN_GRACE_MS: '200' });
    cleanups.push(() => up.close());
    const pending = fetch(`${gw.url}/api/conversations`).then(
      (r) => r.status,
      () => 'cut',
    );
    await arrived.opened;
    const started = Date.now();
    await gw.stop();
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(await pending).toBe('cut');
  });
});

describe('client disconnect', () => {
  it('aborts the upstream request', async () => {
    const upstreamClosed = gate();
    const { gw } = await setup((_req, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: hi\n\n');
      res.on('close', upstreamClosed.open);
    });
    await new Promise<void>((resolve) => {
      const req = request(`${gw.url}/api/conversations/c1/stream`, (res: IncomingMessage) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.end();
    });
    await upstreamClosed.opened;
  });

  it('does not send the request again after aborting it on a kept-alive connection', async () => {
    const seen: string[] = [];
    const { gw } = await setup(
      (req, res) => {
        seen.push(req.url!);
        if (req.url === '/api/conversations/warm') echo(req, res);
      },
      { UPSTREAM_TIMEOUT_MS: '200' },
    );
    expect((await fetch(`${gw.url}/api/conversations/warm`)).status).toBe(200);
    // The next request reuses the warm upstream socket, stalls, and times out.
    expect((await fetch(`${gw.url}/api/conversations/stall`)).status).toBe(504);
    // A request sent again would reach the upstream before the next one answers.
    expect((await fetch(`${gw.url}/api/conversations/warm`)).status).toBe(200);
    expect(seen).toEqual(['/api/conversations/warm', '/api/conversations/stall', '/api/conversations/warm']);
  });

  it('aborts the upstream request while it is still waiting for headers', async () => {
    const upstreamClosed = gate();
    // Aborted once the request is at the upstream; aborted earlier, it might never have left the client.
    const arrived = gate();
    const { gw } = await setup((req) => {
      req.socket.on('close', upstreamClosed.open);
      arrived.open();
    });
    const controller = new AbortController();
    const pending = fetch(`${gw.url}/api/conversations`, { signal: controller.signal }).catch(
      () => 'aborted',
    );
    await arrived.opened;
    controller.abort();
    expect(await pending).toBe('aborted');
    await upstreamClosed.opened;
  });
});

describe('body size limit', () => {
  it('413 on a declared length over the limit, without contacting the upstream', async () => {
    let hits = 0;
    const { gw } = await setup(
      (req, res) => {
        hits += 1;
        echo(req, res);
      },
      { MAX_BODY_BYTES: '1000' },
    );
    const res = await rawRequest(`${gw.url}/api/conversations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(5_000, 'x'),
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(hits).toBe(0);
  });

  it('413 when a chunked body grows past the limit while streaming', async () => {
    const { gw } = await setup(echo, { MAX_BODY_BYTES: '1000' });
    const res = await rawRequest(`${gw.url}/api/conversations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: Buffer.alloc(5_000, 'x'),
    });
    expect(res.status).toBe(413);
  });

  it('a body at the limit passes', async () => {
    const { gw } = await setup(echo, { MAX_BODY_BYTES: '1000' });
    const res = await rawRequest(`${gw.url}/api/conversations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(1_000, 'x'),
    });
    expect(res.status).toBe(200);
  });
});
