import type { Express } from 'express';
import { apiRoutes } from '@noek/contracts';
import { contractRoute, signedInUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { searchConversations } from './search-conversations';
import { showMessage } from './show-message';

/** Search (contracts apiRoutes.conversations.search); registered before `/api/conversations/:id`. */
export function registerSearchRoutes(app: Express, ctx: ChatContext): void {
  contractRoute(app, apiRoutes.conversations.search, ({ query }, req) =>
    searchConversations(ctx, signedInUser(req), query),
  );
  contractRoute(app, apiRoutes.conversations.showMessage, ({ params }, req) =>
    showMessage(ctx, { user: signedInUser(req), conversationId: params.id, messageId: params.messageId }),
  );
}
