import type { Express } from 'express';
import { apiRoutes } from '@noek/contracts';
import { contractRoute } from '@noek/service-kit';
import type { AdminContext } from '../../context';
import { actorOf, requestIdOf } from '../access/admin-only.middleware';
import { updateSharing } from './update-sharing';

/** Console settings: public share links on or off. Admin-only (service.ts). */
export function registerSettingsRoutes(app: Express, ctx: AdminContext): void {
  const r = apiRoutes.admin;
  contractRoute(app, r.sharing, async () => ({ sharing: await ctx.sharing.get() }));
  contractRoute(app, r.updateSharing, async ({ body }, req) => ({
    sharing: await updateSharing(ctx, actorOf(req), body.enabled, requestIdOf(req)),
  }));
}
