/**
 * Readiness means "can serve" (docs/deployment.md "Readiness"): a service built by its own
 * definition on real PostgreSQL and a private nats-server (never the shared one) stays ready while NATS is
 * down, keeps serving writes (their events wait in the outbox), and reports the degradation in /healthz,
 * /readyz and `noek_dependency_up`; when NATS is back the report clears by itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventStream } from '@noek/contracts';
import { captureLogger, createNatsEventBus, type EventBus, es256KeyPair } from '@noek/service-kit';
import type { ServiceInstance } from '@noek/runtime';
import { authService } from '@noek/auth';

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const SCHEMA = 'readiness_auth';
const storeDir = mkdtempSync(join(tmpdir(), 'noek-readiness-nats-'));
let nats: ChildProcess | undefined;
let natsPort = 0;
let bus: EventBus;
let instance: ServiceInstance;
let server: http.Server;
let url = '';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

function startNats(): void {
  nats = spawn('/usr/sbin/nats-server', ['-a', '127.0.0.1', '-p', String(natsPort), '-js', '-sd', storeDir], {
    stdio: 'ignore',
  });
}

async function killNats(): Promise<void> {
  const s = nats;
  if (!s || s.exitCode !== null) return;
  await new Promise((resolve) => {
    s.once('exit', resolve);
    s.kill('SIGKILL');
  });
}

/** Polls a condition (no timed assertion: the test's own timeout bounds it). */
async function until(check: () => boolean): Promise<void> {
  await expect.poll(check, { timeout: 120_000 }).toBe(true);
}

async function dropSchema(): Promise<void> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
  await client.end();
}

beforeAll(async () => {
  await dropSchema();
  natsPort = await freePort();
  startNats();
  const { logger } = captureLogger();
  bus = createNatsEventBus({ url: `nats://127.0.0.1:${natsPort}`, logger, subjects: eventStream.subjects });
  const { publicKey, privateKey } = es256KeyPair();
  instance = await authService.create({
    env: {
      NODE_ENV: 'test',
      DATABASE_URL,
      AUTH_PRIVATE_KEY: privateKey,
      AUTH_PUBLIC_KEY: publicKey,
      APP_ORIGIN: 'http://localhost:8080',
      SMTP_URL: 'smtp://127.0.0.1:9',
      LOG_LEVEL: 'silent',
    },
    database: () => ({ kind: 'postgres', url: DATABASE_URL, schema: SCHEMA }),
    bus,
    logger,
  });
  await instance.start?.();
  server = http.createServer(instance.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await instance?.stop?.();
  await bus?.close();
  await killNats();
  rmSync(storeDir, { recursive: true, force: true });
  await dropSchema();
});

const get = async (path: string) => {
  const res = await fetch(`${url}${path}`);
  return { status: res.status, text: await res.text() };
};
const gauge = (text: string, dependency: string) =>
  new RegExp(
    `noek_dependency_up\\{dependency="${dependency}",required="(true|false)",service="auth"\\} (\\d)`,
  )
    .exec(text)
    ?.slice(1);

describe('a service through a NATS outage', () => {
  it(
    'stays ready and serving, reports the degradation, and clears it when NATS is back',
    { timeout: 60_000 },
    async () => {
      await until(() => bus.isHealthy());
      // The service's own readiness (its checks run after the bus connects), not only the bus.
      await expect.poll(async () => (await get('/readyz')).status, { timeout: 30_000 }).toBe(200);
      expect(await get('/readyz')).toEqual({
        status: 200,
        text: JSON.stringify({ status: 'ready', checks: { database: 'ok', events: 'ok' } }),
      });

      await killNats();
      await until(() => !bus.isHealthy());
      const ready = await get('/readyz');
      expect(ready.status).toBe(200);
      expect(JSON.parse(ready.text)).toEqual({
        status: 'degraded',
        checks: { database: 'ok', events: 'failed' },
      });
      expect(JSON.parse((await get('/healthz')).text)).toEqual({ status: 'degraded', degraded: ['events'] });
      const metrics = (await get('/metrics')).text;
      expect(gauge(metrics, 'events')).toEqual(['false', '0']);
      expect(gauge(metrics, 'database')).toEqual(['true', '1']);
      const signup = await fetch(`${url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Outage', email: 'outage@example.com', password: 'outage-password' }),
      });
      expect(signup.status).toBe(201);

      startNats();
      await until(() => bus.isHealthy());
      expect(JSON.parse((await get('/readyz')).text).status).toBe('ready');
      expect(JSON.parse((await get('/healthz')).text)).toEqual({ status: 'ok' });
      expect(gauge((await get('/metrics')).text, 'events')).toEqual(['false', '1']);
    },
  );
});
