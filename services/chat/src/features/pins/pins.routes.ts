import type { Express } from 'express';
import { apiRoutes } from '@noek/contracts';
import { contractRoute, signedInUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { pinConversation } from './pin-conversation';
import { pinnedConversations } from './pinned-conversations';
import { reorderPins } from './reorder-pins';
import { unpinConversation } from './unpin-conversation';

/** Pins (contracts apiRoutes.conversations.pins…); registered before `/api/conversations/:id`. */
export function registerPinRoutes(app: Express, ctx: ChatContext): void {
  const r = apiRoutes.conversations;
  contractRoute(app, r.pins, (_input, req) => pinnedConversations(ctx, signedInUser(req)));
  contractRoute(app, r.reorderPins, ({ body }, req) =>
    reorderPins(ctx, signedInUser(req), body.conversationIds),
  );
  contractRoute(app, r.pin, ({ params }, req) => pinConversation(ctx, signedInUser(req), params.id));
  contractRoute(app, r.unpin, ({ params }, req) => unpinConversation(ctx, signedInUser(req), params.id));
}
