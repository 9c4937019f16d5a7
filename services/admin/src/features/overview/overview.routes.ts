import type { Express } from 'express';
import { apiRoutes, overviewToCsv } from '@noek/contracts';
import { ANSWERED, contractRoute } from '@noek/service-kit';
import type { AdminContext } from '../../context';
import { getOverview } from './get-overview';

/** The overview, its CSV and the feedback per model. Admin-only (service.ts). */
export function registerOverviewRoutes(app: Express, ctx: AdminContext): void {
  const r = apiRoutes.admin;
  contractRoute(app, r.overview, ({ query }) => getOverview(ctx, query));
  contractRoute(app, r.feedback, () => ctx.overview.feedbackPerModel());
  contractRoute(app, r.overviewCsv, async ({ query }, _req, res) => {
    const overview = await getOverview(ctx, query);
    res
      .type('text/csv')
      .attachment(`noek-overview-${overview.from}-${overview.to}.csv`)
      .send(overviewToCsv(overview));
    return ANSWERED;
  });
}
