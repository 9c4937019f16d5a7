import type { Express } from 'express';
import { apiRoutes } from '@noek/contracts';
import { contractRoute } from '@noek/service-kit';
import type { AdminContext } from '../../context';
import { actorOf, requestIdOf } from '../access/admin-only.middleware';
import { updatePlan } from './update-plan';

/** Plan settings: read every level, replace one. Admin-only (service.ts). */
export function registerPlanRoutes(app: Express, ctx: AdminContext): void {
  const r = apiRoutes.admin;
  contractRoute(app, r.plans, async () => ({ plans: await ctx.plans.list() }));
  contractRoute(app, r.updatePlan, async ({ params, body }, req) => ({
    plan: await updatePlan(ctx, actorOf(req), params.level, body, requestIdOf(req)),
  }));
}
