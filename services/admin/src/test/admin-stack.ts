import pg from 'pg';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { NOEK_STREAM, noekStreamSubjects } from '@noek/contracts';
import { outboxWakeups } from '@noek/db';
import {
  createLogger,
  createNatsEventBus,
  OUTBOX_CHANNEL,
  startHttpServer,
  type EventBus,
  type RunningHttpServer,
  es256KeyPair,
} from '@noek/service-kit';
import type { ServiceDefinition, ServiceInstance } from '@noek/service-kit';
import { createGateway, loadGatewayConfig } from '@noek/gateway';
// The cross-service API test runs the real auth and chat beside admin (as the multi-process mode does);
// production code of admin never imports them (eslint's service boundary), only this harness.
/* eslint-disable no-restricted-imports */
import { authService } from '@noek/auth';
import { chatService } from '@noek/chat';
import { createClient } from '../../../auth/src/test/http-client';
import { startSmtpCapture, tokenFromMail } from '../../../auth/src/test/smtp-capture';
/* eslint-enable no-restricted-imports */
import { adminService } from '../definition';
import { startSlowUpstream } from './slow-upstream';

/** The API tests' real servers: PostgreSQL (its own database) and NATS (its own server). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
export const TEST_NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const PREFIX = 'admin_api';
export const ADMIN = { name: 'Root Admin', email: 'root@noek.test', password: 'root-password-1' };

type Running = { instance: ServiceInstance; http: RunningHttpServer; bus: EventBus; port: number };
export type TestClient = ReturnType<typeof createClient>;

async function resetState(): Promise<void> {
  const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await c.connect();
  for (const s of ['auth', 'chat', 'admin']) await c.query(`DROP SCHEMA IF EXISTS "${PREFIX}_${s}" CASCADE`);
  await c.end();
  // A fresh stream: durables and events of an earlier run must not leak into this one.
  const nc = await connect({ servers: TEST_NATS_URL });
  const jsm = await jetstreamManager(nc);
  await jsm.streams.delete(NOEK_STREAM).catch(() => false);
  await nc.close();
}

/**
 * auth, chat and admin as separate services (each its own HTTP server, schema and NATS connection), and
 * the real gateway in front: the multi-process shape, in one test process.
 */
export async function startAdminStack() {
  await resetState();
  const { publicKey, privateKey } = es256KeyPair();
  // Auth mails over SMTP here: the dev mailbox exists only in the single-process mode.
  const smtp = await startSmtpCapture();
  const logger = createLogger({
    name: 'admin-api',
    level: (process.env.TEST_LOG_LEVEL as 'silent') ?? 'silent',
  });
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATABASE_URL: TEST_DATABASE_URL,
    NATS_URL: TEST_NATS_URL,
    AUTH_PRIVATE_KEY: privateKey,
    AUTH_PUBLIC_KEY: publicKey,
    APP_ORIGIN: 'http://localhost:8080',
    SMTP_URL: smtp.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_NAME: ADMIN.name,
    AUTH_RATE_LIMIT_SCALE: '1000',
    // auth's own sweep ends grants at their time (the grant test waits for it).
    GRANT_SWEEP_INTERVAL_MS: '300',
    OFFLINE_WORD_DELAY_MS: '60',
    DOWNSTREAM_TIMEOUT_MS: '2000',
    // chat seals the API keys of the providers admins store with it.
    PROVIDER_SECRET_KEY: 'admin-stack-provider-secret-of-32-characters',
    OLLAMA_URL: 'off',
    LOG_LEVEL: 'silent',
  };
  const urls: Record<string, string> = {};
  const running: Record<string, Running> = {};
  const start = async (
    name: string,
    def: ServiceDefinition,
    port = 0,
    extra: Record<string, string> = {},
  ): Promise<Running> => {
    const bus = createNatsEventBus({
      url: TEST_NATS_URL,
      logger,
      subjects: noekStreamSubjects,
      name: `${name}-test`,
    });
    const instance = await def.create({
      env: { ...env, ...urls, ...extra },
      database: (schema) => ({ kind: 'postgres', url: TEST_DATABASE_URL, schema: `${PREFIX}_${schema}` }),
      outboxWakeups: (target) => outboxWakeups(target, OUTBOX_CHANNEL),
      bus,
      logger: logger.child({ service: name }),
    });
    await instance.start?.();
    const http = await startHttpServer(instance.app, { port, host: '127.0.0.1', logger });
    urls[`${name.toUpperCase()}_URL`] = http.url;
    const r = { instance, http, bus, port: Number(new URL(http.url).port) };
    running[name] = r;
    return r;
  };
  await start('auth', authService);
  await start('chat', chatService);
  // admin reaches auth through a hop that can hold auth's answers back (a busy machine).
  const authHop = await startSlowUpstream(() => urls.AUTH_URL!);
  await start('admin', adminService, 0, { AUTH_URL: authHop.url });
  const gateway = createGateway(
    loadGatewayConfig({ ...env, ...urls, PORT: '0', BILLING_URL: 'http://127.0.0.1:9' }),
  );
  const { url } = await gateway.start();

  const stopService = async (name: string) => {
    const r = running[name]!;
    await r.http.close(500);
    await r.instance.stop?.();
    await r.bus.close();
  };

  return {
    url,
    urls,
    publicKey,
    privateKey,
    authHop,
    client: (origin?: string | null) => createClient(url, { origin }),
    /** The token of the newest verification mail to `email`. */
    verificationToken: async (email: string) => tokenFromMail(await smtp.waitFor(email), '/verify-email'),
    /** Stops chat (HTTP, consumers, bus) to show the admin table and actions without it. */
    stopChat: () => stopService('chat'),
    startChat: async () => {
      await start('chat', chatService, running.chat!.port);
    },
    async close() {
      await gateway.stop();
      for (const name of ['admin', 'chat', 'auth']) await stopService(name).catch(() => undefined);
      await smtp.close();
      await authHop.close();
    },
  };
}
export type AdminStack = Awaited<ReturnType<typeof startAdminStack>>;
