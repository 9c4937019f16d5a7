import { join, resolve } from 'node:path';
import {
  createInProcessEventBus,
  createLifecycle,
  createLogger,
  OUTBOX_CHANNEL,
  startHttpServer,
  type EventBus,
} from '@noek/service-kit';
import { keepAnalyzed, openEmbeddedPostgresWorker, outboxWakeups } from '@noek/db';
import { embeddedConfig } from './config';
import { embeddedDatabaseUrl } from './defaults';
import { drainService } from './drain-service';
import type { ServiceDefinition } from './service-definition';

import type { Env } from './service-definition';

export interface EmbeddedGateway {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Services keyed by the name the gateway knows them by (auth, chat, billing, admin). */
  services: Record<string, ServiceDefinition>;
  /**
   * Starts the gateway given the services' URLs as env (AUTH_URL, CHAT_URL, ...) and the in-process bus the
   * services publish on (the gateway follows auth's revocations on it).
   */
  startGateway(env: Env, bus: EventBus): Promise<EmbeddedGateway>;
  env: Env;
  /** Lines for the start-up banner: which parts are embedded and which real. */
  describe?: (env: Env) => string[];
}

/**
 * `npm start`: every service in this one process on one embedded PostgreSQL (PGlite under DATA_DIR on a
 * worker thread of its own, a schema per service) and the in-process event bus; services listen on loopback ports and the gateway
 * proxies to them exactly as it does when they run apart.
 */
export async function startEmbedded(opts: EmbeddedOptions): Promise<EmbeddedGateway> {
  const started = Date.now();
  const cfg = embeddedConfig(opts.env);
  const logger = createLogger({ name: 'noek', level: cfg.LOG_LEVEL });
  const lifecycle = createLifecycle({ logger, graceMs: cfg.SHUTDOWN_GRACE_MS });
  lifecycle.installSignalHandlers();

  // PGlite runs on a worker thread of its own, so the database and the services and gateway here use
  // two cores; the services reach it through a PGlite-shaped handle (embedded-worker-client.ts).
  const pglite = await openEmbeddedPostgresWorker(resolve(cfg.DATA_DIR, 'postgres'));
  lifecycle.onShutdown(() => pglite.close(), 'embedded postgres');
  const bus = createInProcessEventBus();
  lifecycle.onShutdown(() => bus.close(), 'event bus');

  const urls: Env = {};
  const drains: (() => Promise<void>)[] = [];
  const serviceEnv: Env = { ...opts.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: embeddedDatabaseUrl };
  for (const [name, def] of Object.entries(opts.services)) {
    const service = await def.create({
      // Services started earlier are reachable by the later ones (admin calls auth's and chat's internal APIs).
      env: { ...serviceEnv, ...urls },
      database: (schema) => ({ kind: 'pglite', pglite, schema }),
      outboxWakeups: (target) => outboxWakeups(target, OUTBOX_CHANNEL),
      bus,
      logger: logger.child({ service: name }),
    });
    lifecycle.onShutdown(() => service.stop?.(), `${name} service`);
    await service.start?.();
    const http = await startHttpServer(service.app, { port: 0, host: '127.0.0.1', logger });
    lifecycle.onShutdown(() => http.close(cfg.SHUTDOWN_GRACE_MS), `${name} http`);
    drains.push(() => drainService(service, cfg.SHUTDOWN_GRACE_MS));
    urls[`${name.toUpperCase()}_URL`] = http.url;
  }

  // After every service migrated its schema: PGlite has no autovacuum, so statistics are kept here.
  const stopAnalyze = keepAnalyzed(pglite, {
    onError: (error) => logger.warn({ err: error }, 'embedded ANALYZE failed'),
  });
  lifecycle.onShutdown(stopAnalyze, 'embedded analyze');
  const gateway = await opts.startGateway(
    { ...opts.env, ...urls, PORT: String(cfg.PORT), HOST: cfg.HOST },
    bus,
  );
  lifecycle.onShutdown(() => gateway.stop(), 'gateway');
  // Runs first: every service drains at once (replies end with final events) while the gateway still serves.
  lifecycle.onShutdown(async () => void (await Promise.all(drains.map((d) => d()))), 'drain');

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const lines = [
    '',
    `  Noek is running at ${gateway.url}  (ready in ${seconds} s)`,
    '',
    `  database     embedded PostgreSQL (PGlite, its own thread) in ${join(cfg.DATA_DIR, 'postgres')}`,
    '  events       in-process bus',
    ...(opts.describe?.(opts.env) ?? []),
    '',
  ];
  console.log(lines.join('\n'));
  return gateway;
}
