/**
 * The four services for the route fuzz, each built by its own definition (as both run modes build it) on
 * real PostgreSQL (schemas `fuzz_<name>`), sharing one in-process bus, each on its own loopback port.
 * Outer edges only are local: the payment simulator stands in for Stripe, SMTP points at a closed port.
 */
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { SERVICE_TOKEN_TYP, type ServiceName } from '@noek/contracts';
import { captureLogger, createInProcessEventBus, es256KeyPair } from '@noek/service-kit';
import type { ServiceDefinition, ServiceInstance } from '@noek/runtime';
import { newWebhookSecret, startPaymentSimulator } from '@noek/payment-simulator';
import { adminService } from '@noek/admin';
import { authService } from '@noek/auth';
import { billingService } from '@noek/billing';
import { chatService } from '@noek/chat';

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
/** In start order: admin calls auth and chat. */
const definitions: [ServiceName, ServiceDefinition][] = [
  ['auth', authService],
  ['chat', chatService],
  ['billing', billingService],
  ['admin', adminService],
];
export const ADMIN = { email: 'fuzz-admin@example.com', password: 'fuzz-admin-password' };
const schemaFor = (name: string) => `fuzz_${name}`;

export interface FuzzStack {
  urls: Record<ServiceName, string>;
  /** A service token (typ 'service', sub 'admin') for auth's or chat's internal routes. */
  serviceToken(audience: 'auth' | 'chat'): string;
  close(): Promise<void>;
}

function listenOnFreePort(): Promise<http.Server> {
  const server = http.createServer();
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function dropSchemas(): Promise<void> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  for (const [name] of definitions) await client.query(`DROP SCHEMA IF EXISTS "${schemaFor(name)}" CASCADE`);
  await client.end();
}

export async function startFuzzStack(): Promise<FuzzStack> {
  await dropSchemas();
  const { publicKey, privateKey } = es256KeyPair();
  const servers = await Promise.all(definitions.map(() => listenOnFreePort()));
  const urls = Object.fromEntries(
    definitions.map(([name], i) => [name, `http://127.0.0.1:${(servers[i]!.address() as AddressInfo).port}`]),
  ) as Record<ServiceName, string>;
  const webhookSecret = newWebhookSecret();
  const simulator = await startPaymentSimulator({
    webhooks: [{ url: `${urls.billing}/api/payment/webhook`, secret: webhookSecret }],
  });
  const env = {
    NODE_ENV: 'test',
    DATABASE_URL,
    AUTH_PRIVATE_KEY: privateKey,
    AUTH_PUBLIC_KEY: publicKey,
    KEYS_DIR: mkdtempSync(join(tmpdir(), 'noek-fuzz-')),
    APP_ORIGIN: 'http://localhost:8080',
    MARKETING_HOSTS: 'noek.localhost',
    SMTP_URL: 'smtp://127.0.0.1:9',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // Limits stay on, but high enough that mutations reach validation and storage instead of a 429.
    AUTH_RATE_LIMIT_SCALE: '1000',
    OFFLINE_WORD_DELAY_MS: '0',
    PAYMENT_SIMULATOR_URL: simulator.url,
    PAYMENT_SIMULATOR_KEY: simulator.secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    AUTH_URL: urls.auth,
    CHAT_URL: urls.chat,
    LOG_LEVEL: 'silent',
  };
  const bus = createInProcessEventBus();
  const instances: ServiceInstance[] = [];
  for (const [i, [, definition]] of definitions.entries()) {
    const instance = await definition.create({
      env,
      database: (schema) => ({ kind: 'postgres', url: DATABASE_URL, schema: schemaFor(schema) }),
      bus,
      logger: captureLogger().logger,
    });
    await instance.start?.();
    servers[i]!.on('request', instance.app);
    instances.push(instance);
  }
  return {
    urls,
    serviceToken: (audience) =>
      jwt.sign({ typ: SERVICE_TOKEN_TYP }, privateKey, {
        algorithm: 'ES256',
        subject: 'admin',
        audience,
        expiresIn: 600,
      }),
    async close() {
      for (const s of servers) s.closeAllConnections();
      await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
      for (const instance of instances.reverse()) await instance.stop?.();
      await bus.close();
      await simulator.close();
      await dropSchemas();
    },
  };
}
