/**
 * Two gateway processes (gateway/dist/main.js) on a nats-server of the test's own, the way a deployment runs
 * several replicas: a client alternating between them is limited at the configured
 * rate, not twice it; a sign-out answered by auth (real, on real PostgreSQL) is refused by both, and the
 * stream one of them relays for that session ends; with NATS down both keep serving, degraded. Behind the
 * gateways, chat, billing and admin are one stand-in that answers everything (it checks no session, so
 * every 401 here is the gateways' own).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiRoutes, eventStream } from '@noek/contracts';
import {
  SESSION_ENDED_MESSAGE,
  captureLogger,
  createNatsEventBus,
  freePort,
  type EventBus,
  es256KeyPair,
} from '@noek/service-kit';
import type { ServiceInstance } from '@noek/runtime';
import { authService } from '@noek/auth';
import { startNatsServer, type NatsServer } from '../e2e/support/nats-server';
import { startGatewayProcess, type GatewayProcess } from './lib/launch';
import { paceClient } from './lib/pace-client';

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const SCHEMA = 'gateway_replicas_auth';
const ADMIN = { email: 'replicas@noek.test', password: 'replicas-password-1' };
const LIMIT = { perMinute: 60, burst: 30 }; // one token a second after the burst
const SHARE_MS = 250;
const keys = es256KeyPair();

let nats: NatsServer;
let bus: EventBus;
let auth: ServiceInstance;
const servers: http.Server[] = [];
let gateways: GatewayProcess[] = [];
/** Streams the stand-in holds open, by request path. */
const held = new Map<string, http.ServerResponse>();

async function listen(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** chat, billing and admin: 200 to anything, and an event stream that stays open on `.../stream`. */
const standIn: http.RequestListener = (req, res) => {
  if (req.url?.endsWith('/stream')) {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('event: token\ndata: {}\n\n');
    held.set(req.url, res);
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{}');
};

async function dropSchema(): Promise<void> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
  await client.end();
}

async function startAuth(): Promise<string> {
  const { logger } = captureLogger();
  bus = createNatsEventBus({ url: nats.url, logger, subjects: eventStream.subjects });
  auth = await authService.create({
    env: {
      NODE_ENV: 'test',
      DATABASE_URL,
      AUTH_PRIVATE_KEY: keys.privateKey,
      AUTH_PUBLIC_KEY: keys.publicKey,
      APP_ORIGIN: 'http://localhost:8080',
      SMTP_URL: 'smtp://127.0.0.1:9',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'silent',
    },
    database: () => ({ kind: 'postgres', url: DATABASE_URL, schema: SCHEMA }),
    bus,
    logger,
  });
  await auth.start?.();
  return listen(auth.app);
}

beforeAll(async () => {
  await dropSchema();
  nats = await startNatsServer(process.env.NATS_SERVER_BIN ?? 'nats-server', await freePort());
  const [authUrl, servicesUrl] = [await startAuth(), await listen(standIn)];
  const env = {
    AUTH_URL: authUrl,
    CHAT_URL: servicesUrl,
    BILLING_URL: servicesUrl,
    ADMIN_URL: servicesUrl,
    AUTH_PUBLIC_KEY: keys.publicKey,
    NATS_URL: nats.url,
    RATE_LIMIT_PER_MINUTE: String(LIMIT.perMinute),
    RATE_LIMIT_BURST: String(LIMIT.burst),
    RATE_LIMIT_SHARE_MS: String(SHARE_MS),
    // Each test is its own client address (X-Forwarded-For), as behind an ingress.
    TRUST_PROXY_HOPS: '1',
    SERVE_STATIC: 'false',
    LOG_LEVEL: 'warn',
  };
  gateways = await Promise.all(
    ['gateway-1', 'gateway-2'].map(async (name) =>
      startGatewayProcess({ port: await freePort(), env, name, output: 'pipe' }),
    ),
  );
  for (const gw of gateways) await until(async () => (await health(gw)).status === 'ok');
}, 90_000);

afterAll(async () => {
  for (const res of held.values()) res.destroy();
  await Promise.all(gateways.map((g) => g.stop()));
  for (const s of servers) s.closeAllConnections();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  await auth?.stop?.();
  await bus?.close();
  await nats?.stop();
  await dropSchema();
});

/** Polls a condition (no timed assertion: the test's timeout bounds it). */
async function until(check: () => Promise<boolean>): Promise<void> {
  // vi.waitFor, not expect.poll: the hooks wait with it too.
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error('not yet');
    },
    { timeout: 60_000, interval: 20 },
  );
}

const health = async (gw: GatewayProcess) =>
  (await (await fetch(`${gw.url}/healthz`)).json()) as { status: string; degraded?: string[] };

type Call = { path: string; client: string; method?: string; cookie?: string; body?: unknown };

