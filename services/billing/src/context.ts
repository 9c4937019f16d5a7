import type { Logger } from '@noek/service-kit';

/** What billing's use cases receive; built once by createBillingService (service.ts). Types only. */
export interface BillingContext {
  /** Shown by the routes the contracts name while the capability has not shipped (501). */
  notAvailableMessage: string;
  now: () => Date;
  logger: Logger;
}
