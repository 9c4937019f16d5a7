import type { Express } from 'express';
import {
  apiRoutes,
  conversationIdParamsSchema,
  createConversationRequestSchema,
  pageQuerySchema,
  updateConversationRequestSchema,
} from '@noek/contracts';
import { route, signedInUser } from '@noek/service-kit';
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
  for (const [path, archived] of [
    [r.list.path, false],
    [r.archived.path, true],
  ] as const) {
    app.get(
      path,
      route({ query: pageQuerySchema }, ({ query }, req) =>
        listConversations(ctx, signedInUser(req), { archived, page: query }),
      ),
    );
  }
  app.post(
    r.create.path,
    route({ body: createConversationRequestSchema }, async ({ body }, req, res) => {
      res.status(201).json(await createConversation(ctx, signedInUser(req), body));
    }),
  );
  app.post(
    r.archiveAll.path,
    route({}, (_input, req) => archiveAllConversations(ctx, signedInUser(req))),
  );
  app.get(
    r.conversation.path,
    route({ params: conversationIdParamsSchema }, ({ params }, req) =>
      getConversation(ctx, signedInUser(req), params.id),
    ),
  );
  app.patch(
    r.update.path,
    route(
      { params: conversationIdParamsSchema, body: updateConversationRequestSchema },
      ({ params, body }, req) => updateConversation(ctx, signedInUser(req), params.id, { title: body.title }),
    ),
  );
  app.delete(
    r.remove.path,
    route({ params: conversationIdParamsSchema }, async ({ params }, req, res) => {
      await deleteConversation(ctx, signedInUser(req), params.id);
      res.status(204).end();
    }),
  );
  for (const [path, archived] of [
    [r.archive.path, true],
    [r.unarchive.path, false],
  ] as const) {
    app.post(
      path,
      route({ params: conversationIdParamsSchema }, ({ params }, req) =>
        updateConversation(ctx, signedInUser(req), params.id, { archived }),
      ),
    );
  }
}
