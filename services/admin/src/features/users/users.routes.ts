import type { Express } from 'express';
import { apiRoutes } from '@noek/contracts';
import { registerPlannedRoutes } from '@noek/service-kit';
import type { AdminContext } from '../../context';

/** The routes contracts' apiRoutes.admin names, answered 501 until the capability ships. */
export function registerUsersRoutes(app: Express, ctx: AdminContext): void {
  registerPlannedRoutes(app, Object.values(apiRoutes.admin), ctx.notAvailableMessage);
}
