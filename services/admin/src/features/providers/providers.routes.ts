import type { Express } from 'express';
import { apiRoutes } from '@noek/contracts';
import { contractRoute } from '@noek/service-kit';
import type { AdminContext } from '../../context';
import { actorOf, requestIdOf } from '../access/admin-only.middleware';
import { createProvider, deleteProvider, updateProvider } from './provider-changes';

/**
 * Model providers: stored by chat, which owns the catalog that uses them (keys encrypted there); this
 * service is the admins' public API and forwards each call to chat's /internal/providers with the admin's
 * own token, as it does for usage. Each change is audited (provider-changes.ts). Admin-only (service.ts).
 */
export function registerProviderRoutes(app: Express, ctx: AdminContext): void {
  const r = apiRoutes.admin;
  contractRoute(app, r.providers, (_input, req) => ctx.chat.providers.list(actorOf(req)));
  contractRoute(app, r.createProvider, ({ body }, req) =>
    createProvider(ctx, actorOf(req), body, requestIdOf(req)),
  );
  contractRoute(app, r.updateProvider, ({ params, body }, req) =>
    updateProvider(ctx, actorOf(req), params.providerId, body, requestIdOf(req)),
  );
  contractRoute(app, r.deleteProvider, ({ params }, req) =>
    deleteProvider(ctx, actorOf(req), params.providerId, requestIdOf(req)),
  );
}
