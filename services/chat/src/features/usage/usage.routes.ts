import type { Express, RequestHandler } from 'express';
import {
  adminUpdateUsageRequestSchema,
  chatUsageRoutes,
  usageListQuerySchema,
  usageUserParamsSchema,
} from '@noek/contracts';
import { route, signedInUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { assertUsageAdmin } from './assert-usage-admin';
import { listUsage } from './list-usage';
import { resetUsage } from './reset-usage';
import { updateUsage } from './update-usage';
import { requireAdminService } from './service-token.middleware';

/**
 * The admin service's usage API (contracts chat/usage.schema.ts `chatUsageRoutes`): admins only, never
 * routed by the gateway (internal routes are authenticated: the acting admin's access token).
 */
export function registerUsageRoutes(
  app: Express,
  ctx: ChatContext,
  authenticate: RequestHandler,
  /** auth's public key: when given, the admin service's token is required too (service-token.ts). */
  servicePublicKey?: string,
): void {
  const adminOnly: RequestHandler = (req, _res, next) => {
    assertUsageAdmin(ctx, signedInUser(req)).then(() => next(), next);
  };
  if (servicePublicKey) app.use(chatUsageRoutes.list.path, requireAdminService(servicePublicKey));
  app.use(chatUsageRoutes.list.path, authenticate, adminOnly);

  app.get(
    chatUsageRoutes.list.path,
    route({ query: usageListQuerySchema }, ({ query }) => listUsage(ctx, query.userIds)),
  );
  app.patch(
    chatUsageRoutes.update.path,
    route({ params: usageUserParamsSchema, body: adminUpdateUsageRequestSchema }, ({ params, body }) =>
      updateUsage(ctx, params.userId, body.messageCount),
    ),
  );
  app.post(
    chatUsageRoutes.reset.path,
    route({ params: usageUserParamsSchema }, ({ params }) => resetUsage(ctx, params.userId)),
  );
}