function call(gw: GatewayProcess, c: Call): Promise<Response> {
  return fetch(`${gw.url}${c.path}`, {
    method: c.method ?? 'GET',
    headers: {
      'x-forwarded-for': c.client,
      origin: gw.url,
      ...(c.cookie ? { cookie: c.cookie } : {}),
      ...(c.body ? { 'content-type': 'application/json' } : {}),
    },
    body: c.body ? JSON.stringify(c.body) : undefined,
  });
}

/** Signs the admin in through `gw`; answers the session's cookies as a browser would send them. */
async function signIn(gw: GatewayProcess, client: string): Promise<string> {
  const res = await call(gw, { path: apiRoutes.auth.login.path, method: 'POST', client, body: ADMIN });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Polls GET /api/conversations with `cookie` on `gw` until it is refused; answers that refusal. */
async function refusedBy(gw: GatewayProcess, cookie: string, client: string) {
  let last: Response | undefined;
  await expect
    .poll(
      async () => {
        await last?.body?.cancel();
        last = await call(gw, { path: apiRoutes.conversations.list.path, client, cookie });
        return last.status;
      },
      { timeout: 20_000, interval: 5 },
    )
    .not.toBe(200);
  const res = last!;
  return { status: res.status, body: (await res.json()) as { message: string } };
}

describe('several gateway replicas', () => {
  it('hold one rate limit per client address between them, not one each', { timeout: 30_000 }, async () => {
    const client = '198.51.100.7';
    let allowed = 0;
    let sent = 0;
    const started = performance.now();
    // ~40 requests a second for 3 s, alternating: alone, each replica would let 30 + 3 through.
    while (performance.now() - started < 3_000) {
      const res = await call(gateways[sent % 2]!, { path: '/api/version', client });
      await res.body?.cancel();
      if (res.status === 200) allowed += 1;
      else expect(res.status).toBe(429);
      sent += 1;
      await paceClient(25);
    }
    const seconds = (performance.now() - started) / 1000;
    // The configured rate (burst + one a second), plus what one interval lets through twice (sent to the
    // other replica before it was heard): the documented bound.
    const oneInterval = Math.ceil((sent / seconds) * (SHARE_MS / 1000));
    expect(allowed).toBeGreaterThanOrEqual(LIMIT.burst);
    expect(allowed).toBeLessThanOrEqual(LIMIT.burst + Math.ceil(seconds) + 2 * oneInterval);
    expect(allowed).toBeLessThan(2 * LIMIT.burst); // what two separate limits would have allowed, at least
  });

  it(
    'both refuse a signed-out session and end its stream; sign-out everywhere too',
    { timeout: 30_000 },
    async () => {
      const client = '198.51.100.8';
      const [one, two] = gateways as [GatewayProcess, GatewayProcess];
      const cookie = await signIn(one, client);
      const stream = await call(two, { path: '/api/conversations/1/stream', client, cookie });
      expect(stream.status).toBe(200);
      const streamText = stream.text();
      for (const gw of gateways)
        expect((await call(gw, { path: apiRoutes.conversations.list.path, client, cookie })).status).toBe(
          200,
        );

      const out = await call(one, { path: apiRoutes.auth.logout.path, method: 'POST', client, cookie });
      expect(out.status).toBeLessThan(300);
      const revokedInSecond = Math.floor(Date.now() / 1000);
      for (const gw of gateways)
        expect(await refusedBy(gw, cookie, client)).toEqual({
          status: 401,
          body: expect.objectContaining({ message: SESSION_ENDED_MESSAGE }),
        });
      // Ended cleanly by the gateway (the stand-in never ends it): the text resolves, no socket error.
      expect(await streamText).toBe('event: token\ndata: {}\n\n');

      // Tokens carry whole seconds (iat): sign in again in a later second than the revocation's.
      await expect
        .poll(() => Math.floor(Date.now() / 1000), { timeout: 5_000, interval: 20 })
        .toBeGreaterThan(revokedInSecond);
      const again = await signIn(two, client);
      const everywhere = await call(two, {
        path: apiRoutes.auth.logoutEverywhere.path,
        method: 'POST',
        client,
        cookie: again,
      });
      expect(everywhere.status).toBeLessThan(300);
      for (const gw of gateways) expect((await refusedBy(gw, again, client)).status).toBe(401);
    },
  );

  it('keep serving with NATS down, report it, and recover when it is back', { timeout: 60_000 }, async () => {
    const client = '198.51.100.9';
    await nats.kill();
    for (const gw of gateways) {
      await until(async () => (await health(gw)).status === 'degraded');
      expect(await health(gw)).toEqual({ status: 'degraded', degraded: ['events'] });
      expect((await fetch(`${gw.url}/readyz`)).status).toBe(200);
      expect((await call(gw, { path: '/api/version', client })).status).toBe(200);
    }
    await nats.restart();
    for (const gw of gateways) await until(async () => (await health(gw)).status === 'ok');
  });
});
