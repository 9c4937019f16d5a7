import type { Express, RequestHandler } from 'express';
import { internalRoutes } from '@noek/contracts';
import { contractRoute, signedInUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { assertUsageAdmin } from './assert-usage-admin';
import { listTokenUsage } from '../tokens/list-token-usage';
import { listUsage } from './list-usage';
import { resetUsage } from './reset-usage';
import { updateUsage } from './update-usage';
import { requireAdminService } from './service-token.middleware';

/**
 * The guard of chat's internal admin APIs (usage, stored providers): the admin service's token when
 * `servicePublicKey` is given, then an admin's own session as chat knows the user.
 */
export function internalAdminGuard(
  ctx: ChatContext,
  authenticate: RequestHandler,
  servicePublicKey?: string,
): RequestHandler[] {
  const adminOnly: RequestHandler = (req, _res, next) => {
    assertUsageAdmin(ctx, signedInUser(req)).then(() => next(), next);
  };
  return [...(servicePublicKey ? [requireAdminService(servicePublicKey)] : []), authenticate, adminOnly];
}

/**
 * The admin service's usage API (contracts `internalRoutes.chatUsage`): admins only, never
 * routed by the gateway (internal routes are authenticated: the acting admin's access token).
 */
export function registerUsageRoutes(
  app: Express,
  ctx: ChatContext,
  /** internalAdminGuard: the admin service's token (when configured) and an admin's session. */
  guard: RequestHandler[],
): void {
  const r = internalRoutes.chatUsage;
  app.use(r.list.path, ...guard);

  contractRoute(app, r.list, ({ query }) => listUsage(ctx, query.userIds));
  // The admins' overview: feedback on replies counted per model.
  contractRoute(app, r.feedback, () => ctx.feedback.countsPerModel());
  contractRoute(app, r.update, ({ params, body }) => updateUsage(ctx, params.userId, body.messageCount));
  contractRoute(app, r.reset, ({ params }) => resetUsage(ctx, params.userId));
  // Any user's tokens per model and day (the user's own view is tokens.routes.ts).
  contractRoute(app, r.tokens, ({ params, query }) => listTokenUsage(ctx, params.userId, query.days));
}
