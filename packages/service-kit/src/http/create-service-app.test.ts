import { afterEach, describe, expect, it } from 'vitest';
import { captureLogger } from '../testing/log-capture';
import { listenForTest } from '../testing/http';
import { NotFoundError } from '../errors/domain-error';
import { createServiceApp, type ServiceAppOptions } from './create-service-app';
import type { RunningHttpServer } from './http-server';
import { markDraining } from './app-state';
import { degradesOnly } from './health';

let running: RunningHttpServer | undefined;
afterEach(async () => {
  await running?.close(100);
  running = undefined;
});

async function start(extra: Partial<ServiceAppOptions> = {}) {
  const { logger, lines } = captureLogger();
  const app = createServiceApp({
    name: 'svc',
    logger,
    routes: (a) => {
      a.get('/api/items/:id', (req, res) => {
        if (req.params.id === 'missing') throw new NotFoundError('No such item.');
        res.json({ id: req.params.id });
      });
      a.post('/api/echo', (req, res) =>
        res.json({ body: req.body as unknown, isBuffer: Buffer.isBuffer(req.body) }),
      );
      a.post('/api/webhook', (req, res) =>
        res.json({ isBuffer: Buffer.isBuffer(req.body), text: String(req.body) }),
      );
    },
    ...extra,
  });
  running = await listenForTest(app);
  return { url: running.url, lines, app };
}

describe('createServiceApp', () => {
  it('answers /healthz and hides x-powered-by', async () => {
    const { url } = await start();
    const res = await fetch(`${url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('echoes a sane incoming request id and replaces an unsafe one', async () => {
    const { url } = await start();
    const ok = await fetch(`${url}/healthz`, { headers: { 'x-request-id': 'gw-123.abc' } });
    expect(ok.headers.get('x-request-id')).toBe('gw-123.abc');
    const bad = await fetch(`${url}/healthz`, { headers: { 'x-request-id': 'x'.repeat(300) } });
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const none = await fetch(`${url}/healthz`);
    expect(none.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports readiness per check, with a timeout', async () => {
    const { url } = await start({
      readinessTimeoutMs: 50,
      readiness: {
        db: async () => {},
        nats: async () => {
          throw new Error('connection refused');
        },
        slow: () => new Promise(() => {}), // never answers
      },
    });
    const res = await fetch(`${url}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      status: 'not_ready',
      checks: { db: 'ok', nats: 'failed', slow: 'failed' },
    });
  });

  it('stays ready while only a degrading dependency is down, and says so in /healthz and /metrics', async () => {
    let natsUp = false;
    const { url } = await start({
      readiness: {
        db: async () => {},
        nats: degradesOnly(async () => {
          if (!natsUp) throw new Error('connection refused');
        }),
      },
    });
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'degraded', checks: { db: 'ok', nats: 'failed' } });
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'degraded', degraded: ['nats'] });
    const down = await (await fetch(`${url}/metrics`)).text();
    expect(down).toMatch(/noek_dependency_up\{dependency="nats",required="false",service="svc"\} 0/);
    expect(down).toMatch(/noek_dependency_up\{dependency="db",required="true",service="svc"\} 1/);

    natsUp = true;
    expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${url}/readyz`)).json()).toEqual({
      status: 'ready',
      checks: { db: 'ok', nats: 'ok' },
    });
    const up = await (await fetch(`${url}/metrics`)).text();
    expect(up).toMatch(/noek_dependency_up\{dependency="nats",required="false",service="svc"\} 1/);
  });

  it('is not ready when a required check fails, even if a degrading one passes', async () => {
    const { url } = await start({
      readiness: {
        db: async () => Promise.reject(new Error('down')),
        nats: degradesOnly(async () => {}),
      },
    });
    const res = await fetch(`${url}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'not_ready', checks: { db: 'failed', nats: 'ok' } });
    expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ status: 'ok' });
  });

  it('is ready with passing checks and not ready once shutdown starts', async () => {
    const { url, app } = await start({ readiness: { db: async () => {} } });
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { db: 'ok' } });
    markDraining(app);
    const draining = await fetch(`${url}/readyz`);
    expect(draining.status).toBe(503);
    expect((await draining.json()).status).toBe('shutting_down');
  });

  it('logs one line per request and keeps probes quiet', async () => {
    const { url, lines } = await start();
    await fetch(`${url}/healthz`);
    await fetch(`${url}/api/items/7`, { headers: { 'x-request-id': 'rid-1' } });
    // The line is written when the response closes on the server, which may come after the client has it.
    // The probe's line, if there were one, would have come before: its response had closed by then.
    await expect.poll(() => lines().some((l) => l.requestId === 'rid-1')).toBe(true);
    const requests = lines().filter((l) => l.msg === 'request');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      requestId: 'rid-1',
      method: 'GET',
      route: '/api/items/:id',
      status: 200,
    });
  });

  it('counts requests by route pattern, not raw path', async () => {
    const { url } = await start();
    await fetch(`${url}/api/items/1`);
    await fetch(`${url}/api/items/2`);
    await fetch(`${url}/api/items/missing`);
    await fetch(`${url}/random/${Math.random()}`);
    const text = await (await fetch(`${url}/metrics`)).text();
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/items\/:id",status="200",service="svc"\} 2/,
    );
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/items\/:id",status="404",service="svc"\} 1/,
    );
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="unmatched",status="404",service="svc"\} 1/,
    );
    expect(text).toContain('http_request_duration_seconds_bucket');
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).not.toContain('/api/items/1"');
  });

  it('lets two apps live in one process', async () => {
    const a = await start();
    const first = running!;
    const { logger } = captureLogger();
    const b = createServiceApp({ name: 'other', logger, routes: () => {} });
    const second = await listenForTest(b);
    expect((await fetch(`${second.url}/metrics`)).status).toBe(200);
    expect((await fetch(`${a.url}/metrics`)).status).toBe(200);
    await second.close(100);
    running = first;
  });

  it('parses JSON up to 100kb by default', async () => {
    const { url } = await start();
    const post = (body: string) =>
      fetch(`${url}/api/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(await (await post('{"a":1}')).json()).toEqual({ body: { a: 1 }, isBuffer: false });
    expect((await post(JSON.stringify({ a: 'x'.repeat(99_000) }))).status).toBe(200);
    expect((await post(JSON.stringify({ a: 'x'.repeat(110_000) }))).status).toBe(413);
  });

  it('gives raw Buffers to rawBodyPaths', async () => {
    const { url } = await start({ rawBodyPaths: ['/api/webhook'] });
    const res = await fetch(`${url}/api/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a": 1}',
    });
    expect(await res.json()).toEqual({ isBuffer: true, text: '{"a": 1}' });
  });
});
