import type { Express } from 'express';
import { apiRoutes } from '@noek/contracts';
import { contractRoute, signedInUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { createShare } from './create-share';
import { listShares } from './list-shares';
import { revokeShare } from './revoke-share';
import { viewShared } from './view-shared';

/** The owner's share routes (before `/api/conversations/:id`) and the public snapshot. */
export function registerShareRoutes(app: Express, ctx: ChatContext): void {
  const r = apiRoutes.conversations;
  contractRoute(app, r.shares, (_input, req) => listShares(ctx, signedInUser(req)));
  contractRoute(app, r.revokeShare, ({ params }, req) => revokeShare(ctx, signedInUser(req), params.shareId));
  contractRoute(app, r.createShare, ({ params, body }, req) =>
    createShare(ctx, signedInUser(req), params.id, body),
  );
  contractRoute(app, apiRoutes.shared.view, async ({ params }, _req, res) => {
    const shared = await viewShared(ctx, params.shareId);
    // A snapshot someone chose to share is still not for search engines or shared caches.
    res.set({ 'x-robots-tag': 'noindex, nofollow', 'cache-control': 'private, no-store' });
    return shared;
  });
}
