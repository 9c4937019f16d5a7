import type { Logger } from '@noek/service-kit';

/** What admin's use cases receive; built once by createAdminService (service.ts). Types only. */
export interface AdminContext {
  /** Shown by the routes the contracts name while the capability has not shipped (501). */
  notAvailableMessage: string;
  now: () => Date;
  logger: Logger;
}
