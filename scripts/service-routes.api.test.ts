/**
 * Contracts bind both sides: each service's app, built by its own definition (as both run modes build
 * it), registers exactly the routes the contracts declare for it (apiRoutes by the gateway's prefix map,
 * plus internalRoutes and opsRoutes), and no route the contracts lack; and it registers each of them from
 * its contract entry (service-kit contractRoute), so its answer is typed by the entry and, under test,
 * checked against it: a route answering a shape its contract does not declare fails every API test that
 * calls it (and the fuzz of every route, which refuses any 5xx). Real PostgreSQL: the services migrate
 * their own schemas (here under `routes_<name>`), as they do at start.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  apiRoutes,
  internalRoutes,
  opsRoutes,
  serviceForApiPath,
  type ApiRoute,
  type ServiceName,
} from '@noek/contracts';
import { captureLogger, contractRoutesOf, createInProcessEventBus, es256KeyPair } from '@noek/service-kit';
import type { ServiceDefinition, ServiceInstance } from '@noek/runtime';
import { adminService } from '@noek/admin';
import { authService } from '@noek/auth';
import { billingService } from '@noek/billing';
import { chatService } from '@noek/chat';

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const definitions: Record<ServiceName, ServiceDefinition> = {
  auth: authService,
  chat: chatService,
  billing: billingService,
  admin: adminService,
};

/**
 * Registered only in the single-process mode, on purpose outside the product's API: auth's dev mailbox
 * (no SMTP configured and DEV_MAILBOX=true; decisions.md): allowed beside the contracts, never
 * required (this test runs the separate-process mode, where auth refuses the mailbox).
 */
const DEV_ONLY: Partial<Record<ServiceName, ApiRoute[]>> = {
  auth: [
    { method: 'GET', path: '/api/auth/dev/mailbox' },
    { method: 'GET', path: '/api/auth/dev/mailbox.json' },
  ],
};

/**
 * Declared by the contracts ahead of the service that will serve them, each with who serves it. The test
 * fails once one is served, so the entry goes with that change.
 */
const NOT_YET_SERVED: Partial<Record<ServiceName, string[]>> = {};

/** Which internalRoutes group each service serves (`<service><Group>` by name). */
function internalFor(service: ServiceName): ApiRoute[] {
  return Object.entries(internalRoutes)
    .filter(([group]) => group.startsWith(service))
    .flatMap(([, routes]) => Object.values(routes));
}

function flatten(table: object): ApiRoute[] {
  return Object.values(table).flatMap((v: ApiRoute | object) =>
    'method' in v && 'path' in v ? [v as ApiRoute] : flatten(v),
  );
}

/** What the contracts say `service` answers. */
function declaredFor(service: ServiceName): string[] {
  const api = flatten(apiRoutes).filter((r) => serviceForApiPath(r.path) === service);
  return [...api, ...internalFor(service), ...opsRoutes].map(key).sort();
}

const key = (r: { method: string; path: string }) => `${r.method.toUpperCase()} ${r.path}`;

interface RouterLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

/** The method + path of every route on the app's router (Express 5: app.router.stack). */
function registeredRoutes(app: Express): string[] {
  const stack = (app as unknown as { router: { stack: RouterLayer[] } }).router.stack;
  const out = new Set<string>();
  for (const layer of stack) {
    if (!layer.route) continue;
    const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
    for (const path of paths)
      for (const [method, on] of Object.entries(layer.route.methods))
        if (on && method !== '_all') out.add(key({ method, path }));
  }
  return [...out].sort();
}

function testEnv() {
  const { publicKey, privateKey } = es256KeyPair();
  return {
    NODE_ENV: 'test',
    DATABASE_URL,
    AUTH_PRIVATE_KEY: privateKey,
    AUTH_PUBLIC_KEY: publicKey,
    KEYS_DIR: mkdtempSync(join(tmpdir(), 'noek-routes-')),
    APP_ORIGIN: 'http://localhost:8080',
    MARKETING_HOSTS: 'noek.localhost',
    // Separate-process mode (PostgreSQL): the dev mailbox is refused there, mail goes to SMTP.
    SMTP_URL: 'smtp://127.0.0.1:2525',
    LOG_LEVEL: 'silent',
  };
}

const schemaFor = (schema: string) => `routes_${schema}`;
const instances: ServiceInstance[] = [];

afterAll(async () => {
  for (const i of instances) await i.stop?.();
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  for (const name of Object.keys(definitions))
    await client.query(`DROP SCHEMA IF EXISTS "${schemaFor(name)}" CASCADE`);
  await client.end();
});

describe.each(Object.keys(definitions) as ServiceName[])(
  '%s registers exactly its contract routes',
  (name) => {
    it('no route the contracts lack, and every route they declare for it', async () => {
      const { logger } = captureLogger();
      const instance = await definitions[name].create({
        env: testEnv(),
        database: (schema) => ({ kind: 'postgres', url: DATABASE_URL, schema: schemaFor(schema) }),
        bus: createInProcessEventBus(),
        logger,
      });
      instances.push(instance);
      const registered = registeredRoutes(instance.app);
      const declared = declaredFor(name);
      const devOnly = (DEV_ONLY[name] ?? []).map(key);
      expect(
        registered.filter((r) => !declared.includes(r) && !devOnly.includes(r)),
        'registered but not in contracts',
      ).toEqual([]);
      const missing = declared.filter((r) => !registered.includes(r));
      expect(missing, 'in contracts but not registered').toEqual(NOT_YET_SERVED[name] ?? []);
      const ops = opsRoutes.map(key);
      const bound = [...contractRoutesOf(instance.app)].sort();
      expect(
        registered.filter((r) => !ops.includes(r) && !devOnly.includes(r) && !bound.includes(r)),
        'registered without its contract entry (use contractRoute)',
      ).toEqual([]);
    });
  },
);

describe('the route listing', () => {
  it('sees routes and methods (it is not blind)', async () => {
    const { default: express } = await import('express');
    const app = express();
    app.get('/a/:id', () => undefined);
    app.patch('/a/:id', () => undefined);
    app.use('/b', () => undefined);
    expect(registeredRoutes(app)).toEqual(['GET /a/:id', 'PATCH /a/:id']);
  });
});
