import type { Express, RequestHandler } from 'express';
import { internalRoutes } from '@noek/contracts';
import { contractRoute, signedInUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { createProvider, listProviders, removeProvider, updateProvider } from './stored-providers';

/**
 * The admin service's provider API (contracts `internalRoutes.chatProviders`), never routed by the
 * gateway; `adminOnly` is the usage API's guard (the admin service's token and an admin's session).
 */
export function registerStoredProviderRoutes(
  app: Express,
  ctx: ChatContext,
  adminOnly: RequestHandler[],
): void {
  const r = internalRoutes.chatProviders;
  app.use(r.list.path, ...adminOnly);
  contractRoute(app, r.list, () => listProviders(ctx));
  contractRoute(app, r.create, async ({ body }, req) => ({
    provider: await createProvider(ctx, body, signedInUser(req).id),
  }));
  contractRoute(app, r.update, async ({ params, body }, req) => ({
    provider: await updateProvider(ctx, params.providerId, body, signedInUser(req).id),
  }));
  contractRoute(app, r.remove, ({ params }, req) =>
    removeProvider(ctx, params.providerId, signedInUser(req).id),
  );
}
