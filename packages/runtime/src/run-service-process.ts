import {
  createLifecycle,
  createLogger,
  createNatsEventBus,
  loadConfigOrExit,
  OUTBOX_CHANNEL,
  startHttpServer,
} from '@noek/service-kit';
import { outboxWakeups } from '@noek/db';
import { eventStream } from '@noek/contracts';
import { processEnv, runtimeConfig } from './config';
import { drainService } from './drain-service';
import type { ServiceDefinition } from './service-definition';

/**
 * A service's main.ts: one service in its own process, on real PostgreSQL and NATS from the environment.
 * SIGTERM: readiness fails, work in flight is drained (drainService), in-flight requests and streams finish
 * within the grace period, background work stops, NATS drains, then exit 0.
 */
export async function runServiceProcess(def: ServiceDefinition): Promise<void> {
  const env = processEnv();
  const rt = loadConfigOrExit(def.name, () => runtimeConfig(env));
  const logger = createLogger({ name: def.name, level: rt.LOG_LEVEL });
  const lifecycle = createLifecycle({ logger, graceMs: rt.SHUTDOWN_GRACE_MS });
  lifecycle.installSignalHandlers();
  try {
    // Not awaited: a service starts while NATS is down, reports it (degraded, still ready) and recovers when it is back.
    const bus = createNatsEventBus({
      url: rt.NATS_URL,
      logger,
      streamName: rt.NATS_STREAM,
      subjects: eventStream.subjects,
    });
    lifecycle.onShutdown(() => bus.close(), 'event bus');
    const service = await def.create({
      env,
      database: (schema) => ({ kind: 'postgres', url: rt.DATABASE_URL, schema }),
      outboxWakeups: (target) => outboxWakeups(target, OUTBOX_CHANNEL),
      bus,
      logger,
    });
    lifecycle.onShutdown(() => service.stop?.(), 'service');
    await service.start?.();
    const port = env.PORT ? rt.PORT : (def.defaultPort ?? rt.PORT);
    // After the drain, one more second of answers with `Connection: close` before the server closes:
    // the gateway takes this address out of rotation on the first one, so no request meets a socket
    // being closed.
    const http = await startHttpServer(service.app, { port, host: rt.HOST, logger, unreadyDelayMs: 1_000 });
    lifecycle.onShutdown(() => http.close(rt.SHUTDOWN_GRACE_MS), 'http');
    // Registered last, so it runs first: work in flight finishes before the server closes.
    lifecycle.onShutdown(() => drainService(service, rt.SHUTDOWN_GRACE_MS), 'drain');
  } catch (err) {
    logger.fatal({ err }, `${def.name} failed to start`);
    await lifecycle.shutdown('start-up failed');
    process.exitCode = 1;
  }
}
