// Process entry of the auth service (separate-process mode): config -> keys -> database -> service
// -> listen -> signals. The single-process mode builds the same service through src/index.ts.
import { createLifecycle, createLogger, startHttpServer } from '@noek/service-kit';
import { loadAuthConfig } from './config';
import { openAuthDatabase, AUTH_SCHEMA } from './database';
import { resolveSigningKeys } from './keys';
import { createAuthService } from './service';

const config = loadAuthConfig();
const logger = createLogger({ name: 'auth', level: config.LOG_LEVEL });
const lifecycle = createLifecycle({ logger, graceMs: config.SHUTDOWN_GRACE_MS });
lifecycle.installSignalHandlers();

const keys = resolveSigningKeys(config);
const db = await openAuthDatabase(
  { kind: 'postgres', url: config.DATABASE_URL, schema: AUTH_SCHEMA },
  { info: (m) => logger.info(m) },
);
lifecycle.onShutdown(() => db.$disconnect(), 'database');

const service = createAuthService({ config, db, keys, logger });
await service.start();
lifecycle.onShutdown(() => service.stop(), 'auth service');

const http = await startHttpServer(service.app, { port: config.PORT, host: config.HOST, logger });
lifecycle.onShutdown(() => http.close(config.SHUTDOWN_GRACE_MS), 'http');
if (service.devMailboxPath) logger.info({ url: `${config.APP_ORIGIN}${service.devMailboxPath}` }, 'dev mailbox');
