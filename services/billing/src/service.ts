import type { RequestHandler } from 'express';
import { apiRoutes } from '@noek/contracts';
import {
  assembleService,
  createServiceApp,
  createUnitOfWork,
  standardReadiness,
  type ServiceWiring,
  registerOutboxMetrics,
} from '@noek/service-kit';
import type { BillingConfig } from './config';
import type { BillingContext, BillingRepositories } from './context';
import type { BillingDb, BillingTx } from './database';
import type { Payments } from './features/payments/payments';
import { createCustomersRepository } from './features/subscriptions/customers.repository';
import { KeyedLock } from './features/subscriptions/keyed-lock';
import { reconcileExpired } from './features/subscriptions/reconcile-expired';
import { createSubscriptionsRepository } from './features/subscriptions/subscriptions.repository';
import { registerSubscriptionRoutes } from './features/subscriptions/subscriptions.routes';
import { registerTestCardRoutes } from './features/test-card/test-card.routes';
import { createWebhookEventsRepository } from './features/webhooks/webhook-events.repository';
import { registerWebhookRoutes } from './features/webhooks/webhooks.routes';

export interface BillingServiceDeps extends ServiceWiring {
  config: Pick<BillingConfig, 'RECONCILE_INTERVAL_MS'>;
  db: BillingDb;
  /** Sets req.user from the access token or answers 401 (service-kit's requireUser). */
  authenticate: RequestHandler;
  payments: Payments | null;
  /** The clock (tests move it). */
  now?: () => Date;
}

const makeRepositories = (db: BillingTx): BillingRepositories => ({
  customers: createCustomersRepository(db),
  subscriptions: createSubscriptionsRepository(db),
  webhookEvents: createWebhookEventsRepository(db),
});

/** THE place billing is wired: repositories, context, routes, reconciliation timer (the kit runs the rest). */
export function createBillingService(deps: BillingServiceDeps) {
  return assembleService('billing', deps, ({ afterPublish }) => {
    const { db, bus, logger } = deps;
    const ctx: BillingContext = {
      ...makeRepositories(db),
      transaction: createUnitOfWork(db, makeRepositories, { afterPublish }),
      payments: deps.payments,
      userLocks: new KeyedLock(),
      now: deps.now ?? (() => new Date()),
      logger,
    };
    const webhookPath = apiRoutes.subscription.webhook.path;
    const app = createServiceApp({
      name: 'billing',
      logger,
      readiness: standardReadiness(db, bus),
      rawBodyPaths: [webhookPath],
      bodyLimit: '256kb',
      routes: (a) => {
        registerWebhookRoutes(a, ctx);
        a.use(['/api/subscription', '/api/payment'], (req, res, next) =>
          req.path === webhookPath ? next() : deps.authenticate(req, res, next),
        );
        registerSubscriptionRoutes(a, ctx);
        registerTestCardRoutes(a, ctx);
      },
    });
    // Outbox lag for the operator's dashboards (deploy/monitoring).
    registerOutboxMetrics(app.locals.metricsRegistry as Parameters<typeof registerOutboxMetrics>[0], db);

    let timer: NodeJS.Timeout | undefined;
    let reconciling: Promise<unknown> = Promise.resolve();
    return {
      app,
      ctx,
      start() {
        if (ctx.payments?.mode === 'stripe' && !ctx.payments.publishableKey) {
          logger.warn('STRIPE_PUBLISHABLE_KEY is not set: the browser cannot show the payment form');
        }
        if (deps.config.RECONCILE_INTERVAL_MS > 0 && ctx.payments) {
          timer = setInterval(() => {
            reconciling = reconcileExpired(ctx).catch((err: unknown) =>
              logger.warn({ err }, 'reconciliation failed'),
            );
          }, deps.config.RECONCILE_INTERVAL_MS);
          timer.unref();
        }
        logger.info(
          { payments: ctx.payments?.mode ?? 'none' },
          ctx.payments?.mode === 'simulated'
            ? 'payments are simulated (local payment simulator, no real money)'
            : ctx.payments
              ? 'payments: Stripe'
              : 'payments not configured',
        );
      },
      async stop() {
        clearInterval(timer);
        await reconciling;
      },
    };
  });
}
export type BillingService = ReturnType<typeof createBillingService>;
