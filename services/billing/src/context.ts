import type { Logger, UnitOfWork } from '@noek/service-kit';
import type { Payments } from './features/payments/payments';
import type { CustomersRepository } from './features/subscriptions/customers.repository';
import type { KeyedLock } from './features/subscriptions/keyed-lock';
import type { SubscriptionsRepository } from './features/subscriptions/subscriptions.repository';
import type { WebhookEventsRepository } from './features/webhooks/webhook-events.repository';

/** The repositories a unit of work gets, bound to its transaction. */
export interface BillingRepositories {
  customers: CustomersRepository;
  subscriptions: SubscriptionsRepository;
  webhookEvents: WebhookEventsRepository;
}

/** What billing's use cases receive (built once in service.ts). Types only. */
export interface BillingContext extends BillingRepositories {
  /** Writes: `ctx.transaction(async ({ subscriptions, publish }) => ...)`, events through the outbox. */
  transaction: UnitOfWork<BillingRepositories>;
  /** The payment provider (Stripe or the simulator); null when none is configured. */
  payments: Payments | null;
  /** One subscribe at a time per user in this process (a double click, two tabs). */
  userLocks: KeyedLock;
  now(): Date;
  logger: Logger;
}
