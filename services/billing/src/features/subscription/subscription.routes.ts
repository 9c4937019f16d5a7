import type { Express } from 'express';
import { apiRoutes } from '@noek/contracts';
import { registerPlannedRoutes } from '@noek/service-kit';
import type { BillingContext } from '../../context';

/** The routes contracts' apiRoutes.subscription names, answered 501 until the capability ships. */
export function registerSubscriptionRoutes(app: Express, ctx: BillingContext): void {
  registerPlannedRoutes(app, Object.values(apiRoutes.subscription), ctx.notAvailableMessage);
}
