import { outboxWakeups } from '@noek/db';
import { createOutboxRelay, OUTBOX_CHANNEL, type Subscription } from '@noek/service-kit';
import { defineService } from '@noek/runtime';
import { loadAuthConfig, runModeProblems } from './config';
import { AUTH_SCHEMA, openAuthDatabase } from './database';
import { resolveSigningKeys } from './crypto/keys';
import { createAuthService } from './service';
import { subscribeSubscriptionChanges } from './features/billing-level/subscription-changed.consumer';

/**
 * The auth service for both run modes: its main.ts runs it alone (real PostgreSQL and NATS), and
 * `npm start` runs it in one process with the others (embedded PostgreSQL, in-process bus).
 */
export const authService = defineService({
  name: 'auth',
  defaultPort: 4001,
  async create({ env, database, bus, logger }) {
    const config = loadAuthConfig(env);
    const target = database(AUTH_SCHEMA);
    // The embedded database is the single-process mode (npm start); real PostgreSQL means apart.
    const mode = target.kind === 'pglite' ? 'single-process' : 'separate-processes';
    const problems = runModeProblems(config, mode);
    if (problems.length > 0) throw new Error(`auth refuses to start:\n  - ${problems.join('\n  - ')}`);
    const keys = resolveSigningKeys(config);
    const db = await openAuthDatabase(target);
    const relay = createOutboxRelay({ db, bus, logger, wakeups: outboxWakeups(target, OUTBOX_CHANNEL) });
    const service = createAuthService({
      config,
      db,
      keys,
      logger,
      serveDevMailbox: config.DEV_MAILBOX && mode === 'single-process',
      busHealthy: () => bus.isHealthy(),
    });
    if (service.devMailboxPath) {
      logger.info(
        { url: `${config.APP_ORIGIN}${service.devMailboxPath}` },
        'dev mailbox (no SMTP_URL): readable from this machine only (loopback)',
      );
    }
    let subscription: Promise<Subscription | undefined> = Promise.resolve(undefined);
    return {
      app: service.app,
      start: async () => {
        await service.start();
        relay.start();
        // Billing's subscription changes move the user's access level (events in). Not awaited:
        // sign-in works while NATS is down (events wait in the outbox); the consumer starts when it is back.
        subscription = subscribeSubscriptionChanges(bus, db, service.ctx.events).catch((err: unknown) => {
          logger.error({ err }, 'subscribing to billing.subscription.changed.v1 failed');
          return undefined;
        });
      },
      stop: async () => {
        // Still waiting for NATS at shutdown: do not wait for it.
        const gaveUp = new Promise<undefined>((resolve) => {
          const timer = setTimeout(() => resolve(undefined), 2_000);
          void subscription.finally(() => clearTimeout(timer));
        });
        const sub = await Promise.race([subscription, gaveUp]);
        await sub?.stop();
        await relay.stop();
        await service.stop();
        await db.$disconnect();
      },
    };
  },
});
