import {
  assembleService,
  backoffDelay,
  createServiceApp,
  createUnitOfWork,
  registerConsumerLag,
  registerOutboxMetrics,
  standardReadiness,
  type ServiceWiring,
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
import { subscribeOverview } from './features/overview/overview.consumer';
import { createOverviewRepository } from './features/overview/overview.repository';
import { registerOverviewRoutes } from './features/overview/overview.routes';
import { createPlansRepository } from './features/plans/plans.repository';
import { registerPlanRoutes } from './features/plans/plans.routes';
import { registerProviderRoutes } from './features/providers/providers.routes';
import { createSharingRepository } from './features/settings/sharing.repository';
import { registerSettingsRoutes } from './features/settings/settings.routes';

export type AdminServiceDeps = ServiceWiring & {
  config: Pick<AdminConfig, 'AUTH_URL' | 'CHAT_URL' | 'DOWNSTREAM_TIMEOUT_MS' | 'ACTION_BUDGET_MS'>;
  db: AdminDb;
  /** requireUser({ publicKey }) from service-kit. */
  authenticate: RequestHandler;
  /** Signs service tokens for auth and chat. */
  privateKey: string;
  /** Durable consumer name (unique per test run). */
  durable?: string;
  now?: () => Date;
};

/** How long a failed copy of auth's users waits before the next attempt. */
const DIRECTORY_SYNC_RETRY = { baseMs: 1_000, maxMs: 30_000 };

/** THE one place that wires the admin service: repositories, clients, context, routes, consumer. */
export function createAdminService(deps: AdminServiceDeps) {
  return assembleService('admin', deps, ({ afterPublish }) => {
    const { db, bus, logger, config } = deps;
    const makeRepositories = (tx: AdminTx | AdminDb): AdminRepositories => ({
      directory: createDirectoryRepository(tx),
      audit: createAuditRepository(tx),
      plans: createPlansRepository(tx),
      sharing: createSharingRepository(tx),
      overview: createOverviewRepository(tx),
    });
    const tokens = createServiceTokens(deps.privateKey);
    const timeoutMs = config.DOWNSTREAM_TIMEOUT_MS;
    const budgetMs = config.ACTION_BUDGET_MS;
    const ctx: AdminContext = {
      ...makeRepositories(db),
      transaction: createUnitOfWork(db, makeRepositories, { afterPublish }),
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
        registerOverviewRoutes(a, ctx);
        registerPlanRoutes(a, ctx);
        registerProviderRoutes(a, ctx);
        registerSettingsRoutes(a, ctx);
      },
    });

    // The operator's dashboards (deploy/monitoring): outbox lag and the overview's consumer lag.
    const metricsRegistry = app.locals.metricsRegistry as Parameters<typeof registerConsumerLag>[0];
    registerOutboxMetrics(metricsRegistry, db);
    const consumerLag = registerConsumerLag(metricsRegistry);

    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    /** Copies auth's users in the background, retrying while auth is not up yet. */
    const syncInBackground = (attempt = 0): void => {
      if (stopped) return;
      syncDirectory(ctx).then(
        (n) => logger.info({ users: n }, 'admin directory synced from auth'),
        (err: unknown) => {
          logger.warn({ err, attempt }, 'admin directory sync failed; retrying');
          retry = setTimeout(
            () => syncInBackground(attempt + 1),
            backoffDelay(attempt + 1, DIRECTORY_SYNC_RETRY),
          );
          retry.unref();
        },
      );
    };
    return {
      app,
      ctx,
      consumers: [
        { name: 'directory', subscribe: () => subscribeDirectory(bus, db, deps.durable) },
        {
          name: 'overview',
          subscribe: () =>
            subscribeOverview(bus, db, deps.durable ? `${deps.durable}-overview` : undefined, consumerLag),
        },
      ],
      start: () => syncInBackground(),
      stop() {
        stopped = true;
        clearTimeout(retry);
      },
    };
  });
}
export type AdminService = ReturnType<typeof createAdminService>;
