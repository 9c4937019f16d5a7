import type { Express } from 'express';
import { apiRoutes } from '@noek/contracts';
import { contractRoute } from '@noek/service-kit';
import type { AdminContext } from '../../context';

/** The audit reads (ours): a user's history and the recent activity list. Admin-only (service.ts). */
export function registerAuditRoutes(app: Express, ctx: AdminContext): void {
  const r = apiRoutes.admin;
  contractRoute(app, r.userAudit, ({ params, query }) => ctx.audit.forUser(params.id, query.limit));
  contractRoute(app, r.recentAudit, ({ query }) => ctx.audit.recent(query.limit));
}
