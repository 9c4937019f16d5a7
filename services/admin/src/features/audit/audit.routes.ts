import type { Express } from 'express';
import { route } from '@noek/service-kit';
import { apiRoutes, auditQuerySchema, userIdParamsSchema } from '@noek/contracts';
import type { AdminContext } from '../../context';

/** The audit reads (ours): a user's history and the recent activity list. Admin-only (service.ts). */
export function registerAuditRoutes(app: Express, ctx: AdminContext): void {
  const r = apiRoutes.admin;
  app.get(
    r.userAudit.path,
    route({ params: userIdParamsSchema, query: auditQuerySchema }, async ({ params, query }) => {
      return ctx.audit.forUser(params.id, query.limit);
    }),
  );
  app.get(
    r.recentAudit.path,
    route({ query: auditQuerySchema }, async ({ query }) => {
      return ctx.audit.recent(query.limit);
    }),
  );
}
