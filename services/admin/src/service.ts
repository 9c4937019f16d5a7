import {
  createOutboxRelay,
  createServiceApp,
  createUnitOfWork,
  standardReadiness,
  type EventBus,
  type Logger,
  type Subscription,
  type OutboxWakeups,
} from '@noek/service-kit';
import type { RequestHandler } from 'express';
import type { AdminConfig } from './config';
import type { AdminContext, AdminRepositories } from './context';
import type { AdminDb } from './database';
import type { AdminTx } from './database';
import { createAuthClient } from './clients/auth-client';
import { createChatClient } from './clients/chat-client';
import { createServiceTokens } from './clients/service-token';
import { adminOnly } from './features/access/admin-only.middleware';
import { registerAuditRoutes } from './features/audit/audit.routes';
import { registerUserRoutes } from './features/users/users.routes';
import { createAuditRepository } from './features/audit/audit.repository';
import { subscribeDirectory } from './features/directory/directory.consumer';
import { createDirectoryRepository } from './features/directory/directory.repository';
import { syncDirectory } from './features/directory/sync-directory';

export type AdminServiceDeps = {
  /** Commits that wrote outbox rows wake the relay (definition.ts: @noek/db's outboxWakeups). */
  outboxWakeups?: OutboxWakeups;
  config: Pick<
    AdminConfig,
    'AUTH_URL' | 'CHAT_URL' | 'DOWNSTREAM_TIMEOUT_MS' | 'ACTION_BUDGET_MS' | 'GRANT_SWEEP_INTERVAL_MS'
  >;
  db: AdminDb;
  bus: EventBus;
  logger: Logger;
  /** requireUser({ publicKey }) from service-kit. */
  authenticate: RequestHandler;
  /** Signs service tokens for auth and chat. */
  privateKey: string;
  /** Durable consumer name (unique per test run). */
  durable?: string;
  now?: () => Date;
};

/** THE one place that wires the admin service: repositories, clients, context, routes, consumer, relay. */
export function createAdminService(deps: AdminServiceDeps) {
  const { db, bus, logger, config } = deps;
  const relay = createOutboxRelay({ db, bus, logger, wakeups: deps.outboxWakeups });
  const makeRepositories = (tx: AdminTx | AdminDb): AdminRepositories => ({
    directory: createDirectoryRepository(tx),
    audit: createAuditRepository(tx),
  });
  const tokens = createServiceTokens(deps.privateKey);
  const timeoutMs = config.DOWNSTREAM_TIMEOUT_MS;
  const budgetMs = config.ACTION_BUDGET_MS;
  const ctx: AdminContext = {
    ...makeRepositories(db),
    transaction: createUnitOfWork(db, makeRepositories, {
      afterPublish: () =>
        void relay.flush().catch((err: unknown) => logger.warn({ err }, 'outbox flush failed')),
    }),
    auth: createAuthClient({ baseUrl: config.AUTH_URL, tokens, timeoutMs, budgetMs }),
    chat: createChatClient({ baseUrl: config.CHAT_URL, tokens, timeoutMs, budgetMs }),
    logger,
    now: deps.now ?? (() => new Date()),
    totals: new Map(),
  };
  const app = createServiceApp({
    name: 'admin',
    logger,
    // NATS down only degrades admin: its directory copy goes stale, audit events wait in the outbox.
    readiness: standardReadiness(db, bus),
    routes: (a) => {
      // Admin-only, decided by this service: 401 signed out, 403 for anyone not an admin now.
      a.use('/api/admin', deps.authenticate, adminOnly(ctx));
      registerUserRoutes(a, ctx);
      registerAuditRoutes(a, ctx);
    },
  });

  let subscription: Promise<Subscription | undefined> = Promise.resolve(undefined);
  let sweep: NodeJS.Timeout | undefined;
  let stopped = false;
  /** Copies auth's users in the background, retrying while auth is not up yet. */
  const syncInBackground = (attempt = 0): void => {
    if (stopped) return;
    syncDirectory(ctx).then(
      (n) => logger.info({ users: n }, 'admin directory synced from auth'),
      (err: unknown) => {
        logger.warn({ err, attempt }, 'admin directory sync failed; retrying');
        setTimeout(() => syncInBackground(attempt + 1), Math.min(30_000, 1_000 * 2 ** attempt)).unref();
      },
    );
  };
  return {
    app,
    ctx,
    async start() {
      relay.start();
      subscription = subscribeDirectory(bus, db, deps.durable).catch((err: unknown) => {
        logger.error({ err }, 'subscribing to the directory events failed');
        return undefined;
      });
      syncInBackground();
      // auth ends grants at expiry; asking it on a timer makes sure it happens even with no request.
      sweep = setInterval(() => {
        ctx.auth.expireGrants().catch((err: unknown) => logger.debug({ err }, 'grant sweep request failed'));
      }, config.GRANT_SWEEP_INTERVAL_MS);
      sweep.unref();
    },
    async stop() {
      stopped = true;
      if (sweep) clearInterval(sweep);
      const sub = await Promise.race([
        subscription,
        new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 2_000).unref()),
      ]);
      await sub?.stop();
      await relay.stop();
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
