import type { Express } from 'express';
import { apiRoutes } from '@noek/contracts';
import { contractRoute, signedInUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { archiveAllConversations } from './archive-all-conversations';
import { createConversation } from './create-conversation';
import { deleteConversation } from './delete-conversation';
import { getConversation } from './get-conversation';
import { listConversations } from './list-conversations';
import { updateConversation } from './update-conversation';

/** Conversations (contracts apiRoutes.conversations): parse, call the use case, answer. */
export function registerConversationRoutes(app: Express, ctx: ChatContext): void {
  const r = apiRoutes.conversations;
  for (const [entry, archived] of [
    [r.list, false],
    [r.archived, true],
  ] as const) {
    contractRoute(app, entry, ({ query }, req) =>
      listConversations(ctx, signedInUser(req), { archived, page: query }),
    );
  }
  contractRoute(app, r.create, ({ body }, req) => createConversation(ctx, signedInUser(req), body));
  contractRoute(app, r.archiveAll, (_input, req) => archiveAllConversations(ctx, signedInUser(req)));
  contractRoute(app, r.conversation, ({ params }, req) => getConversation(ctx, signedInUser(req), params.id));
  contractRoute(app, r.update, ({ params, body }, req) =>
    updateConversation(ctx, signedInUser(req), params.id, { title: body.title }),
  );
  contractRoute(app, r.remove, ({ params }, req) => deleteConversation(ctx, signedInUser(req), params.id));
  for (const [entry, archived] of [
    [r.archive, true],
    [r.unarchive, false],
  ] as const) {
    contractRoute(app, entry, ({ params }, req) =>
      updateConversation(ctx, signedInUser(req), params.id, { archived }),
    );
  }
}
