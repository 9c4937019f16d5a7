import type { Logger } from '@noek/service-kit';
import type { UnitOfWork } from '@noek/service-kit';
import type { AuthClient } from './clients/auth-client';
import type { ChatClient } from './clients/chat-client';
import type { AuditRepository } from './features/audit/audit.repository';
import type { DirectoryRepository } from './features/directory/directory.repository';
import type { OverviewRepository } from './features/overview/overview.repository';
import type { PlansRepository } from './features/plans/plans.repository';
import type { SharingRepository } from './features/settings/sharing.repository';

/** Repositories a unit of work binds to one transaction. */
export type AdminRepositories = {
  directory: DirectoryRepository;
  audit: AuditRepository;
  plans: PlansRepository;
  sharing: SharingRepository;
  overview: OverviewRepository;
};

/** What the admin use cases receive. Types only; built by createAdminService. */
export type AdminContext = {
  directory: DirectoryRepository;
  audit: AuditRepository;
  plans: PlansRepository;
  sharing: SharingRepository;
  overview: OverviewRepository;
  transaction: UnitOfWork<AdminRepositories>;
  /** auth's internal user API and chat's internal usage API (service token on every call). */
  auth: AuthClient;
  chat: ChatClient;
  logger: Logger;
  now: () => Date;
  /** Total matching users per search, kept a few seconds (counting 100,000 rows is the list's main cost). */
  totals: Map<string, { total: number; at: number }>;
};
