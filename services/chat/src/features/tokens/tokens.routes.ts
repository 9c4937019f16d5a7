import type { Express } from 'express';
import { apiRoutes } from '@noek/contracts';
import { contractRoute, signedInUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { sessionUser } from '../users/session-user';
import { listTokenUsage } from './list-token-usage';

/**
 * The user's own tokens per model and day (contracts apiRoutes.conversations.tokens); before
 * /api/conversations/:id. The admins' view of any user is with the usage API (usage.routes.ts).
 */
export function registerTokenRoutes(app: Express, ctx: ChatContext): void {
  contractRoute(app, apiRoutes.conversations.tokens, async ({ query }, req) => {
    const user = await sessionUser(ctx, signedInUser(req));
    return listTokenUsage(ctx, user.id, query.days);
  });
}
